import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer } from './run-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'tidewatch-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The server refusing to start, as a person meets it (one line, no stack): process-level, on SQLite alone (the
// PostgreSQL pass reruns startup.test.ts, whose worker and migrations are the database's; these are not).

describe('start-up refusals', () => {
  it('stops on PORT=abc with one line naming PORT and no stack trace', async () => {
    const { code, output } = await runServer({ PORT: 'abc', DATA_DIR: join(scratch, 'bad-port') });
    expect(code).not.toBe(0);
    expect(output).toContain('Invalid configuration: PORT must be a port number (got "abc")');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('stops with a clear line when the port is in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((ready) => blocker.listen(0, '127.0.0.1', ready));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, output } = await runServer({ PORT: String(port), DATA_DIR: join(scratch, 'busy') });
      expect(code).not.toBe(0);
      expect(output).toContain(`port ${port} is already in use: stop the other process or set PORT`);
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('stops with a clear line when DATA_DIR cannot be written', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const { code, output } = await runServer({ PORT: '0', DATA_DIR: join(file, 'data') });
    expect(code).not.toBe(0);
    expect(output).toMatch(/DATA_DIR .* is not writable/);
  });

  it('warns at start-up when an existing DATA_DIR is open to other local users', async () => {
    const dataDir = join(scratch, 'wide-open');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const { output } = await runServer({ PORT: '0', DATA_DIR: dataDir }, /serving on/);
    expect(output).toContain(`DATA_DIR ${dataDir} is readable by other local users (mode 755)`);
    expect(output).toContain('chmod 700');
  });
});
