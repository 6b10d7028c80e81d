import type { WalletTransaction } from '@tidewatch/shared';
import { type RecoveryContext, requireUserWallet } from './context.ts';
import { toWalletTransaction } from './record-transaction.ts';
import { findSnapshotsSince, listWalletTransactions } from './repository.ts';

/** The transactions recorded for one of the user's wallets, newest first (what issue 35's books read). */
export async function listTransactions(
  ctx: RecoveryContext,
  userId: number,
  walletInput: string,
): Promise<{ transactions: WalletTransaction[] }> {
  const wallet = await requireUserWallet(ctx, userId, walletInput);
  const rows = await listWalletTransactions(ctx.db, userId, ctx.chainId, wallet.address);
  const snapshots = await findSnapshotsSince(ctx.db, rows);
  return { transactions: rows.map((row, i) => toWalletTransaction(row, snapshots[i]!)) };
}
