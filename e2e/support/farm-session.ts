import { createTestWalletBridge, installTestWallet, testAccounts } from '@tidewatch/testkit';
import { createConfirmedAccount, logInThroughUi } from './accounts.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { type FarmWorld, startFarmWorld } from './farm-world.ts';

export type FarmSession = { env: FarmWorld; browser: Browser };

/**
 * The farm world, and Chromium whose test wallet holds the world's user account, logged in (through the
 * login screen) as a new confirmed account. A failure on the way closes what was already started, since
 * the caller never gets it to close.
 */
export async function startLoggedInFarmSession(credentials: {
  email: string;
  password: string;
  /** Extra settings for the app (SNAPSHOT_INTERVAL, say). */
  appEnv?: Record<string, string>;
  /** The SMTP server SMTP_URL points at, for the sign-up confirmation. */
  smtp?: Parameters<typeof createConfirmedAccount>[3];
}): Promise<FarmSession> {
  const { email, password } = credentials;
  const env = await startFarmWorld(credentials.appEnv ? { env: credentials.appEnv } : {});
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const bridge = createTestWalletBridge({
      rpcUrl: env.anvil.rpcUrl,
      privateKey: testAccounts.user.privateKey,
    });
    await installTestWallet(browser.context, bridge);
    await createConfirmedAccount(env.app, email, password, credentials.smtp);
    await logInThroughUi(browser.page, env.app.url, email, password);
    return { env, browser };
  } catch (error) {
    await browser?.close();
    await env.stop();
    throw error;
  }
}
