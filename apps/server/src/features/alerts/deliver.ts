import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import { retryDelayMs } from '../../core/jobs/backoff.ts';
import type { Mailer } from '../../core/mailer.ts';
import { composeAlertMail } from './alert-mail.ts';
import { claimEmails, findAlertRecipient, findDueEmails, updateEmailStatus } from './repository.ts';

export type DeliverDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  now: Date;
};

const leaseMs = 2 * 60_000;
const maxBackoffMs = 60 * 60_000;

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
          now.getTime() + retryDelayMs(attempts - 1, { firstMs: 60_000, maxMs: maxBackoffMs }),
        ).toISOString(),
        email_error: (error instanceof Error ? error.message : String(error)).slice(0, 300),
      });
    }
  }
  return sent;
}
