import { type SmtpTestServer, startAnvil, startSmtpServer } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughUi } from './support/accounts.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { type Browser, launchBrowser } from './support/browser.ts';

const loginRequiredMessage = 'please login first to view this page';

describe('accounts in Chromium', () => {
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let smtp: SmtpTestServer;
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    chain = await startAnvil();
    smtp = await startSmtpServer();
    app = await startAppServer({ rpcUrl: chain.rpcUrl, env: { SMTP_URL: smtp.url } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
    await chain?.stop();
  });

  it('waitlist: a bad e-mail is refused without a call; a good sign-up clears all three fields', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'sign up now for the waitlist' }).waitFor();
    await browser.checkScreen('landing');
    const email = page.getByLabel('email');
    const tokens = page.getByLabel('what cryptocurrencies do you currently have?');
    const concern = page.getByLabel("what's your biggest concern about investing in crypto?");

    const waitlistCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/internal/waitlist')) waitlistCalls.push(request.method());
    });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'sign up' }).click();
    await page
      .getByText(
        'Please fill out your email address so that we can let you know when we are ready for onboarding!',
      )
      .waitFor();
    await browser.checkScreen('landing with the e-mail refused');
    expect(waitlistCalls, 'no call is made for an invalid e-mail').toEqual([]);

    await email.fill('waiting@example.com');
    await tokens.fill('MATIC, QUICK');
    await concern.fill('impermanent loss');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/internal/waitlist'));
    await page.getByRole('button', { name: 'sign up' }).click();
    expect((await response).status()).toBe(201);
    expect(waitlistCalls).toEqual(['POST']);
    await page.getByText("you're on the waitlist", { exact: false }).waitFor();
    await browser.checkScreen('landing, on the waitlist');
    expect(await email.inputValue()).toBe('');
    expect(await tokens.inputValue()).toBe('');
    expect(await concern.inputValue()).toBe('');
  });

  it('a guarded page without a token sends the visitor to /login with the message', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(/\/login/);
    await page.getByText(loginRequiredMessage).waitFor();
    await browser.checkScreen('login, asked to log in first');
  });

  it('sign up -> confirmation e-mail over SMTP -> its link confirms -> log in -> dashboard -> log out', async () => {
    const { page } = browser;
    const email = `lp-${Date.now()}@example.com`;
    const password = 'tide-watch-correct-horse';

    // The previous journey left this tab on /login; a person comes back to it through the header.
    await page.getByRole('banner').getByRole('link', { name: 'log in', exact: true }).click();
    await page.getByRole('link', { name: 'create an account' }).waitFor();
    await browser.screenshot('login');
    await page.getByRole('link', { name: 'create an account' }).click();
    await page.waitForURL(`${app.url}/signup`);
    // The screen loads lazily and the login form before it has an email field too: wait for sign-up's button.
    await page.getByRole('button', { name: /sign up|create/i }).waitFor();
    await browser.screenshot('signup');
    await page.getByLabel('email').fill(email);
    await page.getByLabel('password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /sign up|create/i }).click();
    await page
      .getByText(
        "We've just sent you an email, click the link in the email to confirm your email address and continue setting up your account",
      )
      .waitFor();
    await browser.checkScreen('sign-up, e-mail sent');

    const mail = await smtp.waitForMessage((m) => m.to.includes(email), 10_000);
    const link = mail.text.match(/https?:\/\/\S+\/signup\/confirm\?token=[\w-]+/)?.[0];
    expect(link, 'the e-mail carries a confirmation link').toBeTruthy();
    expect(link!.startsWith(app.url)).toBe(true);

    await page.goto(link!);
    await page.getByText('your email address is confirmed', { exact: false }).waitFor();
    await browser.checkScreen('e-mail confirmed');

    // The link is single-use: opening it again changes nothing and says so.
    browser.expectApiFailure('POST', '/api/internal/confirm-email', 410);
    const again = await browser.context.newPage();
    await again.goto(link!);
    await again.getByText('expired or was already used', { exact: false }).waitFor();
    await again.close();

    await logInThroughUi(page, app.url, email, password);
    expect(await page.evaluate("sessionStorage.getItem('jwtToken')")).toBeTruthy();
    await browser.screenshot('dashboard-after-login');

    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate("sessionStorage.getItem('jwtToken')")).toBeNull();

    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(/\/login/);
    await page.getByText(loginRequiredMessage).waitFor();
  });
});
