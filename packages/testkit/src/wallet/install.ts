import type { BrowserContext, Page } from 'playwright-core';
import type { TestWalletBridge } from './bridge.ts';
import { type TestWalletInitOptions, testWalletInitScript } from './init-script.ts';

export type InstalledTestWallet = {
  /** Fires an EIP-1193 event (accountsChanged, chainChanged, disconnect…) in every open page. */
  emit(event: string, payload: unknown): Promise<void>;
};

/**
 * Installs the test wallet into a Playwright page or context: exposes the bridge to the page
 * and adds the provider init script. Call before `page.goto`. The events the bridge emits itself
 * (chainChanged after a network switch) reach every open page.
 */
export async function installTestWallet(
  target: Page | BrowserContext,
  bridge: Pick<TestWalletBridge, 'handle'> & Partial<Pick<TestWalletBridge, 'onEvent'>>,
  options: TestWalletInitOptions = {},
): Promise<InstalledTestWallet> {
  await target.exposeFunction('__tidewatchWalletRequest', (method: string, params: unknown) =>
    bridge.handle(method, params),
  );
  await target.addInitScript({ content: testWalletInitScript(options) });
  /** Runs `window.__tidewatchWalletEmit(event, payload)` in every open page (a string: see testWalletInitScript). */
  async function emitIn(event: string, payload: unknown, guard: string): Promise<void> {
    const pages = 'pages' in target ? target.pages() : [target];
    const expression = `${guard}window.__tidewatchWalletEmit(${JSON.stringify(event)}, ${JSON.stringify(payload)})`;
    await Promise.all(pages.map((page) => page.evaluate(expression)));
  }
  bridge.onEvent?.((event, payload) => {
    // Fired from inside a wallet request: a page without the wallet yet (about:blank) has no listener to
    // tell, and one closing meanwhile is no failure of the wallet.
    emitIn(event, payload, 'window.__tidewatchWalletEmit && ').catch(() => {});
  });
  return { emit: (event, payload) => emitIn(event, payload, '') };
}
