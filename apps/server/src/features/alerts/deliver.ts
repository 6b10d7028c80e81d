import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import { runWork, type WorkKind } from '../../core/jobs/work-engine.ts';
import type { Mailer } from '../../core/mailer.ts';
import type { NotificationRow } from '../../core/notifications/repository.ts';
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

/** A user's due e-mails, listed. */
type DueEmails = { userId: number; ids: number[] };
/** A user's e-mails taken for this pass, and where they go. */
type ClaimedEmails = { userId: number; email: string; claimed: NotificationRow[] };

const idsOf = (rows: NotificationRow[]) => rows.map((row) => row.id);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The due notifications by user, in the order of each user's first (the oldest first). */
function byUser(due: { id: number; user_id: number }[]): DueEmails[] {
  return [...new Set(due.map((d) => d.user_id))].map((userId) => ({
    userId,
    ids: due.filter((d) => d.user_id === userId).map((d) => d.id),
  }));
}

/**
 * Alert e-mails as a kind of the work engine, its unit one user's due e-mails: listed, then taken under a
 * lease just before they are sent (so two processes never send the same) → sent as one e-mail or a digest →
 * marked sent → or, when the SMTP server fails, pending again with a back-off (1, 2, 4… minutes, at most an
 * hour). A user who wants no alert e-mails has them marked off without a send.
 */
function alertEmails(deps: DeliverDeps, counts: { sent: number }): WorkKind<ClaimedEmails, void, DueEmails> {
  const { db, now } = deps;
  const at = now.toISOString();
  return {
    claim: async () => byUser(await findDueEmails(db, at)),
    take: async ({ userId, ids }) => {
      const claimed = await claimEmails(db, ids, at, new Date(now.getTime() + leaseMs).toISOString());
      if (claimed.length === 0) return { status: 'skipped' };
      const user = await findAlertRecipient(db, userId);
      if (!user?.email || user.alert_email !== 1) {
        await updateEmailStatus(db, idsOf(claimed), { email_status: 'off' });
        return { status: 'skipped' };
      }
      return { status: 'taken', unit: { userId, email: user.email, claimed } };
    },
    perform: ({ userId, email, claimed }) => deps.mailer.send(composeAlertMail(email, userId, claimed, deps)),
    record: async ({ claimed }) => {
      await updateEmailStatus(db, idsOf(claimed), { email_status: 'sent' });
      counts.sent += 1;
    },
    retry: { firstMs: 60_000, maxMs: 60 * 60_000 },
    // The in-app notifications are there already; only the e-mail waits.
    backOff: async ({ claimed }, failure) => {
      const failures = Math.max(...claimed.map((r) => r.email_attempts));
      await updateEmailStatus(db, idsOf(claimed), {
        email_status: 'pending',
        email_attempts: failures + 1,
        email_next_at: failure.nextTryAt(failures, now).toISOString(),
        email_error: messageOf(failure.error).slice(0, 300),
      });
    },
  };
}

/**
 * Sends pending alert e-mails, each user's as one e-mail or a digest, claimed under a lease and backed off
 * when SMTP fails (alertEmails). Returns the e-mails sent.
 */
export async function deliverAlertEmails(deps: DeliverDeps): Promise<number> {
  const counts = { sent: 0 };
  await runWork(alertEmails(deps, counts));
  return counts.sent;
}
