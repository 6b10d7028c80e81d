import type { AlertChannelsConfig } from '../../core/config.ts';
import { type ChannelAlert, discordMessage, telegramText, webhookBody } from './channel-messages.ts';
import type { ChannelRow } from './channels-repository.ts';
import { postToPinned, type ReceiverAnswer } from './pinned-post.ts';
import { checkReceiverUrl, type ResolveHost } from './public-address.ts';
import { telegramBot } from './telegram-bot.ts';
import { signWebhookBody } from './webhook-signature.ts';

/** What one send needs: the channels' settings, the clock (read as the answer comes), DNS (for tests). */
export type SendDeps = {
  config: AlertChannelsConfig;
  now: () => Date;
  resolve?: ResolveHost;
};

export const minuteMs = 60_000;

/**
 * The longest a 429 holds a channel. A receiver asking for longer (Retry-After: a week, or a number too large
 * for a date) is treated as failing: held this long and counted as a failure in a row, so a channel that
 * never lets anything through is paused and its user told, instead of going quiet unseen for a week.
 */
const maxRateLimitHoldMs = 60 * minuteMs;

/** How a send went: through, worth another try (when), or refused for good. */
export type SendOutcome =
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

/** Sends one alert to one channel within the delivery timeout; never throws. */
export async function sendToChannel(
  channel: ChannelRow,
  alert: ChannelAlert,
  deps: SendDeps,
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
