import {
  createTestWalletBridge,
  installTestWallet,
  type SmtpTestServer,
  startSmtpServer,
  type TestAccount,
  type TestWalletBridge,
  testAccounts,
} from '@tidewatch/testkit';
import { createConfirmedAccount, logInThroughUi } from './accounts.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { type AppEnv, type FarmWorld, type FarmWorldOptions, startFarmWorld } from './farm-world.ts';

export type FarmSession = {
  env: FarmWorld;
  browser: Browser;
  /** The browser's test wallet: what it holds, and the faults to provoke (failNext, replaceNextTransaction). */
  bridge: TestWalletBridge;
  smtp?: SmtpTestServer;
};

/**
 * The farm world, and Chromium whose test wallet holds the world's user account (or `walletAccount`), logged
 * in (through the login screen) as a new confirmed account. A failure on the way closes what was already started, since
 * the caller never gets it to close.
 */
export async function startLoggedInFarmSession(credentials: {
  email: string;
  password: string;
  /**
   * Extra settings for the app (SNAPSHOT_INTERVAL, say); a function is called once `prepareChain` is done, for
   * settings that name what it deployed.
   */
  appEnv?: AppEnv;
  /** Start a local SMTP server and send the app's e-mail there (SMTP_URL); it comes back as `smtp`. */
  withSmtp?: boolean;
  /** The account the browser's wallet holds; the world's user by default. */
  walletAccount?: TestAccount;
  /** Changes the chain before the app starts (see FarmWorldOptions). */
  prepareChain?: FarmWorldOptions['prepareChain'];
  /** Networks beside Polygon the browser's wallet can be switched to once the page adds them (Base). */
  otherNetworks?: { chainId: number; rpcUrl: string }[];
}): Promise<FarmSession> {
  const { email, password } = credentials;
  const smtp = credentials.withSmtp ? await startSmtpServer() : undefined;
  const { appEnv } = credentials;
  const env = await startFarmWorld({
    env: () => ({
      ...(typeof appEnv === 'function' ? appEnv() : appEnv),
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
    }),
    ...(credentials.prepareChain ? { prepareChain: credentials.prepareChain } : {}),
  }).catch(async (error: unknown) => {
    await smtp?.stop();
    throw error;
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const bridge = createTestWalletBridge({
      rpcUrl: env.anvil.rpcUrl,
      privateKey: (credentials.walletAccount ?? testAccounts.user).privateKey,
      ...(credentials.otherNetworks ? { otherNetworks: credentials.otherNetworks } : {}),
    });
    await installTestWallet(browser.context, bridge);
    await createConfirmedAccount(env.app, email, password, smtp);
    await logInThroughUi(browser.page, env.app.url, email, password);
    return { env, browser, bridge, ...(smtp ? { smtp } : {}) };
  } catch (error) {
    // What the browser met on the way is printed; the error that stopped the start is the one thrown.
    await browser?.close().catch((closeError: unknown) => console.error(closeError));
    await env.stop();
    await smtp?.stop();
    throw error;
  }
}
