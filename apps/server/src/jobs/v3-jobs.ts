import type { ChainClient } from '../core/chain/client.ts';
import type { OldTokens } from '../core/chain/token-labels.ts';
import type { Config } from '../core/config.ts';
import type { AppDatabase } from '../core/db/index.ts';
import type { InFlight } from '../core/jobs/in-flight.ts';
import { v3Nft } from '../core/kinds/index.ts';
import type { PriceSources } from '../core/snapshots/prices.ts';
import { evaluateAlerts } from '../features/alerts/index.ts';
import {
  createV3IncentiveIndex,
  createV3IncentiveStore,
  createV3PositionReader,
  type DueV3Position,
  runV3HistoryJob,
  type V3SnapshotRoundDeps,
} from '../features/v3-positions/index.ts';

/** What the V3 jobs of a process are wired with (the runtime's parts). */
export type V3JobsInput = {
  config: Pick<Config, 'chainId' | 'publicUrl' | 'v3' | 'history' | 'wmaticAddress'>;
  database: AppDatabase;
  chain: ChainClient;
  prices: PriceSources;
  intervalMs: number;
  oldTokens?: OldTokens;
  /**
   * After a stored V3 batch's alerts are written: tell the open pages of the users tracking its positions
   * ('v3 snapshot created'), before the e-mails go out, so the bell they then ask again counts the alerts.
   */
  onStoredBatch?: (stored: DueV3Position[]) => unknown;
  /** After a stored V3 batch's alerts are written (and open pages told): send the pending e-mails. */
  afterAlerts: () => Promise<void>;
  /** The process's own work, waited for on stop (issue 43): a batch's alerts and their first sends. */
  inFlight: InFlight;
  logWarn: (object: object, message: string) => void;
};

/**
 * The V3 parts of the scheduled work (issue 34, item 5), riding on the same ticks as the V2 snapshots: the V3
 * snapshot round (its deps, for this process or the pg-boss queue), whose stored batches run the V3 alert rules
 * and then the e-mail delivery, and one step of the V3 history job per tick.
 */
export function createV3Jobs(input: V3JobsInput): {
  round: V3SnapshotRoundDeps;
  historyStep: () => Promise<boolean>;
} {
  const { config, database, chain, prices } = input;
  // This process's incentive index: the farming's incentive logs, read from where any process (the database)
  // read them to, then only new blocks. The snapshots and the history (a RewardsCollected's tokens) share it.
  const incentives = createV3IncentiveIndex({
    chain,
    eternalFarming: config.v3.eternalFarming,
    fromBlock: config.v3.eternalFarmingFromBlock,
    store: createV3IncentiveStore(database.db, config.chainId, config.v3.eternalFarming),
  });
  const readPositions = createV3PositionReader({
    db: database.db,
    chain,
    chainId: config.chainId,
    prices,
    contracts: config.v3,
    incentives,
    ...(input.oldTokens ? { oldTokens: input.oldTokens } : {}),
  });
  const round: V3SnapshotRoundDeps = {
    db: database.db,
    readPositions,
    isPostgres: database.dialect === 'postgres',
    intervalMs: input.intervalMs,
    // Incentive ends are measured against the block the batch was read at (the chain's clock). The promise
    // never rejects (a failure is logged), so the round need not wait for it; the process's stop does.
    onStored: (stored, read) =>
      input.inFlight.track(
        evaluateAlerts(
          {
            db: database.db,
            chainId: config.chainId,
            publicUrl: config.publicUrl,
            now: new Date(),
            chainNow: read.blockTime,
            ...(input.oldTokens ? { oldTokens: input.oldTokens } : {}),
          },
          v3Nft.alerts,
          stored.map((p) => p.positionId),
        )
          .catch((error: unknown) => input.logWarn({ err: error }, 'V3 alerts: evaluation failed'))
          .then(() => input.onStoredBatch?.(stored))
          .then(input.afterAlerts)
          .catch((error: unknown) => input.logWarn({ err: error }, 'V3 alerts: delivery failed')),
      ),
  };
  const historyStep = () =>
    runV3HistoryJob({
      db: database.db,
      chain,
      chainId: config.chainId,
      prices,
      contracts: config.v3,
      readPositions,
      incentives,
      backfillDays: config.history.backfillDays,
      logsBlockRange: config.history.logsBlockRange,
      finality: config.history.finality,
      gas: { wmatic: config.wmaticAddress },
      intervalMs: input.intervalMs,
    });
  return { round, historyStep };
}
