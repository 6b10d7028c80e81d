import type { PositionProfit } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress, isAddressEqual } from 'viem';
import { loadTransactionFees } from '../../books/fees-repository.ts';
import type { Database } from '../../db/index.ts';
import { sumKnown } from '../../history/returns.ts';
import { toProfitWire } from '../../portfolio/profit.ts';
import { findVaultEvents, findVaultHistoryScan } from './repository.ts';

/** Each row kind's part of a vault position's profit (the others move nothing in or out of the position). */
const depositKinds = new Set(['vault_deposit', 'lair_enter', 'stake']);
const withdrawalKinds = new Set(['vault_withdraw', 'lair_exit', 'withdraw']);

/** The newest snapshot of a tracked position, as the portfolio read it. */
type Snapshot = { block_number: number | string; value_usd: number | null; rewards_usd: number | null };

/**
 * A vault, lair or syrup position's one profit at its newest snapshot (issue 45, Build 3), by the one rule
 * (core/portfolio/profit.ts): value now (the snapshot without its pending rewards) + withdrawn + claimed rewards +
 * pending − deposited − gas, each of its stored events (the history job's) up to the snapshot's block valued at its
 * own block. Unknown, saying why, while its history is not read up to the snapshot or when its shares (or dQUICK)
 * moved to or from another address; null before any snapshot.
 */
export async function vaultPositionProfit(
  db: Kysely<Database>,
  chainId: number,
  position: { position_id: number; wallet_address: string },
  snapshot: Snapshot | undefined,
): Promise<PositionProfit | null> {
  if (!snapshot) return null;
  const block = Number(snapshot.block_number);
  const scan = await findVaultHistoryScan(db, position.position_id);
  const scannedTo = scan?.scanned_to_block === null || !scan ? null : Number(scan.scanned_to_block);
  const events = (await findVaultEvents(db, [position.position_id])).filter(
    (e) => Number(e.block_number) <= block,
  );
  const usdOf = (kinds: Set<string>) => sumKnown(events.filter((e) => kinds.has(e.kind)).map((e) => e.usd));
  const fees = await loadTransactionFees(
    db,
    chainId,
    events.map((e) => e.tx_hash),
  );
  const wallet = getAddress(position.wallet_address);
  const paid = [...fees.values()].filter(
    (fee) => fee.from_address && isAddressEqual(getAddress(fee.from_address), wallet),
  );
  const gasKnown = new Set(events.map((e) => e.tx_hash.toLowerCase())).size === fees.size;
  const pending = snapshot.rewards_usd;
  const unknownBecause =
    scannedTo === null || scannedTo < block
      ? `its history is read to block ${scannedTo ?? 'none'} yet, before this snapshot's ${block}`
      : scan?.has_unexplained
        ? 'its shares or dQUICK moved to or from another address: what that was worth to it is not known'
        : null;
  return toProfitWire({
    asOfBlock: block,
    valueNowUsd: snapshot.value_usd === null || pending === null ? null : snapshot.value_usd - pending,
    depositedUsd: usdOf(depositKinds),
    withdrawnUsd: usdOf(withdrawalKinds),
    claimedRewardsUsd: usdOf(new Set(['reward'])),
    pendingRewardsUsd: pending,
    gasUsd: gasKnown ? sumKnown(paid.map((fee) => fee.fee_usd)) : null,
    unknownBecause,
  });
}
