import {
  type AlertChannel,
  type AlertChannelList,
  AppError,
  type CreateAlertChannel,
  type CreatedAlertChannel,
  maxAlertChannels,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { AlertChannelsConfig } from '../../core/config.ts';
import type { Database } from '../../core/db/index.ts';
import { validationSummary } from '../../core/http/plain-validation.ts';
import {
  type ChannelRow,
  deleteChannel,
  enqueueTestDelivery,
  findChannel,
  findChannels,
  insertChannel,
  resumeChannel,
} from './channels-repository.ts';
import { isDiscordWebhookUrl } from './discord-url.ts';
import { checkReceiverUrl, type ResolveHost } from './public-address.ts';
import { telegramBot } from './telegram-bot.ts';
import {
  hashLinkCode,
  linkCodeLifetimeMs,
  linkCodeOf,
  newLinkNonce,
  telegramDeepLink,
} from './telegram-link.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/** What the channel use cases need: the database, the server secret (link codes) and the channels' config. */
export type ChannelsDeps = {
  db: Kysely<Database>;
  secret: string;
  config: AlertChannelsConfig;
  now: () => Date;
  /** DNS, replaceable in tests. */
  resolve?: ResolveHost;
};

const urlRefused = (message: string) =>
  new AppError('VALIDATION_FAILED', validationSummary([{ field: 'body.url', message }]), {
    details: [{ field: 'body.url', message }],
  });

/** The user's view of a stored URL: the host and path with long (secret-looking) parts masked. */
function maskedUrl(raw: string): string {
  const url = new URL(raw);
  const path = url.pathname
    .split('/')
    .map((part) => (part.length >= 16 ? `${part.slice(0, 4)}…` : part))
    .join('/');
  return `${url.origin}${path}${url.search ? '?…' : ''}`;
}

function toWire(row: ChannelRow, secret: string, botUsername: string | null, now: Date): AlertChannel {
  const isLinkOpen =
    row.status === 'linking' &&
    row.link_nonce !== null &&
    row.link_expires_at !== null &&
    row.link_expires_at > now.toISOString();
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    target: row.target,
    status: row.status,
    link_url:
      isLinkOpen && botUsername ? telegramDeepLink(botUsername, linkCodeOf(secret, row.link_nonce!)) : null,
    last_delivery_at: row.last_delivery_at,
    last_error:
      row.status === 'linking' && !isLinkOpen && row.last_error === null
        ? 'the link expired: remove this channel and add Telegram again'
        : row.last_error,
    last_error_at: row.last_error_at,
    failures_in_a_row: row.failures_in_a_row,
    // A 429's hold while it lasts (a past one is history, and the status line would only mislead).
    held_until: row.not_before !== null && row.not_before > now.toISOString() ? row.not_before : null,
    created_at: row.created_at,
  };
}

/** The bot's username (getMe, cached) when Telegram is configured; why not, when it cannot be read. */
async function telegramStatus(config: AlertChannelsConfig) {
  if (!config.telegramBotToken) return { available: false, username: null, error: null };
  const me = await telegramBot({ apiUrl: config.telegramApiUrl, token: config.telegramBotToken }).username();
  return { available: true, ...me };
}

/** GET /api/alerts/channels. */
export async function listAlertChannels(deps: ChannelsDeps, userId: number): Promise<AlertChannelList> {
  const telegram = await telegramStatus(deps.config);
  const rows = await findChannels(deps.db, userId);
  const now = deps.now();
  return {
    telegram: { available: telegram.available, bot_username: telegram.username },
    channels: rows.map((row) => toWire(row, deps.secret, telegram.username, now)),
  };
}

/**
 * POST /api/alerts/channels. Telegram: a 'linking' channel with a one-time code in its deep link (an
 * unreadable bot leaves the link null and says why in last_error). Discord and webhook: the URL must pass
 * the SSRF guard (Discord's must also be a Discord webhook), else a 400 naming `url`; a webhook's signing
 * secret is answered this once.
 */
export async function createAlertChannel(
  deps: ChannelsDeps,
  userId: number,
  input: CreateAlertChannel,
): Promise<CreatedAlertChannel> {
  const { db, config } = deps;
  const now = deps.now();
  const at = now.toISOString();
  if ((await findChannels(db, userId)).length >= maxAlertChannels) {
    throw new AppError(
      'CONFLICT',
      `You have ${maxAlertChannels} alert channels, the most there can be: remove one first.`,
    );
  }
  if (input.kind === 'telegram') {
    const telegram = await telegramStatus(config);
    if (!telegram.available) {
      const message = 'Telegram is not set up on this server (its operator sets TELEGRAM_BOT_TOKEN)';
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.kind', message }] });
    }
    const nonce = newLinkNonce();
    const row = await insertChannel(db, {
      user_id: userId,
      kind: 'telegram',
      label: input.label || 'Telegram',
      status: 'linking',
      target: 'not linked yet',
      link_nonce: nonce,
      link_code_hash: hashLinkCode(linkCodeOf(deps.secret, nonce)),
      link_expires_at: new Date(now.getTime() + linkCodeLifetimeMs).toISOString(),
      last_error: telegram.error,
      last_error_at: telegram.error ? at : null,
      created_at: at,
    });
    return { channel: toWire(row, deps.secret, telegram.username, now), secret: null };
  }
  if (input.kind === 'discord' && !isDiscordWebhookUrl(input.url, config.discordWebhookBaseUrl)) {
    throw urlRefused(`must be a Discord webhook URL (${config.discordWebhookBaseUrl}/…)`);
  }
  const checked = await checkReceiverUrl(input.url, {
    allowLoopback: config.allowLoopback,
    resolve: deps.resolve,
    // A name server that never answers: a 400 after the delivery timeout, not a request hanging on.
    signal: AbortSignal.timeout(config.deliveryTimeoutMs),
  });
  if (!checked.ok) throw urlRefused(checked.reason);
  const secret = input.kind === 'webhook' ? newWebhookSecret() : null;
  const row = await insertChannel(db, {
    user_id: userId,
    kind: input.kind,
    label: input.label || (input.kind === 'discord' ? 'Discord' : checked.pinned.url.hostname),
    status: 'active',
    target: maskedUrl(input.url),
    url: input.url,
    secret,
    created_at: at,
  });
  return { channel: toWire(row, deps.secret, null, now), secret };
}

const notFound = () => new AppError('NOT_FOUND', 'No such alert channel.');

/** DELETE /api/alerts/channels/:id. */
export async function removeAlertChannel(deps: ChannelsDeps, userId: number, id: number): Promise<void> {
  if (!(await deleteChannel(deps.db, userId, id))) throw notFound();
}

/** How often one channel may be sent a test alert. */
const testAlertEveryMs = 30_000;

/**
 * POST /api/alerts/channels/:id/test: a test alert queued to this channel only (it must be linked), at most
 * one every 30 seconds (else 429, saying when).
 */
export async function queueTestAlert(deps: ChannelsDeps, userId: number, id: number): Promise<void> {
  const channel = await findChannel(deps.db, userId, id);
  if (!channel) throw notFound();
  if (channel.status !== 'active') {
    throw new AppError(
      'CONFLICT',
      channel.status === 'linking'
        ? 'This Telegram chat is not linked yet: open the link and press Start first.'
        : 'This channel is paused: resume it first.',
    );
  }
  const now = deps.now();
  const since = new Date(now.getTime() - testAlertEveryMs);
  if (!(await enqueueTestDelivery(deps.db, id, now.toISOString(), since.toISOString()))) {
    // Each test is a POST to a public URL of the user's choosing: not a tool for flooding one.
    const waitMs = channel.last_test_at ? new Date(channel.last_test_at).getTime() - since.getTime() : 0;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    // retryAfterSeconds leaves as the Retry-After header (the error handler).
    throw Object.assign(
      new AppError(
        'RATE_LIMITED',
        `A test alert went to this channel moments ago: send another in ${seconds} s.`,
      ),
      { retryAfterSeconds: seconds },
    );
  }
}

/**
 * POST /api/alerts/channels/:id/resume: a paused or held channel active again, its failures and hold reset, and
 * what it still owes sent at the next tick.
 */
export async function resumeAlertChannel(
  deps: ChannelsDeps,
  userId: number,
  id: number,
): Promise<AlertChannel> {
  const row = await resumeChannel(deps.db, userId, id, deps.now().toISOString());
  if (!row) {
    if (await findChannel(deps.db, userId, id)) {
      throw new AppError('CONFLICT', 'This Telegram chat is not linked yet: there is nothing to resume.');
    }
    throw notFound();
  }
  return toWire(row, deps.secret, null, deps.now());
}
