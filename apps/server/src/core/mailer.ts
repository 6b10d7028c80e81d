import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text (alerts). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type MailerOptions = {
  /** smtp:// or smtps:// URL; when unset, messages are written to `outboxDir` and logged. */
  smtpUrl: string | undefined;
  outboxDir: string;
  from?: string;
  logger: Pick<FastifyBaseLogger, 'info'>;
  /** Defaults to NODE_ENV=production: then the outbox log line names only the file, not the body. */
  production?: boolean;
};

/** Sends e-mail through SMTP, or in development drops each message as a .eml file in the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? 'Tidewatch <no-reply@tidewatch.local>';
  if (options.smtpUrl) {
    // Bounded waits (issue 43): nodemailer's defaults let a silent server hold a send for 10 minutes, past the
    // lease an alert e-mail is claimed under (2 minutes), after which another process could send it again.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const production = options.production ?? process.env.NODE_ENV === 'production';
  return {
    async send(message) {
      // Messages carry sign-in and reset links: only this user may read them.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      // Written by hand (8bit, no quoted-printable) so a developer can read and click the links.
      const raw = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${new Date().toUTCString()}`,
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text,
        '',
      ].join('\n');
      await writeFile(file, raw, { mode: 0o600 });
      // In development the log line carries the body so a developer can follow links without opening
      // the file; in production it would put single-use links (sign-in, reset) into the logs.
      if (production) options.logger.info({ file }, `e-mail written to ${file}`);
      else
        options.logger.info(
          { to: message.to, subject: message.subject, file },
          `e-mail written to ${file}\n${message.text}`,
        );
    },
    close: () => {},
  };
}
