import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from './mail-decode.ts';

type ReceivedMail = {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  subject: string;
  /** Plain-text body, transfer encoding decoded. */
  text: string;
  html: string | null;
  headers: ParsedMail['headers'];
  raw: string;
};

export type SmtpTestServer = {
  /** smtp://127.0.0.1:PORT, ready for nodemailer / SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitForMessage(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

/**
 * A real SMTP server on loopback (no TLS, auth optional) that keeps every message it receives.
 * @example
 * const smtp = await startSmtpServer();
 * const mail = await smtp.waitForMessage((m) => m.to.includes('a@example.com'));
 */
export async function startSmtpServer(): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : parsed.from,
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          headers: parsed.headers,
          raw,
        };
        messages.push(mail);
        for (const waiter of [...waiters]) waiter(mail);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 5_000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
