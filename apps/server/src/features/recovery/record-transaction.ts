import { AppError, type RecordTransaction, type WalletTransaction } from '@tidewatch/shared';
import {
  type Address,
  formatEther,
  formatTransaction,
  formatTransactionReceipt,
  getAddress,
  type Hex,
  type RpcTransaction,
  type RpcTransactionReceipt,
} from 'viem';
import { storeSendMovements } from '../../core/books/books-repository.ts';
import { knownFee, type ReadReceipt } from '../../core/books/fees.ts';
import { upsertTransactionFee } from '../../core/books/fees-repository.ts';
import { readSendMovements, type SendToDecode } from '../../core/books/recorded-send-movements.ts';
import type { ChainClient } from '../../core/chain/client.ts';
import type { FarmRow } from '../../core/db/tables/farms.ts';
import { findFarmByAddress } from '../../core/farms/repository.ts';
import { isTracking } from '../../core/farms/tracking-repository.ts';
import { scheduleBackfillNow } from '../../core/history/repository.ts';
import type { PriceSources } from '../../core/snapshots/index.ts';
import { type RecoveryContext, requireChain, requireUserWallet } from './context.ts';
import { readPolUsdAt } from './pol-usd.ts';
import {
  findSnapshotsSince,
  findWalletTransaction,
  insertWalletTransaction,
  type WalletTransactionRow,
} from './repository.ts';
import { badTransaction, verifyTarget } from './verify-target.ts';

/** How long a report waits for its transaction and receipt by default: a Polygon block is about 2 s. */
const defaultReceiptWaitMs = 15_000;
const receiptPollMs = 500;

/**
 * Records a transaction the browser sent for a recovery step: the server reads it and its receipt itself
 * (waiting briefly for one its node does not know or has not mined yet), checks it was sent from the
 * wallet (a proved one of the user, not watch-only) to a contract verified for that step, and stores its
 * gas (gasUsed × effectiveGasPrice, in POL and in USD at its block). A step on a farm the user tracks with that wallet snapshots the position
 * now and brings its history job forward. The same hash again answers the stored row.
 */
export async function recordTransaction(
  ctx: RecoveryContext,
  userId: number,
  input: RecordTransaction,
): Promise<WalletTransaction> {
  const { chain, prices } = requireChain(ctx);
  const wallet = await requireUserWallet(ctx, userId, input.wallet_address);
  if (wallet.isWatchOnly) {
    throw new AppError(
      'FORBIDDEN',
      `${wallet.address} is watch-only: prove it is yours with a signature before recording its transactions`,
    );
  }
  const hash = input.tx_hash.toLowerCase() as Hex;
  const stored = await findWalletTransaction(ctx.db, ctx.chainId, hash);
  if (stored) return presentStored(ctx, userId, wallet.address, stored);

  const { transaction, receipt } = await readMinedTransaction(
    chain,
    hash,
    ctx.receiptWaitMs ?? defaultReceiptWaitMs,
  );
  if (getAddress(transaction.from) !== wallet.address) {
    throw badTransaction(
      `the transaction was sent from ${getAddress(transaction.from)}, not from ${wallet.address}`,
    );
  }
  if (!transaction.to) throw badTransaction('the transaction created a contract: it is no recovery step');
  const to = getAddress(transaction.to);
  const target = await verifyTarget(ctx, input.step_kind, to, transaction.input);
  const farm = target.farmAddress
    ? await findFarmByAddress(ctx.db, ctx.chainId, target.farmAddress)
    : undefined;
  const gasWei = receipt.gasUsed * receipt.effectiveGasPrice;
  const gasPol = formatEther(gasWei);
  // The books' gas row of this transaction from the same receipt, so the history job never reads it again.
  const fee = await storeTransactionFee(ctx, chain, prices, hash, receipt);
  const polUsd = fee ? fee.pol_usd : await readPolUsdAt(ctx, chain, prices, receipt.blockNumber);
  await insertWalletTransaction(ctx.db, {
    user_id: userId,
    chain_id: ctx.chainId,
    wallet_address: wallet.address,
    tx_hash: hash,
    step_kind: input.step_kind,
    to_address: to,
    status: receipt.status,
    block_number: Number(receipt.blockNumber),
    gas_used: receipt.gasUsed.toString(),
    effective_gas_price: receipt.effectiveGasPrice.toString(),
    gas_pol: gasPol,
    gas_usd: polUsd === null ? null : Number(gasPol) * polUsd,
    farm_id: farm?.id ?? null,
    created_at: ctx.now().toISOString(),
  });
  await storeMovements(
    ctx,
    { chain, prices },
    { wallet: wallet.address, stepKind: input.step_kind, to },
    receipt,
  );
  if (farm && receipt.status === 'success') await snapshotTrackedPosition(ctx, userId, farm, wallet.address);
  const row = await findWalletTransaction(ctx.db, ctx.chainId, hash);
  return presentStored(ctx, userId, wallet.address, row!);
}

/**
 * Stores the transaction's gas row for the books (transaction_fees) from the receipt already read: its block's
 * time and POL's price there. Undefined (logged) when the block cannot be read: the record goes on, and the
 * history job reads the receipt itself later.
 */
async function storeTransactionFee(
  ctx: RecoveryContext,
  chain: ChainClient,
  prices: PriceSources,
  hash: Hex,
  receipt: ReadReceipt,
) {
  try {
    const fee = await knownFee(
      { db: ctx.db, chainId: ctx.chainId, prices, wmatic: ctx.wmatic, chain },
      receipt,
    );
    await upsertTransactionFee(
      ctx.db,
      { chainId: ctx.chainId, txHash: hash, now: ctx.now() },
      { ...fee, attempts: 1 },
    );
    return fee;
  } catch (error) {
    ctx.logWarn?.({ err: error }, `recovery: the gas row of ${hash} could not be stored`);
    return undefined;
  }
}

/**
 * What the send did, read from its receipt's logs and valued at its block now, while a node surely has that
 * block's state (recorded_send_movements; the ledger shows it once the send is final). A failure is logged:
 * the worker's check of the send reads it again from the final receipt (recorded-finality.ts).
 */
async function storeMovements(
  ctx: RecoveryContext,
  { chain, prices }: { chain: ChainClient; prices: PriceSources },
  send: Omit<SendToDecode, 'receipt'>,
  receipt: ReturnType<typeof formatTransactionReceipt>,
): Promise<void> {
  const deps = {
    db: ctx.db,
    chainId: ctx.chainId,
    chain,
    prices,
    oldTokens: ctx.oldTokens,
    v3: ctx.v3Actions,
  };
  try {
    const movements = await readSendMovements(deps, { ...send, receipt });
    await storeSendMovements(
      ctx.db,
      { chainId: ctx.chainId, txHash: receipt.transactionHash, blockHash: receipt.blockHash, now: ctx.now() },
      movements,
    );
  } catch (error) {
    ctx.logWarn?.({ err: error }, `recovery: what ${receipt.transactionHash} did could not be read yet`);
  }
}

/** The stored row as the API shows it; a row of another account or wallet is a conflict, not a copy. */
async function presentStored(
  ctx: RecoveryContext,
  userId: number,
  wallet: Address,
  row: WalletTransactionRow,
): Promise<WalletTransaction> {
  if (row.user_id !== userId || row.wallet_address !== wallet) {
    throw new AppError(
      'CONFLICT',
      `transaction ${row.tx_hash} is already recorded for another wallet or account`,
      {
        details: [{ field: 'body.tx_hash', message: 'already recorded for another wallet or account' }],
      },
    );
  }
  const [snapshotTaken] = await findSnapshotsSince(ctx.db, [row]);
  return toWalletTransaction(row, snapshotTaken!);
}

/** A stored row on the wire. */
export function toWalletTransaction(row: WalletTransactionRow, snapshotTaken: boolean): WalletTransaction {
  return {
    tx_hash: row.tx_hash,
    wallet_address: row.wallet_address,
    step_kind: row.step_kind,
    to: row.to_address,
    status: row.status,
    block_number: Number(row.block_number),
    gas_used: row.gas_used,
    effective_gas_price: row.effective_gas_price,
    gas_pol: row.gas_pol,
    gas_usd: row.gas_usd,
    farm_address: row.farm_address,
    snapshot_taken: snapshotTaken,
  };
}

/**
 * The transaction and its receipt, polled until both are there or the wait ends: the browser's wallet may
 * use a node a block ahead of ours, so a hash ours does not know yet is looked up again within the same
 * wait. After it: NOT_FOUND when the chain still does not know the hash, CONFLICT when it is still unmined.
 */
async function readMinedTransaction(chain: ChainClient, hash: Hex, waitMs: number) {
  const deadline = Date.now() + waitMs;
  let raw: RpcTransaction | null = null;
  for (;;) {
    raw ??= (await chain.request('eth_getTransactionByHash', [hash])) as RpcTransaction | null;
    const receipt = raw
      ? ((await chain.request('eth_getTransactionReceipt', [hash])) as RpcTransactionReceipt | null)
      : null;
    if (raw && receipt) {
      return { transaction: formatTransaction(raw), receipt: formatTransactionReceipt(receipt) };
    }
    if (Date.now() >= deadline) throw raw ? notMinedYet(hash) : unknownTransaction(hash, chain.chainId);
    await new Promise((resolve) => setTimeout(resolve, receiptPollMs));
  }
}

const unknownTransaction = (hash: Hex, chainId: number) =>
  new AppError('NOT_FOUND', `the chain does not know transaction ${hash}: was it sent to chain ${chainId}?`, {
    details: [{ field: 'body.tx_hash', message: 'no such transaction on this chain' }],
  });

const notMinedYet = (hash: Hex) =>
  new AppError('CONFLICT', `transaction ${hash} is not mined yet: report it again once it has a receipt`, {
    details: [{ field: 'body.tx_hash', message: 'not mined yet' }],
  });

/**
 * A step changed a farm position: when the user tracks that farm with the wallet, a snapshot now (the
 * pipeline a refresh uses) and the history job brought forward for the new event. A failure is logged:
 * the transaction stays recorded and the next scheduled snapshot catches up.
 */
async function snapshotTrackedPosition(
  ctx: RecoveryContext,
  userId: number,
  farm: Pick<FarmRow, 'id' | 'address' | 'kind'>,
  wallet: Address,
): Promise<void> {
  if (!ctx.pipeline) return;
  if (!(await isTracking(ctx.db, { userId, farmId: farm.id, walletAddress: wallet }))) return;
  try {
    await ctx.pipeline.refreshSnapshots({
      farms: [{ address: getAddress(farm.address), kind: farm.kind }],
      accounts: [wallet],
    });
    await scheduleBackfillNow(ctx.db, { farmId: farm.id, wallet }, ctx.now());
  } catch (error) {
    ctx.logWarn?.({ err: error }, `recovery: the snapshot after a step on ${farm.address} failed`);
  }
}
