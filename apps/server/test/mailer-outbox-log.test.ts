import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../src/core/mailer.ts';

const outboxDir = mkdtempSync(join(tmpdir(), 'tidewatch-outbox-'));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const message = {
  to: 'someone@example.com',
  subject: 'Confirm your e-mail',
  text: 'Open http://localhost:5173/confirm/single-use-token-123 to confirm.',
};

async function sendAndLog(): Promise<{ objects: object[]; lines: string[] }> {
  const objects: object[] = [];
  const lines: string[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    outboxDir,
    logger: {
      info: (object: object, line?: string) => {
        objects.push(object);
        lines.push(line ?? '');
      },
    } as never,
  });
  await mailer.send(message);
  return { objects, lines };
}

describe('outbox files', () => {
  it('are readable by this user only: the folder 0700, each message 0600 (they carry reset links)', async () => {
    const dir = join(outboxDir, 'private');
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: dir, logger: { info() {} } as never });
    await mailer.send(message);
    expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    const [file] = readdirSync(dir);
    expect((statSync(join(dir, file!)).mode & 0o777).toString(8)).toBe('600');
  });
});

describe('outbox log line', () => {
  it('carries the body in development, so links can be followed from the log', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const { lines } = await sendAndLog();
    expect(lines[0]).toContain('single-use-token-123');
  });

  it('names only the file when NODE_ENV=production (no body, no link, no address)', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { objects, lines } = await sendAndLog();
    const logged = JSON.stringify({ objects, lines });
    expect(logged).not.toContain('single-use-token-123');
    expect(logged).not.toContain('someone@example.com');
    const file = (objects[0] as { file: string }).file;
    expect(lines[0]).toBe(`e-mail written to ${file}`);
    // The message itself is still written for the operator.
    expect(readFileSync(file, 'utf8')).toContain('single-use-token-123');
  });
});
