import { z } from 'zod';
import { hexAddressSchema } from './address.ts';

// Realtime channel (socket.io, path /socket.io, handshake `auth: {token: <bearer token>}`).

export const socketEvents = {
  updateToken: 'update token',
  gotStatus: 'got status',
  snapshotCreated: 'snapshot created',
  v3SnapshotCreated: 'v3 snapshot created',
} as const;

/** Server -> client 'snapshot created': an automatic snapshot of a pair the user tracks was stored. */
export const snapshotCreatedSchema = z.object({
  farm_address: hexAddressSchema,
  account_address: hexAddressSchema,
  created_on: z.string(),
});
export type SnapshotCreated = z.infer<typeof snapshotCreatedSchema>;

/**
 * Server -> client 'v3 snapshot created': automatic snapshots of QuickSwap V3 positions the user tracks were
 * stored (issue 34), once per stored batch and user, after the batch's alerts are written; `token_ids` are the
 * position NFTs of that batch the user tracks (decimal integers).
 */
export const v3SnapshotCreatedSchema = z.object({
  token_ids: z.array(z.string().regex(/^\d+$/)).min(1),
  created_on: z.string(),
});
export type V3SnapshotCreated = z.infer<typeof v3SnapshotCreatedSchema>;

/** Client -> server 'update token': names a token of one of the user's open imports. */
export const updateTokenSchema = z.strictObject({
  address: hexAddressSchema,
  name: z.string().trim().min(1, 'a name is required').max(100, 'at most 100 characters'),
  symbol: z
    .string()
    .trim()
    .min(1, 'a symbol is required')
    .max(20, 'at most 20 characters')
    .regex(/^[\w.+\-$]+$/, 'letters, digits and . + - _ $ only'),
  /** Optional: which import; without it, every open import of the user that waits for this token. */
  import_id: z.number().int().positive().optional(),
});
export type UpdateToken = z.infer<typeof updateTokenSchema>;

/** Server -> client 'got status': the outcome of the last 'update token'. */
export const gotStatusSchema = z.object({ status: z.enum(['ok', 'error']), message: z.string() });
export type GotStatus = z.infer<typeof gotStatusSchema>;
