import type { LedgerTokenAmount } from '@tidewatch/shared';
import type { V3PositionEventRow, V3RawAmount } from '../db/tables/v3-positions.ts';
import { ratioOf } from '../snapshots/valuation/decimal.ts';
import { type DraftRow, type LedgerToken, tokenAmount, unknownToken } from './ledger-types.ts';
import type { V3ClaimShares } from './v3-claim-shares.ts';
import { amountsOf, detailOf, isPaidToWallet, isWalletClaim, walletOwnership } from './v3-ownership.ts';

/** A tracked V3 position as the ledger names it. */
type LedgerV3Position = {
  tokenId: string;
  poolAddress: string;
  token0: LedgerToken;
  token1: LedgerToken;
  /** How its rows name it where not 'WMATIC-USDC V3 #12' (a V4 position on Base: 'WETH-USDC V4 #3 on Base'). */
  label?: string | undefined;
  /** Its rows' id prefix where not 'v3' (a V4 position on Base: 'v4-8453', so no id repeats across chains). */
  idPrefix?: string | undefined;
};

/**
 * A V3 position's stored events (v3_position_events), in chain order. `claimShares` (a position's books) makes
 * each reward claim its share of the claim (v3ClaimShares) instead of the whole owner-level claim, and leaves
 * out a claim that cannot be split; without it (the wallet ledger) a claim is one row of its whole amount.
 */
export type V3EventsInput = {
  position: LedgerV3Position;
  events: V3PositionEventRow[];
  /** The wallet held it where no stored Transfer says otherwise (walletOwnership). */
  isHeld: boolean;
  claimShares?: V3ClaimShares | undefined;
};

/** The contracts a V3 row names as its counterparty; absent: the rows name none (no farming: Base's V4). */
export type V3Counterparties = { positionManager: string; farmingCenter?: string | undefined };

/** The position label: its pair and id. */
function v3Label(position: LedgerV3Position): string {
  return `${position.token0.symbol}-${position.token1.symbol} V3 #${position.tokenId}`;
}

const isOpening = (row: V3PositionEventRow) => row.log_index < 0 || row.tx_hash === '0x';

/**
 * The rows of one position's events that are the wallet's, chain order: while the wallet owned the position
 * (walletOwnership, by its transfers) IncreaseLiquidity sends token0/token1 ('v3_deposit'), DecreaseLiquidity
 * receives them ('v3_withdraw': the principal, owed until a Collect pays it); a Collect paid to the wallet
 * (isPaidToWallet: also one to the position manager while the wallet owned it) beyond that owed principal is swap fees ('v3_fees', income; a Collect of principal only adds no row; one paid
 * elsewhere adds none, but still pays off the owed principal); a RewardClaimed from the wallet's reward
 * balance to the wallet receives reward tokens ('v3_reward', income; its share with `claimShares`). Transfers
 * and farming moves (FarmEntered, FarmEnded, RewardsCollected) move nothing into or out of the wallet and add
 * no row.
 */
export function v3Rows(
  { position, events, isHeld, claimShares }: V3EventsInput,
  tokens: Map<string, LedgerToken>,
  counterparties: V3Counterparties | undefined,
  wallet: string,
): DraftRow[] {
  const tokenOf = (address: string): LedgerToken =>
    tokens.get(address.toLowerCase()) ?? unknownToken(address);
  const owned = walletOwnership(events, wallet, counterparties?.farmingCenter, isHeld);
  const owed = new Map<string, bigint>();
  const rows: DraftRow[] = [];
  for (const [i, event] of events.entries()) {
    const amounts = amountsOf(event);
    // The owed principal follows the position whoever owns it: a later Collect pays it first.
    if (event.kind === 'decrease_liquidity') addOwed(owed, amounts);
    if (isOpening(event)) addOwed(owed, openingOwed(event));
    const fees = event.kind === 'collect' ? collectFees(amounts, owed) : [];
    const isWallets =
      event.kind === 'collect'
        ? isPaidToWallet(event, wallet, owned[i] ?? false, counterparties?.positionManager)
        : event.kind === 'reward_claimed'
          ? isWalletClaim(event, wallet)
          : owned[i];
    if (!isWallets) continue;
    const listed = (list: V3RawAmount[]): LedgerTokenAmount[] =>
      list.map((a) => tokenAmount(tokenOf(a.token), BigInt(a.raw)));
    const base = {
      id: isOpening(event)
        ? `${position.idPrefix ?? 'v3'}:0x:-1:${position.tokenId}`
        : `${position.idPrefix ?? 'v3'}:${event.tx_hash}:${event.log_index}`,
      position: {
        tool: 'v3' as const,
        farm_address: null,
        token_id: position.tokenId,
        label: position.label ?? v3Label(position),
      },
      tx_hash: event.tx_hash,
      block_number: Number(event.block_number),
      block_time: event.block_time,
      logIndex: event.log_index,
      underlying: [],
      counterparty: counterparties?.positionManager ?? null,
      usd: event.usd,
      usd_error: event.usd_error,
    };
    if (event.kind === 'increase_liquidity') {
      const kind = isOpening(event) ? 'opening_balance' : 'v3_deposit';
      rows.push({
        ...base,
        kind,
        sent: listed(amounts),
        received: [],
        sentUsd: amounts.map((a) => a.usd),
        receivedUsd: [],
      });
    } else if (event.kind === 'decrease_liquidity') {
      rows.push({
        ...base,
        kind: 'v3_withdraw',
        sentUsd: [],
        sent: [],
        received: listed(amounts),
        receivedUsd: amounts.map((a) => a.usd),
      });
    } else if (event.kind === 'collect') {
      if (fees.length === 0) continue;
      const received = fees.map((f) => tokenAmount(tokenOf(f.token), f.raw));
      const receivedUsd = fees.map((f) => f.usd);
      const usd = receivedUsd.some((u) => u === null)
        ? null
        : receivedUsd.reduce<number>((s, u) => s + (u ?? 0), 0);
      const usdError = usd === null ? (event.usd_error ?? 'a fee token had no price at its block') : null;
      rows.push({
        ...base,
        kind: 'v3_fees',
        sent: [],
        received,
        sentUsd: [],
        receivedUsd,
        usd,
        usd_error: usdError,
      });
    } else if (event.kind === 'reward_claimed') {
      const claimed = claimShares ? shareOf(amounts, claimShares.get(base.id), position.tokenId) : amounts;
      if (claimed.length === 0) continue;
      const receivedUsd = claimed.map((a) => a.usd);
      rows.push({
        ...base,
        kind: 'v3_reward',
        sentUsd: [],
        counterparty: counterparties?.farmingCenter ?? null,
        sent: [],
        received: listed(claimed),
        receivedUsd,
        usd: receivedUsd.some((u) => u === null)
          ? null
          : receivedUsd.reduce<number>((s, u) => s + (u ?? 0), 0),
      });
    }
  }
  return rows;
}

/**
 * A position's share of a claim (its amount and USD in proportion, same price, same block); none when the
 * claim could not be split (null), is not the wallet's (absent) or took nothing from this position.
 */
function shareOf(
  amounts: V3RawAmount[],
  shares: Map<string, bigint> | null | undefined,
  tokenId: string,
): V3RawAmount[] {
  const share = shares?.get(tokenId) ?? 0n;
  const [claim] = amounts;
  if (!claim || share === 0n) return [];
  const usd = claim.usd === null ? null : claim.usd * (ratioOf(share, BigInt(claim.raw)) ?? 0);
  return [{ token: claim.token, raw: share.toString(), usd }];
}

function addOwed(owed: Map<string, bigint>, amounts: V3RawAmount[]): void {
  for (const a of amounts)
    owed.set(a.token.toLowerCase(), (owed.get(a.token.toLowerCase()) ?? 0n) + BigInt(a.raw));
}

/**
 * What the position owed at the window start (the opening row's detail owed0/owed1, raw, in its amounts'
 * token order): the history job counts it as principal owed (features/v3-positions/history/history-backfill.ts), so a Collect in
 * the window pays it off before any fee. None on an opening row stored without it.
 */
function openingOwed(event: V3PositionEventRow): V3RawAmount[] {
  const detail = detailOf(event);
  const owedRaw = [detail.owed0, detail.owed1];
  return amountsOf(event).flatMap((a, i) => {
    const raw = owedRaw[i];
    return raw && raw !== '0' ? [{ token: a.token, raw, usd: null }] : [];
  });
}

/**
 * The principal DecreaseLiquidity (or the window start's opening balance) left owed and no Collect has paid
 * yet, per token (lower-case address), after the events up to `upToBlock`: a static collect (the snapshot's uncollected fees) includes it, though it is
 * no fee and was counted when it left the liquidity. Tracked as the rows track it.
 */
export function owedPrincipal(events: V3PositionEventRow[], upToBlock: number): Map<string, bigint> {
  const owed = new Map<string, bigint>();
  for (const event of events) {
    if (Number(event.block_number) > upToBlock) break;
    if (event.kind === 'decrease_liquidity') addOwed(owed, amountsOf(event));
    if (isOpening(event)) addOwed(owed, openingOwed(event));
    if (event.kind === 'collect') collectFees(amountsOf(event), owed);
  }
  return owed;
}

/**
 * The fee part of a Collect, per token: the principal DecreaseLiquidity left owed is paid first, the rest is
 * fees; each fee's USD is the collect's USD of that token in proportion (same price, same block).
 */
function collectFees(
  amounts: V3RawAmount[],
  owed: Map<string, bigint>,
): { token: string; raw: bigint; usd: number | null }[] {
  const fees: { token: string; raw: bigint; usd: number | null }[] = [];
  for (const a of amounts) {
    const key = a.token.toLowerCase();
    const raw = BigInt(a.raw);
    const due = owed.get(key) ?? 0n;
    const principal = raw < due ? raw : due;
    owed.set(key, due - principal);
    const fee = raw - principal;
    if (fee === 0n) continue;
    fees.push({ token: a.token, raw: fee, usd: a.usd === null ? null : a.usd * (ratioOf(fee, raw) ?? 0) });
  }
  return fees;
}
