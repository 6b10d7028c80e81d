/** The EIP-1193 surface we use; MetaMask and the test wallet both provide it. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (payload: never) => void): unknown;
  removeListener?(event: string, listener: (payload: never) => void): unknown;
  isMetaMask?: boolean;
};

/** One wallet found in the page: an EIP-6963 announcement, or the legacy window.ethereum. */
export type DiscoveredWallet = {
  uuid: string;
  name: string;
  rdns: string;
  provider: Eip1193Provider;
};

export const metamaskRdns = 'io.metamask';

type AnnounceDetail = { info?: { uuid?: string; name?: string; rdns?: string }; provider?: Eip1193Provider };

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

export type DiscoverWalletsOptions = {
  /** Longest wait for a late extension (spec: 3000 ms). */
  timeoutMs: number;
  /** Once something answered, how long to wait for more before deciding. */
  settleMs?: number;
};

/**
 * Finds browser wallets: listens for EIP-6963 announcements, asks for them, and resolves as soon as MetaMask
 * answers, shortly after any other wallet answers, or after `timeoutMs` (extensions can inject late). With no
 * announcement it falls back to window.ethereum. Returns a cancel function beside the promise.
 */
export function discoverWallets(options: DiscoverWalletsOptions): {
  result: Promise<DiscoveredWallet[]>;
  cancel: () => void;
} {
  const settleMs = options.settleMs ?? 150;
  const found = new Map<string, DiscoveredWallet>();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let hardTimer: ReturnType<typeof setTimeout> | undefined;
  let resolveResult: (wallets: DiscoveredWallet[]) => void = () => {};
  const result = new Promise<DiscoveredWallet[]>((resolve) => {
    resolveResult = resolve;
  });

  function cleanup() {
    window.removeEventListener('eip6963:announceProvider', onAnnounce);
    clearTimeout(settleTimer);
    clearTimeout(hardTimer);
  }

  function finish() {
    cleanup();
    const wallets = [...found.values()];
    const injected = window.ethereum;
    if (wallets.length === 0 && injected) {
      wallets.push({
        uuid: 'injected',
        name: injected.isMetaMask ? 'MetaMask' : 'browser wallet',
        rdns: injected.isMetaMask ? metamaskRdns : 'injected',
        provider: injected,
      });
    }
    resolveResult(wallets);
  }

  function scheduleSettle() {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(finish, settleMs);
  }

  function onAnnounce(event: Event) {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    const provider = detail?.provider;
    if (!provider || typeof provider.request !== 'function') return;
    const uuid = detail.info?.uuid ?? `wallet-${found.size}`;
    const rdns = detail.info?.rdns ?? '';
    found.set(uuid, { uuid, name: detail.info?.name ?? 'browser wallet', rdns, provider });
    if (rdns === metamaskRdns) finish();
    else scheduleSettle();
  }

  window.addEventListener('eip6963:announceProvider', onAnnounce);
  hardTimer = setTimeout(finish, options.timeoutMs);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  // A legacy injected provider is already here: no reason to wait the full timeout for announcements.
  if (found.size === 0 && window.ethereum) scheduleSettle();

  return { result, cancel: cleanup };
}

export type WalletPick =
  | { kind: 'none' }
  | { kind: 'one'; wallet: DiscoveredWallet }
  | { kind: 'several'; wallets: DiscoveredWallet[] };

/** MetaMask when present, else the only wallet; several without MetaMask means the user chooses. */
export function pickWallet(wallets: readonly DiscoveredWallet[]): WalletPick {
  const metamask = wallets.find((wallet) => wallet.rdns === metamaskRdns);
  if (metamask) return { kind: 'one', wallet: metamask };
  const [only] = wallets;
  if (wallets.length === 1 && only) return { kind: 'one', wallet: only };
  if (wallets.length === 0) return { kind: 'none' };
  return { kind: 'several', wallets: [...wallets] };
}
