import type { BrowserContext, Page } from 'playwright-core';
import type { TestWalletBridge } from './bridge.ts';
import { type TestWalletInitOptions, testWalletInitScript } from './init-script.ts';

export type InstalledTestWallet = {
  /** Fires an EIP-1193 event (accountsChanged, chainChanged, disconnect…) in every open page. */
  emit(event: string, payload: unknown): Promise<void>;
};

/**
 * Installs the test wallet into a Playwright page or context: exposes the bridge to the page
 * and adds the provider init script. Call before `page.goto`.
 */
export async function installTestWallet(
  target: Page | BrowserContext,
  bridge: Pick<TestWalletBridge, 'handle'>,
  options: TestWalletInitOptions = {},
): Promise<InstalledTestWallet> {
  await target.exposeFunction('__tidewatchWalletRequest', (method: string, params: unknown) =>
    bridge.handle(method, params),
  );
  await target.addInitScript({ content: testWalletInitScript(options) });
  return {
    async emit(event, payload) {
      const pages = 'pages' in target ? target.pages() : [target];
      // A string expression, not a function: see testWalletInitScript for why.
      const expression = `window.__tidewatchWalletEmit(${JSON.stringify(event)}, ${JSON.stringify(payload)})`;
      await Promise.all(pages.map((page) => page.evaluate(expression)));
    },
  };
}
