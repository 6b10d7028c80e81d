import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };

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
};

/** Sends e-mail through SMTP, or in development drops each message as a .eml file in the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? 'Tidewatch <no-reply@tidewatch.local>';
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The log line carries the body so a developer can follow links without opening the file.
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        `e-mail written to ${file}\n${message.text}`,
      );
    },
    close: () => transport.close(),
  };
}
