import { startAnvil } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { type Browser, launchBrowser } from './support/browser.ts';

describe('smoke: the built app in Chromium', () => {
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    chain = await startAnvil();
    app = await startAppServer({ rpcUrl: chain.rpcUrl });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await chain?.stop();
  });

  it('serves the landing screen at /', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'sign up now for the waitlist' }).waitFor();
    await page.getByRole('button', { name: 'sign up' }).waitFor();
    await browser.screenshot('landing');
  });

  it('shows the fallback page for a route that does not exist', async () => {
    const { page } = browser;
    // The fallback logs what it shows (for whoever reads the console of a broken page).
    browser.expectConsoleError(/Unexpected Application Error!/);
    await page.goto(`${app.url}/no/such/page/here`);
    await page.getByText('Unexpected Application Error!').waitFor();
    await page.getByText('404').first().waitFor();
    await browser.checkScreen('not found');
  });

  it('answers health and a JSON 404 for unknown API paths', async () => {
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as {
      database: { ok: boolean };
      chain: { ok: boolean; chainId?: number };
    };
    expect(body.database.ok).toBe(true);
    expect(body.chain).toMatchObject({ ok: true, chainId: 137 });

    const missing = await fetch(`${app.url}/api/no-such-endpoint`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
