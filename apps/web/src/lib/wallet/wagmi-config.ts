import { polygon } from 'viem/chains';
import { type Config, createConfig, injected, unstable_connector } from 'wagmi';
import { baseWalletChain } from './base-chain.ts';
import { metamaskRdns, type WalletPresence } from './wallet-presence.ts';

/**
 * The app's wagmi config, made once a wallet was found (`presence`). Wallets that announce themselves over
 * EIP-6963 become connectors through wagmi's own discovery (mipd); a page with only a legacy window.ethereum
 * gets one injected connector for it. Nothing is kept in storage: as before wagmi, the wallet itself says
 * whether this site is connected (eth_accounts on load). Polygon is the product's chain (spec section 9; the
 * local test chain answers as 137 too); Base is where QuickSwap also runs (issue 47), switched to for its actions. Chain reads go through the connected wallet's provider: the page's
 * CSP lets it talk to its own origin only.
 */
export function createWalletConfig(presence: Exclude<WalletPresence, 'none'>): Config {
  return createConfig({
    chains: [polygon, baseWalletChain],
    connectors: presence === 'legacy' ? [legacyInjected()] : [],
    multiInjectedProviderDiscovery: true,
    storage: null,
    transports: {
      [polygon.id]: unstable_connector(injected),
      [baseWalletChain.id]: unstable_connector(injected),
    },
  });
}

/** window.ethereum as a connector; a target (not wagmi's default) so it reconnects silently like the others. */
function legacyInjected() {
  const isMetaMask = Boolean((window.ethereum as { isMetaMask?: boolean } | undefined)?.isMetaMask);
  return injected({
    shimDisconnect: false,
    target: {
      id: 'injected',
      name: isMetaMask ? 'MetaMask' : 'browser wallet',
      provider: (page) => page?.ethereum,
    },
  });
}

export type WalletPick<T> = { kind: 'none' } | { kind: 'one'; wallet: T } | { kind: 'several'; wallets: T[] };

/**
 * MetaMask when present, else the only wallet; several without MetaMask means the user chooses.
 * @example pickWallet(config.connectors) // { kind: 'one', wallet: <MetaMask's connector> }
 */
export function pickWallet<T extends { id: string }>(wallets: readonly T[]): WalletPick<T> {
  const metamask = wallets.find((wallet) => wallet.id === metamaskRdns);
  if (metamask) return { kind: 'one', wallet: metamask };
  const [only] = wallets;
  if (wallets.length === 1 && only) return { kind: 'one', wallet: only };
  if (wallets.length === 0) return { kind: 'none' };
  return { kind: 'several', wallets: [...wallets] };
}
