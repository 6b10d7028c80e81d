import {
  type AlertRule,
  type AlertSettings,
  AppError,
  alertRuleNames,
  alertThresholdRanges,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import { defaultRuleSettings, type RuleSetting } from '../../core/alerts/rules.ts';
import type { Database } from '../../core/db/index.ts';
import { validationSummary } from '../../core/http/plain-validation.ts';
import { ownedChannelIds } from '../alert-channels/index.ts';

type Db = Kysely<Database>;

/** alert_rules.channel_ids: a JSON array of channel ids ('[]' when none). */
function parseChannelIds(json: string): number[] {
  try {
    const ids = JSON.parse(json) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** A user's rule settings: a wallet's own row, else the all-wallets row, else the rule's default. */
export async function loadRuleSettings(db: Db, userId: number) {
  const rows = await db.selectFrom('alert_rules').selectAll().where('user_id', '=', userId).execute();
  const byKey = new Map(rows.map((r) => [`${r.rule}:${r.wallet_address.toLowerCase()}`, r]));
  return {
    rows,
    of(rule: AlertRule, wallet: string): RuleSetting {
      const row = byKey.get(`${rule}:${wallet.toLowerCase()}`) ?? byKey.get(`${rule}:`);
      if (!row) return defaultRuleSettings[rule];
      return {
        isEnabled: row.is_enabled === 1,
        isEmailEnabled: row.is_email_enabled === 1,
        threshold: row.threshold ?? defaultRuleSettings[rule].threshold,
        isBellEnabled: row.is_bell_enabled === 1,
        channelIds: parseChannelIds(row.channel_ids),
      };
    },
  };
}

/** GET /api/alerts/settings: every rule for all wallets (defaults filled in), then per-wallet rows. */
export async function getAlertSettings(db: Db, userId: number): Promise<AlertSettings> {
  const user = await db
    .selectFrom('users')
    .select('alert_email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const settings = await loadRuleSettings(db, userId);
  const all = alertRuleNames.map((rule) => {
    const s = settings.of(rule, '');
    return {
      rule,
      wallet_address: null,
      is_enabled: s.isEnabled,
      email_enabled: s.isEmailEnabled,
      bell_enabled: s.isBellEnabled ?? true,
      channel_ids: s.channelIds ?? [],
      threshold: s.threshold,
    };
  });
  const perWallet = settings.rows
    .filter((r) => r.wallet_address !== '')
    .map((r) => ({
      rule: r.rule,
      wallet_address: r.wallet_address,
      is_enabled: r.is_enabled === 1,
      email_enabled: r.is_email_enabled === 1,
      bell_enabled: r.is_bell_enabled === 1,
      channel_ids: parseChannelIds(r.channel_ids),
      threshold: r.threshold,
    }));
  return { email_enabled: user.alert_email === 1, rules: [...all, ...perWallet] };
}

/**
 * PUT /api/alerts/settings: replaces the user's settings in one transaction. A threshold out of its range,
 * or given to a rule that has none, is a 400 naming the field; nothing is written then.
 */
export async function putAlertSettings(
  db: Db,
  userId: number,
  input: AlertSettings,
  now: Date,
): Promise<AlertSettings> {
  const details = input.rules.flatMap((r, i) => {
    const range = alertThresholdRanges[r.rule];
    const field = `body.rules.${i}.threshold`;
    if (r.threshold === null) return [];
    if (!range) return [{ field, message: `the ${r.rule} rule takes no threshold` }];
    if (r.threshold < range.min || r.threshold > range.max) {
      return [{ field, message: `must be between ${range.min} and ${range.max}` }];
    }
    return [];
  });
  const owned = await ownedChannelIds(
    db,
    userId,
    input.rules.flatMap((r) => r.channel_ids),
  );
  input.rules.forEach((r, i) => {
    if (r.channel_ids.some((id) => !owned.has(id))) {
      details.push({
        field: `body.rules.${i}.channel_ids`,
        message: 'names an alert channel you do not have',
      });
    }
  });
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', validationSummary(details), { details });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ alert_email: input.email_enabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('alert_rules').where('user_id', '=', userId).execute();
    for (const r of input.rules) {
      await trx
        .insertInto('alert_rules')
        .values({
          user_id: userId,
          rule: r.rule,
          wallet_address: r.wallet_address ? getAddress(r.wallet_address) : '',
          is_enabled: r.is_enabled ? 1 : 0,
          is_email_enabled: r.email_enabled ? 1 : 0,
          is_bell_enabled: r.bell_enabled ? 1 : 0,
          channel_ids: JSON.stringify([...new Set(r.channel_ids)]),
          threshold: r.threshold,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'rule', 'wallet_address']).doUpdateSet({
            is_enabled: r.is_enabled ? 1 : 0,
            is_email_enabled: r.email_enabled ? 1 : 0,
            is_bell_enabled: r.bell_enabled ? 1 : 0,
            channel_ids: JSON.stringify([...new Set(r.channel_ids)]),
            threshold: r.threshold,
          }),
        )
        .execute();
    }
  });
  return getAlertSettings(db, userId);
}

/** The e-mail unsubscribe: this rule's e-mails off for every wallet (or all alert e-mails for '*'). */
export async function unsubscribeRule(
  db: Db,
  userId: number,
  rule: AlertRule | '*',
  now: Date,
): Promise<void> {
  if (rule === '*') {
    await db.updateTable('users').set({ alert_email: 0 }).where('id', '=', userId).execute();
    return;
  }
  const current = (await loadRuleSettings(db, userId)).of(rule, '');
  await db
    .insertInto('alert_rules')
    .values({
      user_id: userId,
      rule,
      wallet_address: '',
      is_enabled: current.isEnabled ? 1 : 0,
      is_email_enabled: 0,
      is_bell_enabled: current.isBellEnabled === false ? 0 : 1,
      channel_ids: JSON.stringify(current.channelIds ?? []),
      threshold: current.threshold,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'rule', 'wallet_address']).doUpdateSet({ is_email_enabled: 0 }),
    )
    .execute();
  // Per-wallet rows of that rule stop e-mailing too: the link said "this rule".
  await db
    .updateTable('alert_rules')
    .set({ is_email_enabled: 0 })
    .where('user_id', '=', userId)
    .where('rule', '=', rule)
    .execute();
}
