import type { TokenRef } from '@tidewatch/shared';
import type { ChainHoldings } from '@tidewatch/shared/chains';
import { type Address, getAddress, type Hex } from 'viem';
import { blockStamp, findBlockAtTime } from '../../../core/chain/block-at-time.ts';
import type { ChainClient } from '../../../core/chain/client.ts';
import {
  blockHashAt,
  type FinalityRule,
  finalStamp,
  type HashedBlockStamp,
} from '../../../core/chain/finality.ts';
import { scanLogs } from '../../../core/chain/history-logs.ts';
import type { OtherChain } from '../../../core/chain/other-chains.ts';
import type { DbOrTrx } from '../../../core/db/index.ts';
import type { PlanChainPrices } from '../../../core/prices/plan-chain-prices.ts';
import { decodeV3PositionLogs, positionManagerFilters } from '../../../core/v3/history-events.ts';
import { type V3EventDraft, valueEventsAtTheirBlocks } from '../../../core/v3/history-value.ts';
import { amountsForLiquidity } from '../../../core/v3/position-math.ts';
import { findChainHoldings, registryScope } from '../reads/find-holdings.ts';
import { onchainPlanner } from '../value-holdings.ts';
import { loadPositionScans, type PositionEventRow, type PositionScanRow } from './history-repository.ts';
import { type ChainTransactionFee, readTransactionFees } from './transaction-gas.ts';

/** How the history of positions on a chain beside Polygon is read: the operator's history settings. */
export type ChainHistorySettings = {
  /** BACKFILL_DAYS: how far back a position's events are read; 0 turns the history off. */
  backfillDays: number;
  /** LOGS_BLOCK_RANGE: blocks per eth_getLogs to start with. */
  logsBlockRange: number;
  /** FINALITY / FINALITY_DEPTH: events are read up to the chain's last final block. */
  finality: FinalityRule;
  /** Log ranges per wallet and round; the rest is read in the next rounds (its profit unknown meanwhile). */
  stepsPerRound?: number;
};

/** What one round read of a wallet's position history: stored with its snapshot, in one transaction. */
export type PositionHistoryWrite = {
  reset: boolean;
  scans: PositionScanRow[];
  events: PositionEventRow[];
  fees: ChainTransactionFee[];
};

/** A position whose history this round reads on. */
type Target = {
  tokenId: bigint;
  pool: Address;
  token0: TokenRef;
  token1: TokenRef;
  /** The first block not read yet. */
  from: bigint;
  windowStart: bigint;
  /** The snapshot block from which the wallet no longer held it; null while it does. */
  leftAt: bigint | null;
  /** Read from the window start, its opening balance first (new to the history, or read again after a reset). */
  isNew: boolean;
  /** Ranges the node refused block by block, kept from earlier rounds. */
  gaps: string[];
};

type ReadDeps = ChainHistorySettings & { db: DbOrTrx; other: OtherChain; now: Date };
type ValueDeps = { chain: ChainClient; planPrices: PlanChainPrices };

const dayMs = 86_400_000;
const nothing: PositionHistoryWrite = { reset: false, scans: [], events: [], fees: [] };

/**
 * The history of a followed wallet's V4 positions on their chain, read up to the chain's last final block (never
 * past the snapshot's). Stages: a reorganisation check (a block read before with another hash now: the wallet's
 * history is read again from the start); the positions to read (those of the snapshot, and each that left the wallet
 * until read to where it left); the opening balance of a position already open at the window start (BACKFILL_DAYS
 * ago: its amounts and what it owed, by the holdings lens at that block, as one deposit there); the position
 * manager's IncreaseLiquidity, DecreaseLiquidity, Collect and Transfer logs, every position standing at the same
 * block in the same eth_getLogs, decoded by V3's decoder (Integral's events have Algebra V1.0's signatures); each
 * event valued at its block by the chain's price rule (the snapshots' own); the gas of each transaction the wallet
 * sent. Returns what to store with the snapshot.
 */
export async function readPositionHistory(
  deps: ReadDeps,
  chainWalletId: number,
  holdings: ChainHoldings,
): Promise<PositionHistoryWrite> {
  const manager = deps.other.entry.products.v4?.positionManager;
  if (deps.backfillDays <= 0 || !manager) return nothing;
  const { chain } = deps.other;
  const value: ValueDeps = { chain, planPrices: onchainPlanner(deps.other.prices) };
  const snapshotBlock = BigInt(holdings.block_number);

  let scans = await loadPositionScans(deps.db, chainWalletId);
  const reset = await hasReorganised(chain, scans);
  if (reset) scans = [];
  const final = await finalStamp(chain, deps.finality);
  const to = final.number < snapshotBlock ? final : await hashedStamp(chain, snapshotBlock);

  const targets = await targetsOf(deps, { scans, holdings, to, reset });
  const events: PositionEventRow[] = [];
  for (const [tokenId, draft] of await openingBalances(deps.other, holdings, targets)) {
    events.push(...(await valued(value, chainWalletId, targetOf(targets, tokenId), [draft])));
  }
  const budget = { left: deps.stepsPerRound ?? 20 };
  const reached = new Map<bigint, bigint>();
  for (const group of groupByRange(targets)) {
    const first = group[0]!;
    // A position that left the wallet is read up to where it left, not into its next owner's history.
    const end = first.leftAt !== null && first.leftAt < to.number ? first.leftAt : to.number;
    let next = first.from;
    for (; next <= end && budget.left > 0; budget.left -= 1) {
      const rangeEnd = next + BigInt(deps.logsBlockRange) * 4n - 1n;
      const last = rangeEnd < end ? rangeEnd : end;
      const scan = await scanLogs(chain, {
        filters: positionManagerFilters(
          manager,
          group.map((t) => t.tokenId),
        ),
        fromBlock: next,
        toBlock: last,
        maxRange: BigInt(deps.logsBlockRange),
      });
      const gaps = scan.gaps.map((g) => `blocks ${g.fromBlock}-${g.toBlock}: ${g.reason}`);
      for (const target of group) {
        target.gaps.push(...gaps);
        const drafts = decodeV3PositionLogs(
          scan.logs,
          { positionManager: manager },
          {
            tokenId: target.tokenId,
            token0: getAddress(target.token0.address),
            token1: getAddress(target.token1.address),
            owners: [],
          },
          new Set(),
        );
        events.push(...(await valued(value, chainWalletId, target, drafts)));
      }
      next = last + 1n;
    }
    for (const target of group) reached.set(target.tokenId, next - 1n);
  }
  const fees = await readTransactionFees(
    {
      ...value,
      wrappedNative: deps.other.entry.wrappedNative,
      nativeSymbol: deps.other.entry.nativeCurrency.symbol,
    },
    events.map((e) => e.tx_hash),
  );
  const hashes = await hashesOf(chain, [...reached.values()], to);
  const scanRows = targets.map((target): PositionScanRow => {
    const block = reached.get(target.tokenId)!;
    const end = target.leftAt !== null && target.leftAt < to.number ? target.leftAt : to.number;
    return {
      chain_wallet_id: chainWalletId,
      token_id: target.tokenId.toString(),
      pool_address: target.pool,
      token0: JSON.stringify(target.token0),
      token1: JSON.stringify(target.token1),
      window_start_block: Number(target.windowStart),
      scanned_to_block: Number(block),
      scanned_to_hash: hashes.get(block)!,
      left_at_block: target.leftAt === null ? null : Number(target.leftAt),
      is_behind: block < end ? 1 : 0,
      gaps: target.gaps.length > 0 ? target.gaps.join('; ').slice(0, 1000) : null,
    };
  });
  return { reset, scans: scanRows, events, fees };
}

const targetOf = (targets: Target[], tokenId: bigint) => targets.find((t) => t.tokenId === tokenId)!;

async function hashedStamp(chain: ChainClient, number: bigint): Promise<HashedBlockStamp> {
  const block = await chain.publicClient.getBlock({ blockNumber: number });
  return { number, timestamp: block.timestamp, hash: block.hash };
}

/** Whether a block a position's history was read to has another hash now (unfinished positions only). */
async function hasReorganised(
  chain: ChainClient,
  scans: Awaited<ReturnType<typeof loadPositionScans>>,
): Promise<boolean> {
  const open = scans.filter(
    (s) => s.left_at_block === null || Number(s.scanned_to_block) < Number(s.left_at_block),
  );
  for (const scan of new Map(open.map((s) => [String(s.scanned_to_block), s])).values()) {
    if ((await blockHashAt(chain, BigInt(scan.scanned_to_block))) !== scan.scanned_to_hash) return true;
  }
  return false;
}

/**
 * The positions this round reads on: each scanned before and not finished (one missing from the snapshot is read to
 * the snapshot's block, where it was first missed; one back in the wallet is read on), and each of the snapshot new
 * to the history, from the window start (the last block at or before BACKFILL_DAYS ago, found once per round). After
 * a reorganisation (`reset`) every position scanned before is read again from its own window start, its opening
 * balance first: a closed position's realised profit is read again too.
 */
async function targetsOf(
  deps: ReadDeps,
  at: {
    scans: Awaited<ReturnType<typeof loadPositionScans>>;
    holdings: ChainHoldings;
    to: HashedBlockStamp;
    reset: boolean;
  },
): Promise<Target[]> {
  const held = new Map(at.holdings.v4_positions.map((p) => [p.token_id, p]));
  const targets: Target[] = [];
  for (const scan of at.scans) {
    const leftAt = held.has(scan.token_id)
      ? null
      : scan.left_at_block !== null
        ? BigInt(scan.left_at_block)
        : BigInt(at.holdings.block_number);
    const windowStart = BigInt(scan.window_start_block);
    const scannedTo = at.reset ? windowStart : BigInt(scan.scanned_to_block);
    if (leftAt !== null && scannedTo >= leftAt) continue;
    targets.push({
      tokenId: BigInt(scan.token_id),
      pool: getAddress(scan.pool_address),
      token0: JSON.parse(scan.token0) as TokenRef,
      token1: JSON.parse(scan.token1) as TokenRef,
      from: scannedTo + 1n,
      windowStart,
      leftAt,
      isNew: at.reset,
      gaps: !at.reset && scan.gaps ? [scan.gaps] : [],
    });
  }
  const fresh = [...held.values()].filter((p) => !at.scans.some((s) => s.token_id === p.token_id));
  if (fresh.length === 0) return targets;
  const since = BigInt(Math.floor((deps.now.getTime() - deps.backfillDays * dayMs) / 1000));
  const { chain } = deps.other;
  const start = await findBlockAtTime(chain, since, { low: await blockStamp(chain, 0n), high: at.to });
  for (const position of fresh) {
    targets.push({
      tokenId: BigInt(position.token_id),
      pool: getAddress(position.pool),
      token0: position.amounts[0].token,
      token1: position.amounts[1].token,
      from: start.number + 1n,
      windowStart: start.number,
      leftAt: null,
      isNew: true,
      gaps: [],
    });
  }
  return targets;
}

/** Targets read over the same blocks (from the same block, and up to the same end): one eth_getLogs per range. */
function groupByRange(targets: Target[]): Target[][] {
  const groups = new Map<string, Target[]>();
  for (const target of targets) {
    const key = `${target.from}:${target.leftAt ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), target]);
  }
  return [...groups.values()];
}

/**
 * New positions the wallet already held at the window start: what their liquidity stood for there, and what they
 * owed (tokensOwed: principal and fees not told apart before the window, so all of it counts as principal owed, as
 * V3's opening balance does), as one deposit at that block. One lens call per window start for all of them.
 */
async function openingBalances(
  other: OtherChain,
  holdings: ChainHoldings,
  targets: Target[],
): Promise<Map<bigint, V3EventDraft>> {
  const openings = new Map<bigint, V3EventDraft>();
  const scope = { ...registryScope(other.entry), v2Factory: null, syrups: [], lpFarms: [], dualFarms: [] };
  const fresh = targets.filter((t) => t.isNew);
  for (const start of new Set(fresh.map((t) => t.windowStart))) {
    const found = await findChainHoldings(other.chain, scope, getAddress(holdings.wallet_address), start);
    for (const position of found.positions) {
      const target = fresh.find((t) => t.tokenId === position.tokenId && t.windowStart === start);
      if (!target) continue;
      const { tokensOwed0: owed0, tokensOwed1: owed1 } = position;
      if (position.liquidity === 0n && owed0 === 0n && owed1 === 0n) continue;
      const { amount0, amount1 } = amountsForLiquidity(position);
      openings.set(target.tokenId, {
        kind: 'increase_liquidity',
        blockNumber: start,
        txHash: '0x',
        logIndex: -1,
        liquidity: position.liquidity,
        amounts: [
          { token: getAddress(target.token0.address), raw: amount0 },
          { token: getAddress(target.token1.address), raw: amount1 },
        ],
        detail: { opening_balance: 'true', owed0: owed0.toString(), owed1: owed1.toString() },
      });
    }
  }
  return openings;
}

/** A position's drafts valued at their blocks, as rows (the columns of v3_position_events). */
async function valued(
  deps: ValueDeps,
  chainWalletId: number,
  target: Target,
  drafts: V3EventDraft[],
): Promise<PositionEventRow[]> {
  if (drafts.length === 0) return [];
  const tokens = new Map([target.token0, target.token1].map((t) => [t.address.toLowerCase(), t]));
  const events = await valueEventsAtTheirBlocks(deps, drafts, tokens);
  return events.map((event) => ({
    chain_wallet_id: chainWalletId,
    token_id: target.tokenId.toString(),
    kind: event.kind as PositionEventRow['kind'],
    block_number: Number(event.blockNumber),
    block_time: event.blockTime.toISOString(),
    tx_hash: event.txHash,
    log_index: event.logIndex,
    liquidity: event.liquidity === null ? null : event.liquidity.toString(),
    amounts: JSON.stringify(
      event.amounts.map((a) => ({ token: a.token, raw: a.raw.toString(), usd: a.usd })),
    ),
    usd: event.usd,
    usd_error: event.usdError,
    detail: event.detail ? JSON.stringify(event.detail) : null,
  }));
}

/** The hash of each block a scan reached (the final block's known already). */
async function hashesOf(
  chain: ChainClient,
  blocks: bigint[],
  to: HashedBlockStamp,
): Promise<Map<bigint, Hex>> {
  const hashes = new Map<bigint, Hex>([[to.number, to.hash]]);
  for (const block of blocks) {
    if (!hashes.has(block)) hashes.set(block, (await blockHashAt(chain, block)) ?? '0x');
  }
  return hashes;
}
