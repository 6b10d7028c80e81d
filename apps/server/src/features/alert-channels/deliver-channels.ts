import { randomBytes } from 'node:crypto';
import { type AlertFigures, alertChannelPauseAfterFailures, alertFiguresSchema } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { chainNameOf } from '../../core/chain/chain-name.ts';
import type { AlertChannelsConfig } from '../../core/config.ts';
import type { Database } from '../../core/db/index.ts';
import { RetryLaterError, runWork, type WorkKind } from '../../core/jobs/work-engine.ts';
import type { NotificationRow } from '../../core/notifications/repository.ts';
import { insertNotification } from '../../core/notifications/repository.ts';
import { type ChannelAlert, testAlert } from './channel-messages.ts';
import { minuteMs, type SendOutcome, sendToChannel } from './channel-send.ts';
import {
  type ChannelRow,
  claimChannelForSend,
  claimDelivery,
  type DeliveryRow,
  findDueDeliveries,
  finishDelivery,
  holdChannel,
  loadDeliveryNotifications,
  pauseFailingChannel,
  recordChannelFailure,
  recordChannelSuccess,
  releaseChannel,
} from './channels-repository.ts';
import type { ResolveHost } from './public-address.ts';

export type DeliverChannelsDeps = {
  db: Kysely<Database>;
  config: AlertChannelsConfig;
  publicUrl: string;
  /**
   * The clock, read at each moment that needs it (a signature's t, an answer's Retry-After, a row's outcome):
   * a tick with slow receivers lasts minutes, and a time taken at its start would be stale by its end.
   */
  now: () => Date;
  /** DNS, replaceable in tests. */
  resolve?: ResolveHost;
  /**
   * How many channels are sent to at once (default 4; one request at a time per channel): a slow receiver
   * holds one of them, never the others.
   */
  concurrency?: number;
  /**
   * The process is stopping: no more deliveries are claimed; the sends in flight end (or time out at the
   * delivery timeout) and are recorded, so none is left leased to a process about to die.
   */
  stopSignal?: AbortSignal;
};

const maxBackoffMs = 60 * minuteMs;
const giveUpAfterMs = 24 * 60 * minuteMs;

/**
 * How long a claimed delivery (and its channel) stays this process's: what one send can take at most (the
 * name's lookup and the request each end at the delivery timeout) and half a minute for the database, so no
 * other process takes a row while it is in flight; a process that died mid-send (SIGKILL) leaves its row and
 * channel to the others once this has passed: 50 s at the default 10 s timeout (issue 43, finding 2).
 */
export const deliveryLeaseMs = (timeoutMs: number) => 2 * timeoutMs + 30_000;

/** A due delivery, listed with the event it tells of (none for a test message). */
type DueDelivery = { id: number; channel_id: number; notification: NotificationRow | undefined };

/** A due delivery taken for this pass: its channel held for the send, the delivery under its own lease. */
type TakenDelivery = {
  channel: ChannelRow;
  delivery: DeliveryRow;
  notification: NotificationRow | undefined;
  takenAt: Date;
};

/** What a taken delivery came to: sent, refused for good, or too old to try. */
type Delivered = Exclude<SendOutcome, { kind: 'retry' }> | { kind: 'expired' };

/** A send worth another try (5xx, 429, timeout, network); at the receiver's Retry-After when it named one. */
class SendRetryError extends RetryLaterError {
  constructor(readonly outcome: Extract<SendOutcome, { kind: 'retry' }>) {
    super(outcome.reason, outcome.retryAt === undefined ? undefined : new Date(outcome.retryAt));
  }
}

function alertOf(
  delivery: DeliveryRow,
  notification: NotificationRow | undefined,
  publicUrl: string,
): ChannelAlert {
  if (!notification) return testAlert(delivery.id, delivery.created_at, publicUrl);
  return {
    id: `n${notification.id}`,
    rule: notification.rule,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    occurredAt: notification.created_at,
    wallet: notification.wallet_address,
    farm: notification.farm_address,
    position: notification.position,
    chain:
      notification.chain_id === null
        ? null
        : { id: notification.chain_id, name: chainNameOf(notification.chain_id) },
    figures: figuresOf(notification.figures),
  };
}

/** The stored figures (JSON); none for an event stored before they were (or unreadable). */
function figuresOf(stored: string | null): AlertFigures {
  if (stored === null) return {};
  const parsed = alertFiguresSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : {};
}

/**
 * Counts a failure in a row on the channel (a refusal, or a try that will be made again); at 20 it is paused
 * and its user told.
 */
async function countChannelFailure(
  deps: DeliverChannelsDeps,
  channel: ChannelRow,
  reason: string,
  at: string,
): Promise<void> {
  const { db } = deps;
  const failures = await recordChannelFailure(db, channel.id, reason, at);
  if (failures < alertChannelPauseAfterFailures) return;
  const paused = await pauseFailingChannel(db, channel.id, alertChannelPauseAfterFailures);
  if (!paused) return;
  // The user hears of it in the app (the bell), the one place that surely still reaches them.
  await insertNotification(db, {
    user_id: paused.user_id,
    event_key: `channel_paused:${paused.id}:${at}`,
    rule: 'channel_paused',
    farm_address: '',
    wallet_address: '',
    title: `${paused.label}: channel paused after ${alertChannelPauseAfterFailures} failed deliveries`,
    body: `Tidewatch stopped sending alerts to your ${paused.label} channel after ${alertChannelPauseAfterFailures} failed deliveries in a row (the last: ${reason}). Fix the receiver, then resume the channel in the alert settings.`,
    link: `${deps.publicUrl}/settings/alerts`,
    created_at: at,
    email_status: 'off',
  });
}

/**
 * Channel deliveries as a kind of the work engine, its unit one delivery and its lane the delivery's channel.
 * Each outcome is recorded only while the delivery's lease is still `owner`'s (else the process that took it
 * over records its own). `counts.sent` counts the deliveries sent.
 */
function channelDeliveries(
  deps: DeliverChannelsDeps,
  owner: string,
  counts: { sent: number },
): WorkKind<TakenDelivery, Delivered, DueDelivery> {
  const { db } = deps;
  const leaseMs = deliveryLeaseMs(deps.config.deliveryTimeoutMs);
  return {
    claim: async () => {
      const due = await findDueDeliveries(db, deps.now().toISOString(), 200);
      if (due.length === 0) return [];
      const notifications = await loadDeliveryNotifications(db, due);
      return due.map((row) => ({
        id: row.id,
        channel_id: row.channel_id,
        notification: row.notification_id === null ? undefined : notifications.get(row.notification_id),
      }));
    },
    take: async (due) => {
      const now = deps.now();
      const at = now.toISOString();
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      // Paused, held by a 429 (here or in another process), or being sent to by another tick: its rows wait.
      const channel = await claimChannelForSend(db, due.channel_id, owner, at, leaseUntil);
      if (!channel) return { status: 'lane-held' };
      let delivery: DeliveryRow | undefined;
      try {
        delivery = await claimDelivery(db, due.id, owner, at, leaseUntil);
      } finally {
        if (!delivery) await releaseChannel(db, channel.id, owner);
      }
      // Another process took it (or sent it) while it waited in this pass's queue.
      if (!delivery) return { status: 'skipped' };
      return { status: 'taken', unit: { channel, delivery, notification: due.notification, takenAt: now } };
    },
    laneOf: (due) => due.channel_id,
    perform: async ({ channel, delivery, notification, takenAt }) => {
      // Too old to send (it waited out a pause, say): ended without a try.
      if (takenAt.getTime() - new Date(delivery.created_at).getTime() >= giveUpAfterMs)
        return { kind: 'expired' };
      const outcome = await sendToChannel(channel, alertOf(delivery, notification, deps.publicUrl), deps);
      if (outcome.kind === 'retry') throw new SendRetryError(outcome);
      return outcome;
    },
    record: async ({ channel, delivery }, delivered) => {
      if (delivered.kind === 'expired') {
        // Nothing the channel did wrong now, so not one of its failures in a row (20 of these would pause a
        // resumed channel unheard).
        await finishDelivery(db, delivery.id, owner, {
          status: 'failed',
          last_error: `gave up after a day${delivery.last_error ? `: ${delivery.last_error}` : ' without a try'}`,
          attempts: delivery.attempts,
        });
        return;
      }
      // The time the answer came, not the pass's start.
      const at = deps.now().toISOString();
      const attempts = delivery.attempts + 1;
      if (delivered.kind === 'sent') {
        if (!(await finishDelivery(db, delivery.id, owner, { status: 'sent', sent_at: at, attempts })))
          return;
        await recordChannelSuccess(db, channel.id, at);
        counts.sent += 1;
        return;
      }
      const failed = { status: 'failed' as const, last_error: delivered.reason, attempts };
      if (await finishDelivery(db, delivery.id, owner, failed)) {
        await countChannelFailure(deps, channel, delivered.reason, at);
      }
    },
    retry: { firstMs: minuteMs, maxMs: maxBackoffMs },
    backOff: async ({ channel, delivery }, failure) => {
      // Only a send's own failures are backed off; the database's go to the caller.
      if (!(failure.error instanceof SendRetryError)) throw failure.error;
      const { outcome } = failure.error;
      // The time the answer came (or the time ran out): Retry-After counts from it.
      const now = deps.now();
      const at = now.toISOString();
      const attempts = delivery.attempts + 1;
      const createdAt = new Date(delivery.created_at).getTime();
      const nextAt = failure.nextTryAt(attempts - 1, now).getTime();
      const hasRunOutOfTime =
        now.getTime() - createdAt >= giveUpAfterMs || nextAt - createdAt > giveUpAfterMs;
      const isRecorded = await finishDelivery(
        db,
        delivery.id,
        owner,
        hasRunOutOfTime
          ? { status: 'failed', last_error: `gave up after a day: ${outcome.reason}`, attempts }
          : {
              status: 'pending',
              last_error: outcome.reason,
              attempts,
              next_at: new Date(nextAt).toISOString(),
            },
      );
      if (!isRecorded) return;
      if (outcome.rateLimit) {
        // Rate limits are the channel's: its other deliveries wait too, in every process (the claim reads
        // the hold). A busy receiver is not a failing one; one asking for more than the cap is counted as
        // failing.
        const notBefore = new Date(outcome.retryAt ?? now.getTime() + minuteMs).toISOString();
        await holdChannel(db, channel.id, notBefore, outcome.reason, at);
        if (!outcome.rateLimit.isOverlong) return;
      }
      await countChannelFailure(deps, channel, outcome.reason, at);
    },
    release: ({ channel }) => releaseChannel(db, channel.id, owner),
  };
}

/**
 * One delivery tick: lists the due deliveries, then sends them channel by channel, a few channels at once,
 * one request at a time per channel. Before each send it takes the channel (active, not held by a 429, no
 * other tick sending to it: one conditional update, so a hold another process set is seen), then the
 * delivery, each under a lease owned by this tick (of several processes one gets each; a row waiting in this
 * tick's queue is free for another process meanwhile). A channel it cannot take keeps its rows for a later
 * tick. Each outcome is recorded only while the lease is still this tick's: sent (the channel's failure count
 * starts again), again later (5xx, timeout, network: back-off 1, 2, 4… minutes up to an hour; 429: its
 * Retry-After, at most an hour, longer counted as a failure), or failed (another 4xx, a redirect, a refused
 * URL; a day of retries). A channel failing 20 times in a row is paused and its user told in the bell. After
 * `stopSignal` no delivery is claimed. Answers how many were sent.
 */
export async function deliverAlertChannels(deps: DeliverChannelsDeps): Promise<number> {
  const counts = { sent: 0 };
  const owner = randomBytes(12).toString('hex');
  await runWork(channelDeliveries(deps, owner, counts), {
    concurrency: deps.concurrency ?? 4,
    stopSignal: deps.stopSignal,
  });
  return counts.sent;
}
