import type { Kysely } from 'kysely';
import { isAddressEqual } from 'viem';
import { type GasPricing, recordTransactionFees } from '../books/fees.ts';
import { type BlockStamp, blockStamp, findBlockAtTime, headStamp } from '../chain/block-at-time.ts';
import type { ChainClient } from '../chain/client.ts';
import { type FarmEvent, scanFarmLogs } from '../chain/farm-logs.ts';
import type { FarmRef } from '../chain/farm-ref.ts';
import { blockHashAt, type FinalityRule, type HashedBlockStamp } from '../chain/finality.ts';
import type { Database } from '../db/index.ts';
import type { SnapshotPipeline } from '../snapshots/index.ts';
import { type BackfillKind, runBackfillStep } from './backfill-step.ts';
import {
  type ClaimedBackfill,
  claimBackfill,
  findFirstStakeTime,
  findFirstTrackedTime,
  findPairEventTxHashes,
  hasPositionSnapshotAt,
  insertPositionEvents,
  pairHistoryScope,
  updateBackfill,
} from './repository.ts';
import { valueEventsAtTheirBlocks } from './value-events.ts';

export type HistoryJobDeps = {
  db: Kysely<Database>;
  chain: ChainClient;
  pipeline: SnapshotPipeline;
  /** BACKFILL_DAYS: days of daily points at most; 0 turns the job off. */
  backfillDays: number;
  /** LOGS_BLOCK_RANGE: blocks per eth_getLogs to start with. */
  logsBlockRange: number;
  /** How often a finished pair's new events are caught up (SNAPSHOT_INTERVAL). */
  intervalMs: number;
  /**
   * FINALITY / FINALITY_DEPTH: events are read up to the last final block. The worker passes the configured
   * rule; without one (tests driving the job directly) the head counts as final.
   */
  finality?: FinalityRule;
  /** POL's price for the gas of each event's transaction; without it the fees stage is skipped. */
  gas?: GasPricing;
  /** Units of work (a logs range, an event block, a day) per run before the job yields to the next tick. */
  stepsPerRun?: number;
  now?: () => Date;
};

/** What a pair's returns say when the node cannot read the blocks before tracking. */
export { archiveNeeded } from './backfill-step.ts';

const dayMs = 86_400_000;

/**
 * The history job of one tracked (farm, wallet) pair, in visible stages, each saving its progress
 * so a killed process resumes where it stopped:
 *   0. reorg check: when the block the scan last reached now has another hash, the pair's events and
 *      progress are dropped and it rescans (events from a reorganised block never stay);
 *   1. events: the wallet's Staked / Withdrawn / RewardPaid logs since the window start (BACKFILL_DAYS
 *      ago) up to the last final block (FINALITY), in ranges the RPC accepts, each valued at its own block
 *      (a position already open at the window start counts as a deposit there), then the gas each event's
 *      transaction paid, its receipt read once (core/books/fees.ts);
 *   2. days: a position, farm and pool snapshot at the last block of each UTC day from the first stake
 *      to the first live snapshot;
 *   3. catch-up: once done, the pair's new events every interval.
 * One job per call, claimed, held, released and backed off by the work engine (backfill-step.ts).
 * Returns whether there was a job to do.
 */
export function runHistoryJob(deps: HistoryJobDeps): Promise<boolean> {
  return runBackfillStep(pairHistory(deps), deps);
}

/** The V2 pairs as a kind of history job: one run reads up to `stepsPerRun` units of work. */
function pairHistory(deps: HistoryJobDeps): BackfillKind<ClaimedBackfill> {
  return {
    table: 'history_backfills',
    claim: claimBackfill,
    scanPlace: (job) => ({
      scope: pairHistoryScope(job),
      chainId: job.chainId,
      restart: { row: { days_total: 0, days_done: 0 }, job: { daysTotal: 0, daysDone: 0 } },
    }),
    run: async (job, now, final) => {
      const steps = { left: deps.stepsPerRun ?? 40 };
      // The days stage may read up to the head: the chart is not the books.
      const head = await headStamp(deps.chain);
      const run: BackfillRun = { deps, job, final, head, steps, now };
      return (await scanEvents(run)) && (await recordFees(run)) && (await buildDays(run));
    },
  };
}

/**
 * What each stage of one run works with: the claimed job, the last final block (events) and the head (days)
 * it reads up to, the step budget left.
 */
type BackfillRun = {
  deps: HistoryJobDeps;
  job: ClaimedBackfill;
  final: HashedBlockStamp;
  head: BlockStamp;
  steps: { left: number };
  now: Date;
};

/** Stage 1: events up to the last final block, valued at their blocks; false when the step budget ran out first. */
async function scanEvents({ deps, job, final, steps, now }: BackfillRun): Promise<boolean> {
  const farm: FarmRef = { address: job.farmAddress, kind: job.kind };
  let from = job.scannedToBlock === null ? undefined : job.scannedToBlock + 1n;
  if (from === undefined) {
    const start = await windowStart(deps, final, now);
    await recordOpeningBalance(deps, job, farm, start);
    from = start.number + 1n;
    job.scannedToBlock = start.number;
  }
  const gaps: string[] = [];
  while (from <= final.number) {
    if (steps.left <= 0) return false;
    steps.left -= 1;
    const to = minBig(final.number, from + BigInt(deps.logsBlockRange) * 4n - 1n);
    // The range end's hash before its logs: a reorganisation after this read shows at the next run's check.
    const toHash = to === final.number ? final.hash : await blockHashAt(deps.chain, to);
    const scan = await scanFarmLogs(deps.chain, {
      farms: [farm],
      accounts: [job.wallet],
      fromBlock: from,
      toBlock: to,
      maxRange: BigInt(deps.logsBlockRange),
    });
    gaps.push(...scan.gaps.map((g) => `blocks ${g.fromBlock}-${g.toBlock}: ${g.reason}`));
    const mine = scan.events.filter((e) => isAddressEqual(e.account, job.wallet));
    const valued = await valueEventsAtTheirBlocks(deps.pipeline, farm, job.wallet, mine);
    await deps.db.transaction().execute(async (trx) => {
      await insertPositionEvents(trx, job, valued);
      await updateBackfill(trx, job.id, now, {
        scanned_to_block: Number(to),
        scanned_to_hash: toHash,
        ...(gaps.length > 0 ? { gaps: gaps.join('; ').slice(0, 1000) } : {}),
      });
    });
    job.scannedToBlock = to;
    from = to + 1n;
  }
  return true;
}

/** The last block at or before BACKFILL_DAYS ago (the chain's first block on a younger chain), at most `final`. */
async function windowStart(deps: HistoryJobDeps, final: BlockStamp, now: Date): Promise<BlockStamp> {
  const since = BigInt(Math.floor((now.getTime() - deps.backfillDays * dayMs) / 1000));
  return findBlockAtTime(deps.chain, since, { low: await blockStamp(deps.chain, 0n), high: final });
}

/** Stage 1b: the gas of each event's transaction, its receipt read once; false when the budget ran out. */
async function recordFees({ deps, job, steps, now }: BackfillRun): Promise<boolean> {
  if (!deps.gas) return true;
  const hashes = await findPairEventTxHashes(deps.db, job);
  return recordTransactionFees({ ...deps.gas, db: deps.db, chain: deps.chain }, hashes, {
    now,
    budget: steps,
  });
}

/**
 * A position already open at the window start has deposits the scan will not see: its balance there
 * counts as one deposit at that block ('opening balance'), so profit and loss start from its worth then.
 * Also the first read at a past block: a node without archive state fails here, before any other work.
 */
async function recordOpeningBalance(
  deps: HistoryJobDeps,
  job: ClaimedBackfill,
  farm: FarmRef,
  start: BlockStamp,
): Promise<void> {
  const code = await deps.chain.publicClient.getCode({ address: farm.address, blockNumber: start.number });
  if (!code || code === '0x') return; // the farm did not exist yet: every stake is in the scan
  const { read } = await deps.pipeline.readForSnapshots({
    farms: [farm],
    accounts: [job.wallet],
    block: start.number,
  });
  const staked = read.farms[0]?.positions[0]?.staked ?? 0n;
  if (staked === 0n) return;
  const opening: FarmEvent = {
    kind: 'staked',
    farm: farm.address,
    account: job.wallet,
    rewardToken: null,
    amount: staked,
    blockNumber: start.number,
    transactionHash: '0x',
    logIndex: -1,
  };
  const valued = await valueEventsAtTheirBlocks(deps.pipeline, farm, job.wallet, [opening]);
  await insertPositionEvents(deps.db, job, valued);
}

/** Stage 2: one snapshot set per UTC day before live tracking began; false when the budget ran out. */
async function buildDays({ deps, job, head, steps, now }: BackfillRun): Promise<boolean> {
  const plan = await planDays(deps, job, now);
  if (job.daysTotal !== plan.length) {
    await updateBackfill(deps.db, job.id, now, { days_total: plan.length });
    job.daysTotal = plan.length;
  }
  const farm: FarmRef = { address: job.farmAddress, kind: job.kind };
  let low = await blockStamp(deps.chain, 0n);
  for (let day = job.daysDone; day < plan.length; day++) {
    if (steps.left <= 0) return false;
    steps.left -= 1;
    const at = await findBlockAtTime(deps.chain, BigInt(plan[day]! / 1000), { low, high: head });
    low = at;
    // A day without blocks of its own (a quiet test chain) ends at the previous day's block: one point.
    const isKnown = await hasPositionSnapshotAt(deps.db, job, Number(at.number));
    const collected = isKnown
      ? undefined
      : await deps.pipeline.collectSnapshots({ farms: [farm], accounts: [job.wallet], block: at.number });
    await deps.db.transaction().execute(async (trx) => {
      if (collected) await deps.pipeline.writeSnapshots(trx, collected, { isPast: true });
      await updateBackfill(trx, job.id, now, { days_done: day + 1 });
    });
    job.daysDone = day + 1;
  }
  return true;
}

/**
 * The instants (ms) of the daily points: the end of each UTC day from the first stake's day, at most
 * BACKFILL_DAYS of them, all before the pair was first tracked (live snapshots cover the rest). Fixed
 * by the first stake and the tracking time, so a resumed job plans the same days.
 */
async function planDays(deps: HistoryJobDeps, job: ClaimedBackfill, now: Date): Promise<number[]> {
  const first = await findFirstStakeTime(deps.db, job);
  if (!first?.at) return [];
  const tracked = await findFirstTrackedTime(deps.db, job);
  const until = Math.min(now.getTime(), tracked?.at ? new Date(tracked.at).getTime() : now.getTime());
  const firstStake = new Date(first.at).getTime();
  const endOfFirstDay = Math.floor(firstStake / dayMs) * dayMs + dayMs - 1000;
  const days: number[] = [];
  for (let t = endOfFirstDay; t < until && days.length < deps.backfillDays; t += dayMs) days.push(t);
  return days;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
