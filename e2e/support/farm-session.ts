import {
  createTestWalletBridge,
  installTestWallet,
  type SmtpTestServer,
  startSmtpServer,
  testAccounts,
} from '@tidewatch/testkit';
import { createConfirmedAccount, logInThroughUi } from './accounts.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { type FarmWorld, startFarmWorld } from './farm-world.ts';

export type FarmSession = { env: FarmWorld; browser: Browser; smtp?: SmtpTestServer };

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
  /** Start a local SMTP server and send the app's e-mail there (SMTP_URL); it comes back as `smtp`. */
  withSmtp?: boolean;
}): Promise<FarmSession> {
  const { email, password } = credentials;
  const smtp = credentials.withSmtp ? await startSmtpServer() : undefined;
  const appEnv = { ...credentials.appEnv, ...(smtp ? { SMTP_URL: smtp.url } : {}) };
  const env = await startFarmWorld({ env: appEnv }).catch(async (error: unknown) => {
    await smtp?.stop();
    throw error;
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const bridge = createTestWalletBridge({
      rpcUrl: env.anvil.rpcUrl,
      privateKey: testAccounts.user.privateKey,
    });
    await installTestWallet(browser.context, bridge);
    await createConfirmedAccount(env.app, email, password, smtp);
    await logInThroughUi(browser.page, env.app.url, email, password);
    return { env, browser, ...(smtp ? { smtp } : {}) };
  } catch (error) {
    // What the browser met on the way is printed; the error that stopped the start is the one thrown.
    await browser?.close().catch((closeError: unknown) => console.error(closeError));
    await env.stop();
    await smtp?.stop();
    throw error;
  }
}
