import { z } from 'zod';

/**
 * Alert channels (issue 36): where a user's alerts go beside the e-mail and the bell. A Telegram chat linked
 * through the bot's deep link, a Discord webhook, or a signed webhook to any public https URL.
 */
const alertChannelKinds = ['telegram', 'discord', 'webhook'] as const;
const alertChannelKindSchema = z.enum(alertChannelKinds);
export type AlertChannelKind = z.infer<typeof alertChannelKindSchema>;

/** 'linking': a Telegram channel waiting for its /start message; 'paused': after 20 failed deliveries in a row. */
const alertChannelStatuses = ['linking', 'active', 'paused'] as const;
export type AlertChannelStatus = (typeof alertChannelStatuses)[number];

/** How many channels one user may have. */
export const maxAlertChannels = 10;

/** Deliveries that fail this many times in a row pause their channel (the user is told in the app). */
export const alertChannelPauseAfterFailures = 20;

export const alertChannelSchema = z.object({
  id: z.number().int(),
  kind: alertChannelKindSchema,
  label: z.string(),
  /** The chat title or '@user' (Telegram), or the URL with its secret part masked (Discord, webhook). */
  target: z.string(),
  status: z.enum(alertChannelStatuses),
  /** Telegram while linking: https://t.me/{bot}?start={code}, shown once per code; else null. */
  link_url: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  failures_in_a_row: z.number().int(),
  /**
   * The receiver answered 429: nothing goes to the channel before this (its Retry-After, at most an hour);
   * null when not held. Resuming the channel lifts it.
   */
  held_until: z.string().nullable(),
  created_at: z.string(),
});
export type AlertChannel = z.infer<typeof alertChannelSchema>;

/** GET /api/alerts/channels. Telegram is offered only when the operator set a bot token. */
export const alertChannelListSchema = z.object({
  telegram: z.object({ available: z.boolean(), bot_username: z.string().nullable() }),
  channels: z.array(alertChannelSchema),
});
export type AlertChannelList = z.infer<typeof alertChannelListSchema>;

const channelUrlSchema = z.string().trim().min(1, 'a URL is required').max(2000, 'at most 2000 characters');

/** POST /api/alerts/channels. */
export const createAlertChannelSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('telegram'), label: z.string().trim().max(60).optional() }),
  z.strictObject({
    kind: z.literal('discord'),
    url: channelUrlSchema,
    label: z.string().trim().max(60).optional(),
  }),
  z.strictObject({
    kind: z.literal('webhook'),
    url: channelUrlSchema,
    label: z.string().trim().max(60).optional(),
  }),
]);
export type CreateAlertChannel = z.infer<typeof createAlertChannelSchema>;

/** POST /api/alerts/channels 201: the channel, and a webhook's signing secret (shown this once; else null). */
export const createdAlertChannelSchema = z.object({
  channel: alertChannelSchema,
  secret: z.string().nullable(),
});
export type CreatedAlertChannel = z.infer<typeof createdAlertChannelSchema>;

/** The largest id a channel can have: the databases' 32-bit integer (a larger one would fail the query). */
export const maxAlertChannelId = 2_147_483_647;

/** The :id of /api/alerts/channels/:id, /test and /resume. */
export const alertChannelParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(maxAlertChannelId, 'no such alert channel id'),
});

/** A token amount in an alert's figures: exact, a decimal string in the token's own units. */
const figureAmountSchema = z.object({ symbol: z.string(), amount: z.string() });

/**
 * An alert's numbers, by rule, as stored with the event when it was found (null: unknown, never 0). USD
 * amounts and percentages are numbers; token amounts and V3 prices exact decimal strings; times ISO.
 * - ending_soon: ends_at, hours_left, staked_lp, staked_usd, earned ([{symbol, amount}], unclaimed)
 * - ended_with_stake: ended_at, staked_lp, staked_usd, earned
 * - paused: staked_lp, staked_usd, earned
 * - value_moved: change_pct, value_usd, previous_usd (24 h before, of the stake held now), threshold_pct
 * - apr_below: apr_pct, threshold_pct
 * - out_of_range, back_in_range: price, lower, upper (token1 per token0, as price_unit says), block
 * - incentive_ending: ends_at, hours_left, incentive_id
 * A test alert's are empty.
 */
export const alertFiguresSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.null(), z.array(figureAmountSchema)]),
);
export type AlertFigures = z.infer<typeof alertFiguresSchema>;

/**
 * The JSON body a webhook channel receives (signed: `Tidewatch-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`, and `Tidewatch-Event-Id: <id>`), with the event's figures.
 */
const alertWebhookBodySchema = z.object({
  id: z.string(),
  rule: z.string(),
  occurred_at: z.string(),
  wallet: z.string(),
  farm: z.string(),
  position: z.string().nullable(),
  /** The chain the event happened on (137 Polygon, 8453 Base): `farm` alone names no chain. Null: a test alert. */
  chain_id: z.number().int().nullable(),
  /** Its name, as the alert's title says it ('Polygon', 'Base'). */
  chain: z.string().nullable(),
  figures: alertFiguresSchema,
  url: z.string(),
});
export type AlertWebhookBody = z.infer<typeof alertWebhookBodySchema>;
