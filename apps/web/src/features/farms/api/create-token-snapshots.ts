import { useMutation } from '@tanstack/react-query';
import { tokenSnapshotsResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/** Stores a price snapshot for every token in use. */
export function createTokenSnapshots() {
  return api.post('/quickswap/token-snapshots', undefined, { schema: tokenSnapshotsResponseSchema });
}

export function useCreateTokenSnapshots() {
  return useMutation({ mutationFn: createTokenSnapshots });
}
