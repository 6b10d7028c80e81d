import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { maxAlertChannelId } from './alert-channels.ts';

/**
 * The alert rules, each evaluated after every scheduled snapshot run: the V2 farms' (issue 15) and the V3
 * positions' (issue 34: out of range, back in range, farming incentive ending; and value moved, issue 42).
 */
export const alertRuleNames = [
  'ending_soon',
  'ended_with_stake',
  'paused',
  'value_moved',
  'apr_below',
  'out_of_range',
  'back_in_range',
  'incentive_ending',
] as const;
export const alertRuleSchema = z.enum(alertRuleNames);
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** What each rule says, for settings screens and e-mails. */
export const alertRuleLabels: Record<AlertRule, string> = {
  ending_soon: "a farm's rewards end within 72 hours while the wallet has stake",
  ended_with_stake: 'a farm has ended while the wallet still has stake or unclaimed rewards',
  paused: 'a dual farm is paused',
  value_moved: "the position's USD value moved by at least the threshold (%) in 24 hours",
  apr_below: "the farm's APR fell below the threshold (%)",
  out_of_range: 'a V3 position went out of its price range (it earns no swap fees there)',
  back_in_range: 'a V3 position is back in its price range',
  incentive_ending: "a V3 position's farming incentive ends within 72 hours",
};

/** Thresholds: value_moved 1-1000 (% in 24 h, default 20); apr_below 0-100000 (% APR, off by default). */
export const alertThresholdRanges: Partial<
  Record<AlertRule, { min: number; max: number; fallback: number }>
> = {
  value_moved: { min: 1, max: 1000, fallback: 20 },
  apr_below: { min: 0, max: 100_000, fallback: 10 },
};

export const alertRuleSettingSchema = z.strictObject({
  rule: alertRuleSchema,
  /** A wallet's own setting; null = every wallet. */
  wallet_address: hexAddressSchema.nullable().default(null),
  is_enabled: z.boolean(),
  email_enabled: z.boolean().default(true),
  /** false: the rule's events are not shown in the header's bell (they still go to the chosen channels). */
  bell_enabled: z.boolean().default(true),
  /** The user's alert channels (Telegram, Discord, webhook) this rule's events also go to (issue 36). */
  channel_ids: z
    .array(z.number().int().positive().max(maxAlertChannelId, 'no such alert channel id'))
    .max(10)
    .default([]),
  threshold: z.number().finite().nullable().default(null),
});
export type AlertRuleSetting = z.infer<typeof alertRuleSettingSchema>;

/** GET / PUT /api/alerts/settings. */
export const alertSettingsSchema = z.strictObject({
  email_enabled: z.boolean(),
  rules: z.array(alertRuleSettingSchema).max(200),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** A rule's event, or 'channel_paused': an alert channel stopped after 20 failed deliveries (issue 36). */
  rule: z.union([alertRuleSchema, z.literal('channel_paused')]),
  farm_address: z.string(),
  wallet_address: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** The chain the event happened on, by name ('Polygon', 'Base'); null for a paused channel's notice (issue 47). */
  chain: z.string().nullable(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest 50 and how many are unread. */
export const notificationListSchema = z.object({
  unread: z.number().int(),
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: these, or all. */
export const markNotificationsReadSchema = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);
