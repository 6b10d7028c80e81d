import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type RecordTransaction,
  type WalletTransaction,
  walletTransactionSchema,
} from '@tidewatch/shared/recovery';
import { api } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';

/**
 * POST /api/recovery/transactions: reports a mined transaction of a step. The server reads the receipt
 * itself, stores its gas and snapshots the position it changed.
 */
export function recordTransaction(input: RecordTransaction): Promise<WalletTransaction> {
  return api.post('/recovery/transactions', input, { schema: walletTransactionSchema });
}

/** How a record is tried again (react-query's `retry` and `retryDelay`); none by default. */
export type RecordRetry = Pick<
  UseMutationOptions<WalletTransaction, Error, RecordTransaction>,
  'retry' | 'retryDelay'
>;

/** Records a mined step; what it changed (plans, ended farms, positions) is read again. */
export function useRecordTransaction(retry: RecordRetry = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retry,
    mutationFn: recordTransaction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.recovery }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.leftInEndedFarms }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.farms }),
      ]),
  });
}
