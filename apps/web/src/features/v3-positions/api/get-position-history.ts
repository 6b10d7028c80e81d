import type { V3PositionHistory } from '@tidewatch/shared/v3-positions';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { v3Keys } from './keys.ts';

const historyPath = (tokenId: string, walletAddress: string, file: 'history' | 'history.csv') =>
  `/quickswap/v3/positions/${encodeURIComponent(tokenId)}/${file}?wallet_address=${encodeURIComponent(walletAddress)}`;

/** GET …/positions/:token_id/history?wallet_address=: a tracked position's snapshots, events and returns. */
export function getPositionHistory(
  tokenId: string,
  walletAddress: string,
  signal?: AbortSignal,
): Promise<V3PositionHistory> {
  return api.get(historyPath(tokenId, walletAddress, 'history'), {
    schema: schemaFrom(loadV3Schemas, 'v3PositionHistorySchema'),
    signal,
  });
}

export const positionHistoryQueryOptions = (tokenId: string, walletAddress: string) =>
  apiQueryOptions({
    queryKey: v3Keys.history(tokenId, walletAddress),
    fetcher: getPositionHistory,
    args: [tokenId, walletAddress],
  });

/** GET …/history.csv: the snapshots as CSV (needs the bearer token, so the page fetches it). */
export function getPositionHistoryCsv(tokenId: string, walletAddress: string): Promise<string> {
  return api.get<string>(historyPath(tokenId, walletAddress, 'history.csv'));
}
