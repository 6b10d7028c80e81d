import { type SmtpTestServer, startSmtpServer } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('confirmation e-mail over SMTP', () => {
  it('is delivered to a real SMTP server and its link confirms the account', async () => {
    const email = 'smtp-user@example.com';
    const signup = await t.request({
      method: 'POST',
      url: '/api/internal/signup',
      payload: { email, password: 'delivered by smtp' },
    });
    expect(signup.statusCode).toBe(201);
    const mail = await smtp.waitForMessage((m) => m.to.includes(email), 10_000);
    expect(mail.subject).toBe('Confirm your e-mail address for Tidewatch');
    const link = mail.text.match(/http:\/\/localhost:5173\/signup\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const confirm = await t.request({
      method: 'POST',
      url: '/api/internal/confirm-email',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email, password: 'delivered by smtp' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('outbox without SMTP_URL', () => {
  it('writes the e-mail as a file in DATA_DIR/outbox', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const local = await createTestApp();
    try {
      await local.request({
        method: 'POST',
        url: '/api/internal/signup',
        payload: { email: 'outbox@example.com', password: 'written to a file' },
      });
      const files = readdirSync(join(local.dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const raw = readFileSync(join(local.dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toContain('To: outbox@example.com');
      expect(raw).toContain('/signup/confirm?token=');
    } finally {
      await local.close();
    }
  });
});
