import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { Address, Hex, WalletClient } from 'viem';
import { type Config, WagmiContext } from 'wagmi';
import { afterNextPaint } from '../yield-to-main.ts';
import { walletEnvironment } from './wallet-environment.ts';
import { toWalletRequestError, walletMessages } from './wallet-messages.ts';
import { detectWalletPresence } from './wallet-presence.ts';

/** Spec section 4, wallet connect: not connected, prompting, connected, rejected. */
export type WalletStatus = 'not connected' | 'prompting' | 'connected' | 'rejected';

/** A wallet the user can pick when several are installed and none is MetaMask. */
type WalletChoice = { id: string; name: string };

/**
 * The one wallet context of the app. The first six fields are the spec's shared wallet context (`web3` holds a
 * viem WalletClient bound to the connected account); the rest is what screens need around them.
 */
export type WalletContextValue = {
  isConnected: boolean;
  /** EIP-55 checksummed; null until an account is connected. */
  publicAddress: Address | null;
  /** Applies an account change as the wallet's accountsChanged event does (address updated, message shown). */
  onChange: (accounts: readonly string[]) => void;
  /** true connects (as the connect button), false disconnects the wallet in use. */
  setIsConnected: (isConnected: boolean) => void;
  /** Uses `address` as the connected account (as an account change); null disconnects. */
  setPublicAddress: (address: Address | null) => void;
  /** A viem WalletClient for the connected account, null while not connected. */
  web3: WalletClient | null;
  status: WalletStatus;
  /** The latest spec message (section 8) to show beside the connect control; '' when there is none. */
  message: string;
  /** The wallet's network, read on connect and on chainChanged; null until known. */
  chainId: number | null;
  /** True while looking for wallet extensions: from the first paint on, for up to 3000 ms. */
  isDetecting: boolean;
  /** Wallets to choose from when several are installed and none is MetaMask; empty otherwise. */
  choices: readonly WalletChoice[];
  /** Uses the chosen wallet (the id of one of `choices`) and connects with it. */
  chooseWallet: (id: string) => Promise<void>;
  /** Asks the wallet for accounts; failures end up in `status` and `message`. */
  connect: () => Promise<void>;
  /**
   * personal_sign of exactly `message` by the connected account.
   * @throws WalletRequestError whose message is the spec's rejection text for code 4001.
   */
  signMessage: (message: string) => Promise<Hex>;
};

const WalletContext = createContext<WalletContextValue | null>(null);

type WagmiWalletModule = typeof import('./wagmi-wallet.tsx');
let wagmiWalletModule: Promise<WagmiWalletModule> | undefined;

/** wagmi and viem come with the first wallet found, not with the page (decision 024); one download per page. */
function loadWagmiWallet(): Promise<WagmiWalletModule> {
  wagmiWalletModule ??= import('./wagmi-wallet.tsx');
  return wagmiWalletModule;
}

/** The value while wagmi is not running (still looking, or no wallet in the page): nothing connected. */
function createIdleValue(options: {
  isDetecting: boolean;
  message: string;
  connect: () => Promise<void>;
}): WalletContextValue {
  return {
    isConnected: false,
    publicAddress: null,
    onChange: () => {},
    setIsConnected: (shouldConnect) => {
      if (shouldConnect) void options.connect();
    },
    setPublicAddress: () => {},
    web3: null,
    status: 'not connected',
    message: options.message,
    chainId: null,
    isDetecting: options.isDetecting,
    choices: [],
    chooseWallet: async () => {},
    connect: options.connect,
    signMessage: async () => {
      throw toWalletRequestError(new Error(walletMessages.noAccounts));
    },
  };
}

type LoadedWallet = { module: WagmiWalletModule; config: Config };

/**
 * Holds the wallet state for the whole app; mount once, above the router. After the page's first paint it
 * looks for a wallet; only when one is there does it load wagmi (the `wagmi-wallet` chunk) and hand the state
 * to it. wagmi's config sits in WagmiContext from then on, so wagmi's hooks work anywhere below once
 * `useWallet().isConnected` (the transactions: useSimulateContract, useWriteContract,
 * useWaitForTransactionReceipt).
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState<LoadedWallet | null>(null);
  const latestValue = useRef<WalletContextValue | null>(null);
  const [whenReady] = useState(createReadySignal);
  // A click during detection waits for it, then connects with what was found (or says what was not).
  const [value, setValue] = useState(() =>
    createIdleValue({
      isDetecting: true,
      message: '',
      connect: async () => {
        await whenReady.promise;
        await latestValue.current?.connect();
      },
    }),
  );

  const acceptValue = useCallback(
    (next: WalletContextValue) => {
      latestValue.current = next;
      setValue(next);
      whenReady.resolve();
    },
    [whenReady],
  );

  // Detection: once per mount, after the page has painted (a wallet found brings wagmi and viem, which would
  // otherwise share the link and the main thread with the page's content).
  useEffect(() => {
    let isCancelled = false;
    let cancelDetection: (() => void) | undefined;
    void afterNextPaint().then(async () => {
      if (isCancelled) return;
      const detection = detectWalletPresence({ timeoutMs: walletEnvironment.detectionTimeoutMs });
      cancelDetection = detection.cancel;
      const presence = await detection.result;
      if (isCancelled) return;
      if (presence === 'none') {
        const message = walletMessages.notInstalled;
        acceptValue(createIdleValue({ isDetecting: false, message, connect: async () => {} }));
        return;
      }
      const loading = loadWagmiWallet();
      const module = await loading.catch(() => null);
      if (isCancelled) return;
      if (module) setLoaded({ module, config: module.createWalletConfig(presence) });
      else {
        // The chunk could not be fetched: a click on connect says why.
        const connect = async () => {
          const reason = await loading.catch((error: unknown) => toWalletRequestError(error).message);
          setValue((current) => ({ ...current, message: String(reason) }));
        };
        acceptValue(createIdleValue({ isDetecting: false, message: '', connect }));
      }
    });
    return () => {
      isCancelled = true;
      cancelDetection?.();
    };
  }, [acceptValue]);

  return (
    <WagmiContext.Provider value={loaded?.config}>
      <WalletContext.Provider value={value}>
        {children}
        {loaded ? <loaded.module.WagmiWallet config={loaded.config} onValue={acceptValue} /> : null}
      </WalletContext.Provider>
    </WagmiContext.Provider>
  );
}

/** A promise resolved from outside, once. */
function createReadySignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The shared wallet context; throws outside WalletProvider (mounted by AppProviders). */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used inside WalletProvider (AppProviders mounts it)');
  return value;
}
