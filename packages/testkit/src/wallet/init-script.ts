export type TestWalletInitOptions = {
  /** EIP-6963 identity; defaults to MetaMask's name and rdns. */
  announceAs?: { name: string; rdns: string };
  /** Whether the provider claims `isMetaMask` (the test wallet stands in for MetaMask; the demo wallet does not). */
  isMetaMask?: boolean;
};

// A small fox-coloured square: enough for wallet pickers that require an icon.
const ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="6" fill="#f6851b"/></svg>',
  ).toString('base64');

/**
 * Browser source (a string, not a function: bundlers inject helpers into functions that do not
 * exist in the page) for `page.addInitScript({ content })`. It installs an EIP-1193
 * `window.ethereum` whose requests go to `window.__tidewatchWalletRequest(method, params)`
 * (exposed by the test with page.exposeFunction, answering `{result}` or `{error}`), announces
 * it over EIP-6963, and defines `window.__tidewatchWalletEmit(event, payload)` for tests to fire
 * accountsChanged / chainChanged / disconnect.
 */
export function testWalletInitScript(options: TestWalletInitOptions = {}): string {
  const info = {
    uuid: '5d1b7c4e-3f0a-4c8e-9a61-7e2f0b9c4d21',
    name: options.announceAs?.name ?? 'MetaMask',
    icon: ICON,
    rdns: options.announceAs?.rdns ?? 'io.metamask',
  };
  return `(() => {
  if (window.__tidewatchWalletInstalled) return;
  window.__tidewatchWalletInstalled = true;
  const info = Object.freeze(${JSON.stringify(info)});
  const listeners = new Map();
  const provider = {
    isMetaMask: ${options.isMetaMask ?? true},
    isTidewatchTestWallet: true,
    chainId: null,
    selectedAddress: null,
    async request(args) {
      if (!args || typeof args.method !== 'string') {
        const error = new Error('Invalid request: expected { method, params }');
        error.code = -32600;
        throw error;
      }
      const params = args.params === undefined ? [] : args.params;
      const bridge = window.__tidewatchWalletRequest;
      if (typeof bridge !== 'function') {
        const error = new Error('Test wallet bridge is not installed');
        error.code = 4900;
        throw error;
      }
      const answer = await bridge(args.method, params);
      if (answer && answer.error) {
        // EIP-1193 errors are objects carrying a numeric code (4001 rejected, -32002 pending, ...).
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        if (answer.error.data !== undefined) error.data = answer.error.data;
        throw error;
      }
      const result = answer ? answer.result : undefined;
      if (args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') {
        provider.selectedAddress = Array.isArray(result) && result.length > 0 ? result[0] : null;
      }
      if (args.method === 'eth_chainId') provider.chainId = result;
      return result;
    },
    enable() {
      return provider.request({ method: 'eth_requestAccounts' });
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    once(event, listener) {
      const wrapped = (payload) => {
        provider.removeListener(event, wrapped);
        listener(payload);
      };
      return provider.on(event, wrapped);
    },
    removeListener(event, listener) {
      const set = listeners.get(event);
      if (set) set.delete(listener);
      return provider;
    },
    removeAllListeners(event) {
      if (event === undefined) listeners.clear();
      else listeners.delete(event);
      return provider;
    },
    listenerCount(event) {
      const set = listeners.get(event);
      return set ? set.size : 0;
    },
  };
  provider.off = provider.removeListener;
  provider.addListener = provider.on;
  window.__tidewatchWalletEmit = (event, payload) => {
    if (event === 'chainChanged') provider.chainId = payload;
    if (event === 'accountsChanged') provider.selectedAddress = payload && payload.length ? payload[0] : null;
    const set = listeners.get(event);
    if (!set) return 0;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(error);
      }
    }
    return set.size;
  };
  window.ethereum = provider;
  const announce = () => {
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    );
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();
`;
}
