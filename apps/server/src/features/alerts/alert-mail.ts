import { type AlertRule, alertRuleLabels } from '@tidewatch/shared';
import type { MailMessage } from '../../core/mailer.ts';
import type { NotificationRow } from '../../core/notifications/repository.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

/**
 * What an alert e-mail says of one event: its rule, words and the link to its page in the app; `position`, a
 * V3 position's token id (null for a farm's event).
 */
type MailedAlert = Pick<NotificationRow, 'rule' | 'title' | 'body' | 'link'> &
  Partial<Pick<NotificationRow, 'position'>>;

/** The V3 positions' own rules (issue 34): their link opens a position's page, not a farm's. */
const positionRules: ReadonlySet<AlertRule> = new Set(['out_of_range', 'back_in_range', 'incentive_ending']);

/** 'position' for a V3 position's event (its own rules, or a value move of one), 'farm' for a V2 farm's. */
const subjectOf = (row: MailedAlert) =>
  (row.position ?? null) !== null || positionRules.has(row.rule as AlertRule) ? 'position' : 'farm';

/** 'farms', 'positions', or 'farms and positions' for a digest of both. */
function subjectsOf(rows: readonly MailedAlert[]): string {
  const subjects = new Set(rows.map(subjectOf));
  return (['farm', 'position'] as const)
    .filter((subject) => subjects.has(subject))
    .map((subject) => `${subject}s`)
    .join(' and ');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * One e-mail for one event, or a digest when several events of a user are pending together: plain text
 * and HTML, the farm or V3 position, the wallet, the figures and a link to its page ('farm: …' / 'position:
 * …'), an unsubscribe link per rule, and List-Unsubscribe / List-Unsubscribe-Post (RFC 8058; for a digest,
 * every alert e-mail).
 * @example composeAlertMail('a@example.com', 7, rows, { publicUrl, secret }).subject // 'Tidewatch: 2 alerts on your positions'
 */
export function composeAlertMail(
  to: string,
  userId: number,
  rows: readonly MailedAlert[],
  deps: { publicUrl: string; secret: string },
): MailMessage {
  const rules = [...new Set(rows.map((r) => r.rule))] as AlertRule[];
  const linkOf = (rule: AlertRule | '*') => unsubscribeUrl(deps.publicUrl, deps.secret, { userId, rule });
  // 'channel_paused' notifications are never mailed (e-mail 'off'): every mailed row is a rule's.
  const headerTarget = rows.length === 1 ? (rows[0]!.rule as AlertRule) : '*';
  const subject =
    rows.length === 1
      ? `Tidewatch: ${rows[0]!.title}`
      : `Tidewatch: ${rows.length} alerts on your ${subjectsOf(rows)}`;
  const text = [
    ...rows.flatMap((r) => [r.title, r.body, `${subjectOf(r)}: ${r.link}`, '']),
    'Stop these e-mails:',
    ...rules.map((rule) => `- ${alertRuleLabels[rule]}: ${linkOf(rule)}`),
    `- every alert e-mail: ${linkOf('*')}`,
    '',
    'Every alert also shows in the app (the bell at the top).',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...rows.map(
      (r) =>
        `<h2 style="font-size:16px">${escapeHtml(r.title)}</h2><p>${escapeHtml(r.body)}</p><p><a href="${escapeHtml(r.link)}">open the ${subjectOf(r)} in Tidewatch</a></p>`,
    ),
    '<hr><p style="font-size:12px;color:#555">Stop these e-mails:</p><ul style="font-size:12px">',
    ...rules.map(
      (rule) => `<li><a href="${escapeHtml(linkOf(rule))}">${escapeHtml(alertRuleLabels[rule])}</a></li>`,
    ),
    `<li><a href="${escapeHtml(linkOf('*'))}">every alert e-mail</a></li></ul>`,
    '</body></html>',
  ].join('');
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${linkOf(headerTarget)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
