import { createStore } from 'mipd';

/** EIP-6963 id of MetaMask, the wallet the spec names: preferred when several are installed. */
export const metamaskRdns = 'io.metamask';

/** What the page holds: wallets announced over EIP-6963, only a legacy window.ethereum, or none. */
export type WalletPresence = 'announced' | 'legacy' | 'none';

declare global {
  interface Window {
    ethereum?: unknown;
  }
}

export type DetectWalletPresenceOptions = {
  /** Longest wait for a late extension (spec: 3000 ms). */
  timeoutMs: number;
  /** Once something answered, how long to wait for more before deciding. */
  settleMs?: number;
};

/**
 * Waits for a browser wallet and says what the page holds. This check is all the page carries: wagmi and
 * viem are fetched only once it finds a wallet (decision 024). It resolves as soon as MetaMask announces
 * itself, shortly after any other wallet or a legacy window.ethereum answers (another may follow), or after
 * `timeoutMs` (extensions can inject late). Returns a cancel function beside the promise.
 * @example const { result } = detectWalletPresence({ timeoutMs: 3000 }); if ((await result) !== 'none') …
 */
export function detectWalletPresence(options: DetectWalletPresenceOptions): {
  result: Promise<WalletPresence>;
  cancel: () => void;
} {
  const settleMs = options.settleMs ?? 150;
  // mipd is the EIP-6963 store wagmi itself uses: it asks wallets to announce themselves and keeps them.
  const store = createStore();
  let isDone = false;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let hardTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: () => void = () => {};
  let resolveResult: (presence: WalletPresence) => void = () => {};
  const result = new Promise<WalletPresence>((resolve) => {
    resolveResult = resolve;
  });

  function cancel() {
    isDone = true;
    unsubscribe();
    store.destroy();
    clearTimeout(settleTimer);
    clearTimeout(hardTimer);
  }

  function finish() {
    if (isDone) return;
    const presence = store.getProviders().length > 0 ? 'announced' : window.ethereum ? 'legacy' : 'none';
    cancel();
    resolveResult(presence);
  }

  function onProviders(providers: ReturnType<typeof store.getProviders>) {
    if (providers.some((provider) => provider.info.rdns === metamaskRdns)) finish();
    else if (providers.length > 0) settle();
  }

  function settle() {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(finish, settleMs);
  }

  unsubscribe = store.subscribe(onProviders);
  hardTimer = setTimeout(finish, options.timeoutMs);
  // Wallets already in the page answered the store's request at once.
  onProviders(store.getProviders());
  if (!isDone && window.ethereum) settle();
  return { result, cancel };
}
