import { randomBytes } from 'node:crypto';
import { type AlertFigures, alertChannelPauseAfterFailures, alertFiguresSchema } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { AlertChannelsConfig } from '../../core/config.ts';
import type { Database } from '../../core/db/index.ts';
import { retryDelayMs } from '../../core/jobs/backoff.ts';
import type { NotificationRow } from '../../core/notifications/repository.ts';
import { insertNotification } from '../../core/notifications/repository.ts';
import {
  type ChannelAlert,
  discordMessage,
  telegramText,
  testAlert,
  webhookBody,
} from './channel-messages.ts';
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
import { postToPinned, type ReceiverAnswer } from './pinned-post.ts';
import { checkReceiverUrl, type ResolveHost } from './public-address.ts';
import { telegramBot } from './telegram-bot.ts';
import { signWebhookBody } from './webhook-signature.ts';

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

const minuteMs = 60_000;
const maxBackoffMs = 60 * minuteMs;
const giveUpAfterMs = 24 * 60 * minuteMs;

/**
 * The longest a 429 holds a channel. A receiver asking for longer (Retry-After: a week, or a number too large
 * for a date) is treated as failing: held this long and counted as a failure in a row, so a channel that
 * never lets anything through is paused and its user told, instead of going quiet unseen for a week.
 */
const maxRateLimitHoldMs = 60 * minuteMs;

/** How a send went: through, worth another try (when), or refused for good. */
type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; reason: string; retryAt?: number; rateLimit?: { isOverlong: boolean } }
  | { kind: 'failed'; reason: string };

/**
 * How long Retry-After asks to wait (ms from the answer), in seconds or as an HTTP date; Discord's and
 * Telegram's bodies say it too. Any size (even Infinity): the caller caps it before it becomes a date.
 */
function requestedWaitMsOf(answer: ReceiverAnswer, answeredAt: Date): number | undefined {
  const header = answer.headers['retry-after'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined) {
    // Digits too many for a double read as Infinity: still a (very long) wait.
    const seconds = Number(value);
    if (!Number.isNaN(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(0, date - answeredAt.getTime());
  }
  try {
    const body = JSON.parse(answer.body) as { retry_after?: number; parameters?: { retry_after?: number } };
    const seconds = body.retry_after ?? body.parameters?.retry_after;
    if (typeof seconds === 'number' && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // Not JSON: no hint beyond the status.
  }
  return undefined;
}

/** A 429: the channel held until its Retry-After (a minute without one), at most an hour (see maxRateLimitHoldMs). */
function rateLimitedOutcome(answer: ReceiverAnswer, answeredAt: Date): SendOutcome {
  const requestedMs = requestedWaitMsOf(answer, answeredAt) ?? minuteMs;
  const isOverlong = requestedMs > maxRateLimitHoldMs;
  const holdMs = Math.min(requestedMs, maxRateLimitHoldMs);
  const reason = isOverlong
    ? `${reasonOf(answer)} (asked to wait ${Number.isFinite(requestedMs) ? `${Math.round(requestedMs / 1000)} s` : 'for ever'}; held ${maxRateLimitHoldMs / minuteMs} min and counted as a failure)`
    : reasonOf(answer);
  return { kind: 'retry', reason, retryAt: answeredAt.getTime() + holdMs, rateLimit: { isOverlong } };
}

/** The receiver's own words for a refusal, short. */
function reasonOf(answer: ReceiverAnswer): string {
  let detail = answer.body.trim().slice(0, 200);
  try {
    const body = JSON.parse(answer.body) as { description?: string; message?: string; error?: string };
    detail = body.description ?? body.message ?? body.error ?? detail;
  } catch {
    // Plain text, kept as it is.
  }
  return `HTTP ${answer.status}${detail ? `: ${detail}` : ''}`;
}

/** 2xx sent; 429 and 5xx again later; a 3xx (redirects are not followed) and other 4xx failed for good. */
function outcomeOf(answer: ReceiverAnswer, answeredAt: Date): SendOutcome {
  if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
  if (answer.status === 429) return rateLimitedOutcome(answer, answeredAt);
  if (answer.status >= 500) return { kind: 'retry', reason: reasonOf(answer) };
  if (answer.status >= 300 && answer.status < 400) {
    return {
      kind: 'failed',
      reason: `HTTP ${answer.status}: the receiver redirects, and redirects are not followed`,
    };
  }
  return { kind: 'failed', reason: reasonOf(answer) };
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
    figures: figuresOf(notification.figures),
  };
}

/** The stored figures (JSON); none for an event stored before they were (or unreadable). */
function figuresOf(stored: string | null): AlertFigures {
  if (stored === null) return {};
  const parsed = alertFiguresSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : {};
}

/** Sends one alert to one channel within the delivery timeout; never throws. */
async function send(
  channel: ChannelRow,
  alert: ChannelAlert,
  deps: DeliverChannelsDeps,
): Promise<SendOutcome> {
  const { config } = deps;
  const signal = AbortSignal.timeout(config.deliveryTimeoutMs);
  try {
    if (channel.kind === 'telegram') {
      if (!config.telegramBotToken || !channel.telegram_chat_id) {
        return { kind: 'retry', reason: 'Telegram is not set up on this server (TELEGRAM_BOT_TOKEN)' };
      }
      const bot = telegramBot({ apiUrl: config.telegramApiUrl, token: config.telegramBotToken });
      const answer = await bot.sendMessage(channel.telegram_chat_id, telegramText(alert), signal);
      // A wrong token is the operator's to fix, not the user's chat's: worth trying again later.
      if (answer.status === 401)
        return { kind: 'retry', reason: `${reasonOf(answer)} (the bot token is wrong)` };
      return outcomeOf(answer, deps.now());
    }
    // Checked again at send time: the name may resolve elsewhere now; the request goes to the address checked.
    // The lookup ends with the delivery's signal too: a name server that never answers is a timeout.
    const checked = await checkReceiverUrl(channel.url ?? '', {
      allowLoopback: config.allowLoopback,
      resolve: deps.resolve,
      signal,
    });
    if (!checked.ok) {
      // A name that does not resolve now may tomorrow (a DNS outage); an address refused stays refused.
      if (checked.isTemporary) {
        const reason = signal.aborted
          ? `no answer within ${config.deliveryTimeoutMs / 1000} s (the host name did not resolve)`
          : checked.reason;
        return { kind: 'retry', reason };
      }
      return { kind: 'failed', reason: `the URL is refused: ${checked.reason}` };
    }
    if (channel.kind === 'discord') {
      const answer = await postToPinned(checked.pinned, JSON.stringify(discordMessage(alert)), {}, signal);
      return outcomeOf(answer, deps.now());
    }
    const body = JSON.stringify(webhookBody(alert));
    const answer = await postToPinned(
      checked.pinned,
      body,
      {
        // Signed as it leaves: a receiver refuses a t more than 5 minutes from its own clock.
        'tidewatch-signature': signWebhookBody(channel.secret ?? '', body, deps.now()),
        'tidewatch-event-id': alert.id,
      },
      signal,
    );
    return outcomeOf(answer, deps.now());
  } catch (error) {
    const reason = signal.aborted
      ? `no answer within ${config.deliveryTimeoutMs / 1000} s`
      : `network error: ${(error as Error).message}`;
    return { kind: 'retry', reason };
  }
}

/**
 * Records an outcome on the delivery and its channel while `owner` still holds the delivery's lease (else
 * nothing: the process that took it over records its own); pauses a channel at 20 failures in a row.
 * Answers whether it was recorded.
 */
async function record(
  deps: DeliverChannelsDeps,
  owner: string,
  delivery: DeliveryRow,
  channel: ChannelRow,
  outcome: SendOutcome,
): Promise<boolean> {
  const { db } = deps;
  // The time the answer came (or the time ran out), not the tick's start: Retry-After counts from it.
  const now = deps.now();
  const at = now.toISOString();
  const attempts = delivery.attempts + 1;
  if (outcome.kind === 'sent') {
    if (!(await finishDelivery(db, delivery.id, owner, { status: 'sent', sent_at: at, attempts })))
      return false;
    await recordChannelSuccess(db, channel.id, at);
    return true;
  }
  const age = now.getTime() - new Date(delivery.created_at).getTime();
  let isRecorded: boolean;
  if (outcome.kind === 'failed') {
    isRecorded = await finishDelivery(db, delivery.id, owner, {
      status: 'failed',
      last_error: outcome.reason,
      attempts,
    });
  } else {
    const backoffMs = retryDelayMs(attempts - 1, { firstMs: minuteMs, maxMs: maxBackoffMs });
    const nextAt = outcome.retryAt ?? now.getTime() + backoffMs;
    if (age >= giveUpAfterMs || nextAt - new Date(delivery.created_at).getTime() > giveUpAfterMs) {
      isRecorded = await finishDelivery(db, delivery.id, owner, {
        status: 'failed',
        last_error: `gave up after a day: ${outcome.reason}`,
        attempts,
      });
    } else {
      isRecorded = await finishDelivery(db, delivery.id, owner, {
        status: 'pending',
        last_error: outcome.reason,
        attempts,
        next_at: new Date(nextAt).toISOString(),
      });
    }
  }
  if (!isRecorded) return false;
  if (outcome.kind === 'retry' && outcome.rateLimit) {
    // Rate limits are the channel's: its other deliveries wait too, in every process (the claim reads the
    // hold). A busy receiver is not a failing one; one asking for more than the cap is counted as failing.
    const notBefore = new Date(outcome.retryAt ?? now.getTime() + minuteMs).toISOString();
    await holdChannel(db, channel.id, notBefore, outcome.reason, at);
    if (!outcome.rateLimit.isOverlong) return true;
  }
  const failures = await recordChannelFailure(db, channel.id, outcome.reason, at);
  if (failures < alertChannelPauseAfterFailures) return true;
  const paused = await pauseFailingChannel(db, channel.id, alertChannelPauseAfterFailures);
  if (!paused) return true;
  // The user hears of it in the app (the bell), the one place that surely still reaches them.
  await insertNotification(db, {
    user_id: paused.user_id,
    event_key: `channel_paused:${paused.id}:${at}`,
    rule: 'channel_paused',
    farm_address: '',
    wallet_address: '',
    title: `${paused.label}: channel paused after ${alertChannelPauseAfterFailures} failed deliveries`,
    body: `Tidewatch stopped sending alerts to your ${paused.label} channel after ${alertChannelPauseAfterFailures} failed deliveries in a row (the last: ${outcome.reason}). Fix the receiver, then resume the channel in the alert settings.`,
    link: `${deps.publicUrl}/settings/alerts`,
    created_at: at,
    email_status: 'off',
  });
  return true;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** Due rows grouped by channel, each group in the rows' order (oldest first). */
function byChannel<T extends { channel_id: number }>(rows: T[]): T[][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.channel_id);
    if (group) group.push(row);
    else groups.set(row.channel_id, [row]);
  }
  return [...groups.values()];
}

/**
 * How long a claimed delivery (and its channel) stays this process's: what one send can take at most (the
 * name's lookup and the request each end at the delivery timeout) and half a minute for the database, so no
 * other process takes a row while it is in flight; a process that died mid-send (SIGKILL) leaves its row and
 * channel to the others once this has passed: 50 s at the default 10 s timeout (issue 43, finding 2).
 */
export const deliveryLeaseMs = (timeoutMs: number) => 2 * timeoutMs + 30_000;

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
  const { db } = deps;
  const owner = randomBytes(12).toString('hex');
  const due = await findDueDeliveries(db, deps.now().toISOString(), 200);
  if (due.length === 0) return 0;
  const notifications = await loadDeliveryNotifications(db, due);
  const leaseMs = deliveryLeaseMs(deps.config.deliveryTimeoutMs);
  let sent = 0;
  /** Sends one due row if its channel and the row can be taken now; whether the channel could be. */
  const deliverOne = async (row: (typeof due)[number]): Promise<boolean> => {
    const now = deps.now();
    const at = now.toISOString();
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    // Paused, held by a 429 (here or in another process), or being sent to by another tick: its rows wait.
    const channel = await claimChannelForSend(db, row.channel_id, owner, at, leaseUntil);
    if (!channel) return false;
    try {
      const delivery = await claimDelivery(db, row.id, owner, at, leaseUntil);
      // Another process took it (or sent it) while it waited in this tick's queue.
      if (!delivery) return true;
      if (now.getTime() - new Date(delivery.created_at).getTime() >= giveUpAfterMs) {
        // Too old to send (it waited out a pause, say): ended without a try, so nothing the channel did wrong
        // now, and not one of its failures in a row (20 of these would pause a resumed channel unheard).
        await finishDelivery(db, delivery.id, owner, {
          status: 'failed',
          last_error: `gave up after a day${delivery.last_error ? `: ${delivery.last_error}` : ' without a try'}`,
          attempts: delivery.attempts,
        });
        return true;
      }
      const notification =
        delivery.notification_id === null ? undefined : notifications.get(delivery.notification_id);
      const outcome = await send(channel, alertOf(delivery, notification, deps.publicUrl), deps);
      if ((await record(deps, owner, delivery, channel, outcome)) && outcome.kind === 'sent') sent += 1;
      return true;
    } finally {
      await releaseChannel(db, channel.id, owner);
    }
  };
  await eachLimited(byChannel(due), deps.concurrency ?? 4, async (rows) => {
    for (const row of rows) {
      if (deps.stopSignal?.aborted) return;
      if (!(await deliverOne(row))) return;
    }
  });
  return sent;
}
