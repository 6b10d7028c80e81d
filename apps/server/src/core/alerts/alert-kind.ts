import type { AlertRule } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { OldTokens } from '../chain/token-labels.ts';
import type { Database } from '../db/index.ts';
import type { AlertEvent, RuleSetting } from './rules.ts';

/** What evaluating a kind's alerts reads with. */
export type EvaluateDeps = {
  db: Kysely<Database>;
  chainId: number;
  publicUrl: string;
  now: Date;
  /** The block time of the run's read; defaults to `now` (the same on a live chain). */
  chainNow?: Date;
  /** Old QUICK and old dQUICK, named apart in alerts as on screen. */
  oldTokens?: OldTokens;
};

/** A user tracking a position, with the wallet they track it for (checksummed). */
export type AlertTracker = { id: number; email: string | null; alert_email: number; wallet: string };

/**
 * One position a stored batch read, as the alerts see it: who tracks it, the events its kind's rules find
 * for one tracker's wallet and settings, and what each notification of it stores.
 */
export type AlertSubject = {
  trackers: AlertTracker[];
  eventsFor(wallet: string, settingOf: (rule: AlertRule) => RuleSetting): AlertEvent[];
  /** `chain_id`: the chain the position is on (every alert names its chain, issue 47). */
  notification: { farm_address: string; link: string; position: string | null; chain_id: number };
};

/**
 * A kind of position's alerts (a PositionKind's, core/kinds): reads what the newest
 * snapshots of the positions a batch stored say, as subjects. The rest of the pipeline (settings, storing each
 * event once per user with its e-mail and channel deliveries) is the same for every kind (evaluate.ts).
 */
export type AlertKind<Id> = {
  readSubjects(deps: EvaluateDeps, ids: Id[]): Promise<AlertSubject[]>;
};
