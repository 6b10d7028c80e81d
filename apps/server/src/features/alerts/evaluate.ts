import type { AlertRule } from '@tidewatch/shared';
import type { AlertKind, AlertSubject, AlertTracker, EvaluateDeps } from '../../core/alerts/alert-kind.ts';
import type { AlertEvent, RuleSetting } from '../../core/alerts/rules.ts';
import { insertNotification } from '../../core/notifications/repository.ts';
import { enqueueDeliveries } from '../alert-channels/index.ts';
import { loadRuleSettings } from './settings-repository.ts';

type Settings = Awaited<ReturnType<typeof loadRuleSettings>>;

/**
 * After a stored batch of snapshots of one kind of position: read its subjects (the kind's part) → for each
 * user tracking each one, the rules under that user's settings → store each event once per user (a unique
 * event key: two workers finding the same event store it once), with its e-mail pending unless the user or
 * the rule has e-mail off, and one delivery per alert channel the rule chose. Returns how many were new.
 * @example await evaluateAlerts(deps, v3Nft.alerts, stored.map((p) => p.positionId));
 */
export async function evaluateAlerts<Id>(
  deps: EvaluateDeps,
  kind: AlertKind<Id>,
  ids: Id[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const subjects = await kind.readSubjects(deps, ids);
  // A user tracking many positions: their settings are read once per run.
  const settingsOf = new Map<number, Settings>();
  const settingsFor = async (userId: number) => {
    const settings = settingsOf.get(userId) ?? (await loadRuleSettings(deps.db, userId));
    settingsOf.set(userId, settings);
    return settings;
  };
  let stored = 0;
  for (const subject of subjects) {
    for (const tracker of subject.trackers) {
      const settings = await settingsFor(tracker.id);
      const settingOf = (rule: AlertRule) => settings.of(rule, tracker.wallet);
      for (const event of subject.eventsFor(tracker.wallet, settingOf)) {
        if (await storeEvent(deps, subject, tracker, event, settingOf(event.rule))) stored += 1;
      }
    }
  }
  return stored;
}

/**
 * One event for one user: the notification and, in the same transaction, a delivery to each channel its rule
 * chose (issue 36): an event stored without its deliveries would never reach them (its key is taken). False
 * when the user already had it.
 */
async function storeEvent(
  deps: EvaluateDeps,
  subject: AlertSubject,
  tracker: AlertTracker,
  event: AlertEvent,
  setting: RuleSetting,
): Promise<boolean> {
  const now = deps.now.toISOString();
  const isEmailed = tracker.alert_email === 1 && tracker.email !== null && setting.isEmailEnabled;
  const id = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertNotification(trx, {
      user_id: tracker.id,
      event_key: event.key,
      rule: event.rule,
      ...subject.notification,
      wallet_address: tracker.wallet,
      title: event.title,
      body: event.body,
      created_at: now,
      email_status: isEmailed ? 'pending' : 'off',
      email_next_at: now,
      bell_hidden: setting.isBellEnabled === false ? 1 : 0,
      figures: JSON.stringify(event.figures),
    });
    if (inserted !== undefined) {
      await enqueueDeliveries(trx, tracker.id, inserted, setting.channelIds ?? [], now);
    }
    return inserted;
  });
  return id !== undefined;
}
