import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { checkScreenOfPage } from './browser.ts';

/** A CSRF cookie + header pair, as the SPA gets them, for API calls made from the test itself. */
export async function csrfHeaders(appUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${appUrl}/api/internal/csrf_cookie`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
  if (!cookie) throw new Error('GET /api/internal/csrf_cookie set no csrftoken cookie');
  const value = cookie.split(';')[0]!.slice('csrftoken='.length);
  return { cookie: `csrftoken=${value}`, 'x-csrftoken': value, 'content-type': 'application/json' };
}

async function postJson(appUrl: string, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: { ...(await csrfHeaders(appUrl)), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Finds the confirmation link in the e-mails the server wrote to its outbox (no SMTP_URL configured). */
export async function findConfirmationLink(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const link = raw.match(/https?:\/\/\S+\/signup\/confirm\?token=[\w-]+/)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation e-mail for ${email} in ${outbox}`);
}

/** Signs up through the API and confirms through the e-mailed link: a ready-to-log-in account. */
export async function createConfirmedAccount(
  app: { url: string; dataDir: string },
  email: string,
  password: string,
  /** When the app sends over SMTP: where the confirmation e-mail arrives. */
  smtp?: {
    waitForMessage(
      predicate: (mail: { to: string[]; text: string }) => boolean,
      timeoutMs?: number,
    ): Promise<{ text: string }>;
  },
): Promise<void> {
  const signup = await postJson(app.url, '/api/internal/signup', { email, password });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const confirmation = smtp
    ? (await smtp.waitForMessage((m) => m.to.includes(email), 10_000)).text.match(
        /https?:\/\/\S+\/signup\/confirm\?token=[\w-]+/,
      )?.[0]
    : await findConfirmationLink(app.dataDir, email);
  if (!confirmation) throw new Error(`no confirmation link for ${email}`);
  const link = new URL(confirmation);
  const token = link.searchParams.get('token');
  const confirm = await postJson(app.url, '/api/internal/confirm-email', { token });
  if (!confirm.ok) throw new Error(`confirmation failed: ${confirm.status} ${await confirm.text()}`);
}

/**
 * Logs in through the login screen, as a person would, and waits for the dashboard. A fresh tab loads the
 * login screen (the first load); a tab already in the app gets there through the header's 'log in'.
 */
export async function logInThroughUi(
  page: Page,
  appUrl: string,
  email: string,
  password: string,
): Promise<void> {
  if (!page.url().startsWith(appUrl)) await page.goto(`${appUrl}/login`);
  else if (new URL(page.url()).pathname !== '/login') {
    await page.getByRole('banner').getByRole('link', { name: 'log in', exact: true }).click();
  }
  await page.getByRole('button', { name: 'log in' }).waitFor();
  await page.getByLabel('email').fill(email);
  await page.getByLabel('password', { exact: true }).fill(password);
  await checkScreenOfPage(page, 'login');
  await page.getByRole('button', { name: 'log in' }).click();
  await page.waitForURL(`${appUrl}/dashboard`);
  await page.getByRole('heading', { name: 'dashboard' }).waitFor();
  await checkScreenOfPage(page, 'dashboard');
}
