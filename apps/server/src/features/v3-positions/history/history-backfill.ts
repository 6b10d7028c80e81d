import { v3Abis } from '@tidewatch/contracts/v3-abis';
import { type Address, getAddress, parseUnits } from 'viem';
import { type GasPricing, recordTransactionFees } from '../../../core/books/fees.ts';
import { type BlockStamp, blockStamp, findBlockAtTime } from '../../../core/chain/block-at-time.ts';
import { blockHashAt, type FinalityRule, type HashedBlockStamp } from '../../../core/chain/finality.ts';
import { type RawLog, scanLogs } from '../../../core/chain/history-logs.ts';
import { type BackfillKind, runBackfillStep } from '../../../core/history/backfill-step.ts';
import {
  decodeV3PositionLogs,
  rewardsCollectedIncentives,
  type V3HistoryContracts,
  type V3IncentiveTokens,
  v3HistoryFilters,
} from '../../../core/v3/history-events.ts';
import {
  type ClaimedV3Backfill,
  claimV3Backfill,
  findV3TrackingWallets,
  insertV3Events,
  loadV3Events,
  updateV3Backfill,
  v3HistoryScope,
} from '../../../core/v3/history-repository.ts';
import {
  ensureTokens,
  type V3EventDraft,
  type V3HistoryValueDeps,
  type V3PoolRef,
  valueV3EventsAtTheirBlocks,
} from '../../../core/v3/history-value.ts';
import type { V3IncentiveIndex } from '../reads/incentives.ts';
import type { V3PositionReader } from '../schedule/snapshot-store.ts';

export type V3HistoryJobDeps = V3HistoryValueDeps & {
  contracts: V3HistoryContracts;
  /** readV3Positions: the opening balance of a position older than the window is read at its start. */
  readPositions: V3PositionReader;
  /** The farming's incentives: a RewardsCollected names only its incentive id, its tokens come from here. */
  incentives: V3IncentiveIndex;
  /** BACKFILL_DAYS: how far back events are read; 0 turns the job off. */
  backfillDays: number;
  /** LOGS_BLOCK_RANGE: blocks per eth_getLogs to start with. */
  logsBlockRange: number;
  /** How often a finished position's new events are caught up (SNAPSHOT_INTERVAL). */
  intervalMs: number;
  /**
   * FINALITY / FINALITY_DEPTH: events are read up to the last final block. The worker passes the configured
   * rule; without one (tests driving the job directly) the head counts as final.
   */
  finality?: FinalityRule;
  /** WMATIC's address, for POL's price of each event transaction's gas; without it the fees stage is skipped. */
  gas?: Pick<GasPricing, 'wmatic'>;
  /** Log ranges per run before the job yields to the next tick. */
  stepsPerRun?: number;
  now?: () => Date;
};

const dayMs = 86_400_000;

/**
 * The history job of one tracked V3 position (decision 013's pattern): first a reorg check (when the block the
 * scan last reached has another hash now, the position's events and progress go and it rescans); then its
 * events since BACKFILL_DAYS ago up to the last final block (FINALITY)
 * (IncreaseLiquidity with actualLiquidity, DecreaseLiquidity, Collect, Transfer, FarmEntered, FarmEnded,
 * RewardsCollected and the owner's RewardClaimed), read in ranges the node accepts, each valued at its own block, stored with the
 * job's progress in one transaction, so a killed process resumes where it stopped; once done, the new events
 * are caught up every interval. A position already open at the window start counts as one deposit there
 * (its amounts then). Returns whether there was a job to do.
 */
export function runV3HistoryJob(deps: V3HistoryJobDeps): Promise<boolean> {
  return runBackfillStep(positionHistory(deps), deps);
}

/** The V3 positions as a kind of history job (core/history/backfill-step.ts). */
function positionHistory(deps: V3HistoryJobDeps): BackfillKind<ClaimedV3Backfill> {
  return {
    table: 'v3_history_backfills',
    claim: claimV3Backfill,
    scanPlace: (job) => ({ scope: v3HistoryScope(job), chainId: deps.chainId, cleared: { gaps: null } }),
    run: async (job, now, final) => {
      const budget = { left: deps.stepsPerRun ?? 20 };
      return (await scanEvents(deps, job, final, now, budget)) && (await recordFees(deps, job, now, budget));
    },
  };
}

const poolOf = (job: ClaimedV3Backfill): V3PoolRef => ({
  address: job.poolAddress,
  token0: job.token0,
  token1: job.token1,
});

/** The gas of each event's transaction, its receipt read once; false when the budget ran out first. */
async function recordFees(
  deps: V3HistoryJobDeps,
  job: ClaimedV3Backfill,
  now: Date,
  budget: { left: number },
): Promise<boolean> {
  if (!deps.gas) return true;
  const events = await loadV3Events(deps.db, job.positionId);
  return recordTransactionFees(
    { ...deps, wmatic: deps.gas.wmatic },
    events.map((event) => event.tx_hash),
    { now, budget },
  );
}

/** Events up to the last final block, in ranges; false when the run's step budget ran out first. */
async function scanEvents(
  deps: V3HistoryJobDeps,
  job: ClaimedV3Backfill,
  final: HashedBlockStamp,
  now: Date,
  budget: { left: number },
): Promise<boolean> {
  let from: bigint;
  if (job.scannedToBlock === null) {
    const start = await windowStart(deps, final, now);
    await recordOpeningBalance(deps, job, start, now);
    from = start.number + 1n;
  } else {
    from = job.scannedToBlock + 1n;
  }
  const owners = await findV3TrackingWallets(deps.db, job.positionId);
  const target = {
    tokenId: job.tokenId,
    token0: getAddress(job.token0.address),
    token1: getAddress(job.token1.address),
    owners,
  };
  // Reward tokens this position's FarmEnded and RewardsCollected events paid so far: the owner's claims of
  // them join its history.
  const rewardTokens = new Set<string>();
  for (const event of await loadV3Events(deps.db, job.positionId)) {
    if (event.kind !== 'farm_ended' && event.kind !== 'rewards_collected') continue;
    for (const amount of JSON.parse(event.amounts) as { token: string }[])
      rewardTokens.add(amount.token.toLowerCase());
  }
  const gaps = job.gaps ? [job.gaps] : [];
  for (; from <= final.number; budget.left -= 1) {
    if (budget.left <= 0) return false;
    const rangeEnd: bigint = from + BigInt(deps.logsBlockRange) * 4n - 1n;
    const to = rangeEnd < final.number ? rangeEnd : final.number;
    // The range end's hash before its logs: a reorganisation after this read shows at the next run's check.
    const toHash = to === final.number ? final.hash : await blockHashAt(deps.chain, to);
    const scan = await scanLogs(deps.chain, {
      filters: v3HistoryFilters(deps.contracts, target),
      fromBlock: from,
      toBlock: to,
      maxRange: BigInt(deps.logsBlockRange),
    });
    gaps.push(...scan.gaps.map((g) => `blocks ${g.fromBlock}-${g.toBlock}: ${g.reason}`));
    const incentives = await incentiveTokensOf(deps, job, scan.logs, to);
    const drafts = decodeV3PositionLogs(scan.logs, deps.contracts, target, rewardTokens, incentives);
    await addRemainingRewards(deps, drafts);
    const valued = await valueDrafts(deps, job, drafts, now);
    await deps.db.transaction().execute(async (trx) => {
      await insertV3Events(trx, job.positionId, valued);
      await updateV3Backfill(trx, job.id, now, {
        scanned_to_block: Number(to),
        scanned_to_hash: toHash,
        ...(gaps.length > 0 ? { gaps: gaps.join('; ').slice(0, 1000) } : {}),
      });
    });
    from = to + 1n;
  }
  return true;
}

/**
 * Each reward claim's `remaining` (detail, raw): the owner's balance of its token that the farming still held
 * at the end of the claim's block. The claim split (core/books/v3-claim-shares.ts) splits a claim only when
 * the stored credits are that whole balance, the claim and what it left; a partial claim of a balance that
 * positions without stored history also credited is not split over the stored ones. A failed read fails the
 * step (retried), as the other reads at past blocks do.
 */
async function addRemainingRewards(deps: V3HistoryJobDeps, drafts: V3EventDraft[]): Promise<void> {
  for (const draft of drafts) {
    const [claimed] = draft.amounts;
    if (draft.kind !== 'reward_claimed' || !draft.detail?.owner || !claimed) continue;
    const remaining = await deps.chain.publicClient.readContract({
      address: deps.contracts.eternalFarming,
      abi: v3Abis.eternalFarming,
      functionName: 'rewards',
      args: [getAddress(draft.detail.owner), claimed.token],
      blockNumber: draft.blockNumber,
    });
    draft.detail = { ...draft.detail, remaining: remaining.toString() };
  }
}

/**
 * The tokens of the incentives this position's RewardsCollected logs in a range name (incentive id, lower
 * case -> tokens), from the incentive index of its pool up to the range's end; none read when it has none.
 */
async function incentiveTokensOf(
  deps: V3HistoryJobDeps,
  job: ClaimedV3Backfill,
  logs: RawLog[],
  toBlock: bigint,
): Promise<Map<string, V3IncentiveTokens>> {
  const tokens = new Map<string, V3IncentiveTokens>();
  if (rewardsCollectedIncentives(logs, deps.contracts, job.tokenId).length === 0) return tokens;
  const byPool = await deps.incentives.incentivesOf([job.poolAddress], toBlock);
  for (const incentive of byPool.get(job.poolAddress.toLowerCase()) ?? [])
    tokens.set(incentive.id.toLowerCase(), incentive.key);
  return tokens;
}

async function valueDrafts(
  deps: V3HistoryJobDeps,
  job: ClaimedV3Backfill,
  drafts: V3EventDraft[],
  now: Date,
) {
  if (drafts.length === 0) return [];
  const tokens = await ensureTokens(
    deps,
    drafts.flatMap((d) => d.amounts.map((a) => a.token)),
    now,
  );
  return valueV3EventsAtTheirBlocks(deps, poolOf(job), drafts, tokens);
}

/** The last block at or before BACKFILL_DAYS ago (the chain's first block on a younger chain). */
async function windowStart(deps: V3HistoryJobDeps, final: BlockStamp, now: Date): Promise<BlockStamp> {
  const since = BigInt(Math.floor((now.getTime() - deps.backfillDays * dayMs) / 1000));
  return findBlockAtTime(deps.chain, since, { low: await blockStamp(deps.chain, 0n), high: final });
}

/**
 * A position already open at the window start has deposits the scan will not see: what its liquidity stood
 * for there counts as one deposit at that block (an 'increase_liquidity' without a transaction), so the
 * returns start from its worth then. What it owed there (tokensOwed0/1, detail owed0/owed1) is principal
 * owed, so a Collect in the window pays it off before any fee (core/books/v3-rows.ts). Also the first read
 * at a past block: a node without archive state fails here, before any other work.
 */
async function recordOpeningBalance(
  deps: V3HistoryJobDeps,
  job: ClaimedV3Backfill,
  start: BlockStamp,
  now: Date,
): Promise<void> {
  const startHash = await blockHashAt(deps.chain, start.number);
  const opening = await readOpeningBalance(deps, job, start);
  const valued = opening ? await valueDrafts(deps, job, [opening], now) : [];
  // With the window's start as progress, in one transaction: a job killed here resumes after that block,
  // not at a later window start with the blocks between never read.
  await deps.db.transaction().execute(async (trx) => {
    await insertV3Events(trx, job.positionId, valued);
    await updateV3Backfill(trx, job.id, now, {
      scanned_to_block: Number(start.number),
      scanned_to_hash: startHash,
    });
  });
}

async function readOpeningBalance(
  deps: V3HistoryJobDeps,
  job: ClaimedV3Backfill,
  start: BlockStamp,
): Promise<V3EventDraft | undefined> {
  const manager: Address = deps.contracts.positionManager;
  const code = await deps.chain.publicClient.getCode({ address: manager, blockNumber: start.number });
  if (!code || code === '0x') return undefined; // no position manager yet: every event is in the scan
  const read = await deps.readPositions([job.tokenId.toString()], { block: start.number });
  const position = read.positions[0];
  if (!position) return undefined;
  const [owed0, owed1] = await readTokensOwed(deps, job.tokenId, start.number);
  const liquidity = BigInt(position.liquidity);
  if (liquidity === 0n && owed0 === 0n && owed1 === 0n) return undefined;
  const [amount0, amount1] = position.amounts;
  return {
    kind: 'increase_liquidity',
    blockNumber: start.number,
    txHash: '0x',
    logIndex: -1,
    liquidity,
    amounts: [
      { token: getAddress(job.token0.address), raw: parseUnits(amount0.amount, job.token0.decimals) },
      { token: getAddress(job.token1.address), raw: parseUnits(amount1.amount, job.token1.decimals) },
    ],
    detail: { opening_balance: 'true', owed0: owed0.toString(), owed1: owed1.toString() },
  };
}

/**
 * The position's tokensOwed0/1 at a block: the principal DecreaseLiquidity left uncollected plus the fees
 * credited at its last poke. At the window start the two cannot be told apart (the DecreaseLiquidity events
 * are before the window), so the whole of it counts as principal owed: part of the opening position, not fee
 * income when a Collect in the window pays it. Fees earned before the window are no income of the window.
 */
async function readTokensOwed(
  deps: V3HistoryJobDeps,
  tokenId: bigint,
  block: bigint,
): Promise<readonly [bigint, bigint]> {
  const position = await deps.chain.publicClient.readContract({
    address: deps.contracts.positionManager,
    abi: v3Abis.positionManager,
    functionName: 'positions',
    args: [tokenId],
    blockNumber: block,
  });
  return [position[9], position[10]];
}
