import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Address, Hex, WalletClient } from 'viem';
import { afterNextPaint } from '../yield-to-main.ts';
import { toChainNumber } from './chains.ts';
import {
  type DiscoveredWallet,
  discoverWallets,
  type Eip1193Provider,
  pickWallet,
} from './discover-wallets.ts';
import { walletEnvironment } from './wallet-environment.ts';
import {
  accountChangedMessage,
  getWalletErrorCode,
  networkChangedMessage,
  toWalletRequestError,
  walletErrorCodes,
  walletMessages,
} from './wallet-messages.ts';

/** Spec section 4, wallet connect: not connected, prompting, connected, rejected. */
export type WalletStatus = 'not connected' | 'prompting' | 'connected' | 'rejected';

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
  setIsConnected: (isConnected: boolean) => void;
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
  choices: readonly DiscoveredWallet[];
  /** Uses the chosen wallet (one of `choices`) and connects with it. */
  chooseWallet: (uuid: string) => Promise<void>;
  /** Asks the wallet for accounts (eth_requestAccounts); failures end up in `status` and `message`. */
  connect: () => Promise<void>;
  /**
   * personal_sign of exactly `message` by the connected account.
   * @throws WalletRequestError whose message is the spec's rejection text for code 4001.
   */
  signMessage: (message: string) => Promise<Hex>;
};

const WalletContext = createContext<WalletContextValue | null>(null);

type WalletClientModule = typeof import('./wallet-client.ts');
let walletClientModule: Promise<WalletClientModule> | undefined;

/** viem comes with the first wallet found, not with the page (decision 016); one download per page. */
function loadWalletClient(): Promise<WalletClientModule> {
  walletClientModule ??= import('./wallet-client.ts');
  return walletClientModule;
}

/** Holds the wallet state for the whole app; mount once, above the router. */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [isConnected, setIsConnected] = useState(false);
  const [publicAddress, setPublicAddress] = useState<Address | null>(null);
  const [status, setStatus] = useState<WalletStatus>('not connected');
  const [message, setMessage] = useState('');
  const [chainId, setChainId] = useState<number | null>(null);
  const [isDetecting, setIsDetecting] = useState(true);
  const [choices, setChoices] = useState<readonly DiscoveredWallet[]>([]);
  const [active, setActive] = useState<DiscoveredWallet | null>(null);
  const [walletClient, setWalletClient] = useState<WalletClientModule | null>(null);
  const activeRef = useRef<DiscoveredWallet | null>(null);
  const detection = useRef<Promise<DiscoveredWallet[]> | null>(null);

  const activate = useCallback((wallet: DiscoveredWallet | null) => {
    activeRef.current = wallet;
    setActive(wallet);
  }, []);

  const readChainId = useCallback(async (provider: Eip1193Provider) => {
    try {
      setChainId(toChainNumber(String(await provider.request({ method: 'eth_chainId' }))));
    } catch {
      // The chain id is read again on the next connect; a failure here must not break connecting.
    }
  }, []);

  const applyAccounts = useCallback((address: Address | null) => {
    if (!address) {
      setIsConnected(false);
      setPublicAddress(null);
      setStatus('not connected');
      setMessage(walletMessages.noAccounts);
      return;
    }
    setPublicAddress(address);
    setIsConnected(true);
    setStatus('connected');
    setMessage(accountChangedMessage(address));
  }, []);

  const onChange = useCallback(
    (accounts: readonly string[]) => {
      void loadWalletClient().then((client) => applyAccounts(client.getFirstAddress(accounts)));
    },
    [applyAccounts],
  );

  // Detection: once per mount, after the page has painted (a wallet found brings viem, which would otherwise
  // share the link and the main thread with the page's content). Several wallets without MetaMask wait for
  // the user's choice.
  useEffect(() => {
    let isCancelled = false;
    let cancelDiscovery: (() => void) | undefined;
    const result = afterNextPaint().then(() => {
      if (isCancelled) return [];
      const discovery = discoverWallets({ timeoutMs: walletEnvironment.detectionTimeoutMs });
      cancelDiscovery = discovery.cancel;
      return discovery.result;
    });
    detection.current = result;
    void result.then((wallets) => {
      if (isCancelled) return;
      setIsDetecting(false);
      const pick = pickWallet(wallets);
      if (pick.kind === 'one') activate(pick.wallet);
      else if (pick.kind === 'several') {
        setChoices(pick.wallets);
        setMessage(walletMessages.multipleWallets);
      } else setMessage(walletMessages.notInstalled);
    });
    return () => {
      isCancelled = true;
      cancelDiscovery?.();
    };
  }, [activate]);

  // The active wallet's events, and a silent reconnect when it already exposes an account (eth_accounts only:
  // no prompt on load).
  useEffect(() => {
    const provider = active?.provider;
    if (!provider) return;
    let isCancelled = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    void loadWalletClient().then((client) => {
      if (!isCancelled) setWalletClient(client);
    });
    void Promise.all([provider.request({ method: 'eth_accounts' }), loadWalletClient()]).then(
      ([accounts, client]) => {
        const address = client.getFirstAddress(accounts);
        if (isCancelled || !address) return;
        setPublicAddress(address);
        setIsConnected(true);
        setStatus('connected');
        void readChainId(provider);
      },
      () => undefined,
    );
    const onAccountsChanged = (accounts: string[]) => onChange(accounts);
    const onChainChanged = (next: string) => {
      setChainId(toChainNumber(next));
      setMessage(networkChangedMessage(next));
      // Everything on screen was read on the old network; a reload starts clean (spec). The delay lets the
      // message be read first.
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(
        () => walletEnvironment.reloadPage(),
        walletEnvironment.networkChangeReloadDelayMs,
      );
    };
    const onDisconnect = () => {
      setIsConnected(false);
      setPublicAddress(null);
      setStatus('not connected');
      setMessage(walletMessages.disconnected);
    };
    provider.on?.('accountsChanged', onAccountsChanged);
    provider.on?.('chainChanged', onChainChanged);
    provider.on?.('disconnect', onDisconnect);
    return () => {
      isCancelled = true;
      clearTimeout(reloadTimer);
      provider.removeListener?.('accountsChanged', onAccountsChanged);
      provider.removeListener?.('chainChanged', onChainChanged);
      provider.removeListener?.('disconnect', onDisconnect);
    };
  }, [active, onChange, readChainId]);

  const requestAccounts = useCallback(
    async (wallet: DiscoveredWallet) => {
      setStatus('prompting');
      setMessage('');
      try {
        const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
        const client = await loadWalletClient();
        setWalletClient(client);
        const address = client.getFirstAddress(accounts);
        if (!address) {
          setStatus('not connected');
          setMessage(walletMessages.noAccounts);
          return;
        }
        setPublicAddress(address);
        setIsConnected(true);
        setStatus('connected');
        await readChainId(wallet.provider);
      } catch (error) {
        const code = getWalletErrorCode(error);
        if (code === walletErrorCodes.pending) {
          // A prompt is already open in the extension: stay 'prompting' until the user answers it there.
          setStatus('prompting');
          setMessage(walletMessages.pending);
        } else if (code === walletErrorCodes.rejected) {
          setStatus('rejected');
          setMessage(walletMessages.rejected);
        } else {
          setStatus('not connected');
          setMessage(toWalletRequestError(error).message);
        }
      }
    },
    [readChainId],
  );

  const connect = useCallback(async () => {
    const wallets = (await detection.current) ?? [];
    const wallet = activeRef.current;
    if (wallet) return requestAccounts(wallet);
    const pick = pickWallet(wallets);
    setMessage(pick.kind === 'several' ? walletMessages.multipleWallets : walletMessages.notInstalled);
  }, [requestAccounts]);

  const chooseWallet = useCallback(
    async (uuid: string) => {
      const wallet = choices.find((choice) => choice.uuid === uuid);
      if (!wallet) return;
      setChoices([]);
      activate(wallet);
      await requestAccounts(wallet);
    },
    [choices, activate, requestAccounts],
  );

  const web3 = useMemo(
    () =>
      walletClient && active && publicAddress && isConnected
        ? walletClient.createAccountClient(publicAddress, active.provider)
        : null,
    [walletClient, active, publicAddress, isConnected],
  );

  const signMessage = useCallback(
    async (text: string): Promise<Hex> => {
      if (!web3?.account) throw toWalletRequestError(new Error(walletMessages.noAccounts));
      try {
        return await web3.signMessage({ account: web3.account, message: text });
      } catch (error) {
        throw toWalletRequestError(error);
      }
    },
    [web3],
  );

  const value = useMemo<WalletContextValue>(
    () => ({
      isConnected,
      publicAddress,
      onChange,
      setIsConnected,
      setPublicAddress,
      web3,
      status,
      message,
      chainId,
      isDetecting,
      choices,
      chooseWallet,
      connect,
      signMessage,
    }),
    [
      isConnected,
      publicAddress,
      onChange,
      web3,
      status,
      message,
      chainId,
      isDetecting,
      choices,
      chooseWallet,
      connect,
      signMessage,
    ],
  );

  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

/** The shared wallet context; throws outside WalletProvider (mounted by AppProviders). */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used inside WalletProvider (AppProviders mounts it)');
  return value;
}
