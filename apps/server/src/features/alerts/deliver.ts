import { type AlertRule, alertRuleLabels } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import type { Mailer, MailMessage } from '../../core/mailer.ts';
import {
  claimEmails,
  findAlertRecipient,
  findDueEmails,
  type NotificationRow,
  updateEmailStatus,
} from './repository.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

export type DeliverDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  now: Date;
};

const leaseMs = 2 * 60_000;
const maxBackoffMs = 60 * 60_000;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * One e-mail for one event, or a digest when several events of a user are pending together: plain text
 * and HTML, the farm, the wallet, the figures and a link to the farm detail, an unsubscribe link per rule,
 * and List-Unsubscribe / List-Unsubscribe-Post (RFC 8058; for a digest, every alert e-mail).
 */
function composeAlertMail(
  to: string,
  userId: number,
  rows: NotificationRow[],
  deps: Pick<DeliverDeps, 'publicUrl' | 'secret'>,
): MailMessage {
  const rules = [...new Set(rows.map((r) => r.rule))] as AlertRule[];
  const linkOf = (rule: AlertRule | '*') => unsubscribeUrl(deps.publicUrl, deps.secret, { userId, rule });
  const headerTarget = rows.length === 1 ? rows[0]!.rule : '*';
  const subject =
    rows.length === 1 ? `Tidewatch: ${rows[0]!.title}` : `Tidewatch: ${rows.length} alerts on your farms`;
  const text = [
    ...rows.flatMap((r) => [r.title, r.body, `farm: ${r.link}`, '']),
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
        `<h2 style="font-size:16px">${escapeHtml(r.title)}</h2><p>${escapeHtml(r.body)}</p><p><a href="${escapeHtml(r.link)}">open the farm in Tidewatch</a></p>`,
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

/**
 * Sends pending alert e-mails: each user's pending events are claimed under a lease (so two processes
 * never send the same), sent as one e-mail or a digest, and marked sent. When the SMTP server fails they
 * go back to pending with a back-off (1, 2, 4… minutes, at most an hour); the in-app notifications are
 * there already. Returns the e-mails sent.
 */
export async function deliverAlertEmails(deps: DeliverDeps): Promise<number> {
  const { db, now } = deps;
  const at = now.toISOString();
  const due = await findDueEmails(db, at);
  let sent = 0;
  for (const userId of [...new Set(due.map((d) => d.user_id))]) {
    const ids = due.filter((d) => d.user_id === userId).map((d) => d.id);
    const claimed = await claimEmails(db, ids, at, new Date(now.getTime() + leaseMs).toISOString());
    if (claimed.length === 0) continue;
    const user = await findAlertRecipient(db, userId);
    const claimedIds = claimed.map((r) => r.id);
    if (!user?.email || user.alert_email !== 1) {
      await updateEmailStatus(db, claimedIds, { email_status: 'off' });
      continue;
    }
    try {
      await deps.mailer.send(composeAlertMail(user.email, userId, claimed, deps));
      await updateEmailStatus(db, claimedIds, { email_status: 'sent' });
      sent += 1;
    } catch (error) {
      const attempts = Math.max(...claimed.map((r) => r.email_attempts)) + 1;
      await updateEmailStatus(db, claimedIds, {
        email_status: 'pending',
        email_attempts: attempts,
        email_next_at: new Date(
          now.getTime() + Math.min(maxBackoffMs, 60_000 * 2 ** (attempts - 1)),
        ).toISOString(),
        email_error: (error instanceof Error ? error.message : String(error)).slice(0, 300),
      });
    }
  }
  return sent;
}
