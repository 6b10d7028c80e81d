import { useCallback, useEffect, useMemo, useState } from 'react';
import { getAddress, type Hex, isAddress, type WalletClient } from 'viem';
import {
  type Config,
  type Connector,
  useConnect,
  useConnections,
  useDisconnect,
  useReconnect,
  useSignMessage,
  useWalletClient,
} from 'wagmi';
import { isRequestedSwitch } from './requested-switch.ts';
import { pickWallet, type WalletPick } from './wagmi-config.ts';
import type { WalletContextValue, WalletStatus } from './wallet-context.tsx';
import { walletEnvironment } from './wallet-environment.ts';
import {
  accountChangedMessage,
  getWalletErrorCode,
  networkChangedMessage,
  toWalletRequestError,
  walletErrorCodes,
  walletMessages,
} from './wallet-messages.ts';

export { createWalletConfig } from './wagmi-config.ts';

/** The EIP-1193 events the spec gives a message (section 8); wagmi listens to the same provider for its state. */
type WalletEventSource = {
  on?(event: string, listener: (payload: never) => void): unknown;
  removeListener?(event: string, listener: (payload: never) => void): unknown;
};

function getInitialMessage(pick: WalletPick<Connector>): string {
  if (pick.kind === 'several') return walletMessages.multipleWallets;
  return pick.kind === 'none' ? walletMessages.notInstalled : '';
}

/** 'Looks like you changed to account …' for the first account, the no-accounts text when there is none. */
function getAccountsMessage(accounts: readonly unknown[]): string {
  const [first] = accounts;
  return typeof first === 'string' && isAddress(first, { strict: false })
    ? accountChangedMessage(getAddress(first))
    : walletMessages.noAccounts;
}

export type WagmiWalletProps = {
  config: Config;
  /** Receives the wallet context's value on every change. */
  onValue: (value: WalletContextValue) => void;
};

/**
 * The wallet context's value, made from wagmi's hooks (WalletProvider renders it once wagmi is loaded; it draws
 * nothing). wagmi holds the connection, its account and network, signs, and reconnects on load; this adds
 * what the spec says around it: which wallet to use, the state of a prompt, and a message for each event.
 */
export function WagmiWallet({ config, onValue }: WagmiWalletProps) {
  const [initialPick] = useState(() => pickWallet(config.connectors));
  const [active, setActive] = useState(initialPick.kind === 'one' ? initialPick.wallet : null);
  const [choices, setChoices] = useState(initialPick.kind === 'several' ? initialPick.wallets : []);
  const [promptStatus, setPromptStatus] = useState<Exclude<WalletStatus, 'connected'>>('not connected');
  const [message, setMessage] = useState(() => getInitialMessage(initialPick));
  const connection = useConnections({ config }).find((each) => each.connector.uid === active?.uid);
  const publicAddress = connection?.accounts[0] ?? null;
  const isConnected = publicAddress !== null;
  const { mutateAsync: connectWallet } = useConnect({ config });
  const { mutateAsync: disconnectWallet } = useDisconnect({ config });
  const { mutate: reconnectWallet } = useReconnect({ config });
  const { mutateAsync: signWithWallet } = useSignMessage({ config });
  const { data: walletClient } = useWalletClient({
    config,
    connector: active ?? undefined,
    query: { enabled: isConnected },
  });
  const web3 = isConnected ? ((walletClient as WalletClient | undefined) ?? null) : null;

  // On load only eth_accounts (no prompt): a site the wallet already trusts is connected at once.
  useEffect(() => {
    if (initialPick.kind === 'one') reconnectWallet({ connectors: [initialPick.wallet] });
  }, [initialPick, reconnectWallet]);

  // The spec's message for each event of the wallet in use.
  useEffect(() => {
    if (!active) return;
    let source: WalletEventSource | undefined;
    let isCancelled = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const onAccountsChanged = (accounts: readonly unknown[]) => {
      setPromptStatus('not connected');
      setMessage(getAccountsMessage(accounts));
    };
    const onChainChanged = (chainId: string) => {
      // The switch an action asked for (to Base for its call): the runner goes on, nothing to reload.
      if (isRequestedSwitch(chainId)) return;
      setMessage(networkChangedMessage(chainId));
      // Everything on screen was read on the old network; a reload starts clean (spec). The delay lets the
      // message be read first.
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(
        () => walletEnvironment.reloadPage(),
        walletEnvironment.networkChangeReloadDelayMs,
      );
    };
    const onDisconnect = () => {
      setPromptStatus('not connected');
      setMessage(walletMessages.disconnected);
    };
    void active.getProvider().then(
      (provider) => {
        if (isCancelled || !provider) return;
        source = provider as WalletEventSource;
        source.on?.('accountsChanged', onAccountsChanged);
        source.on?.('chainChanged', onChainChanged);
        source.on?.('disconnect', onDisconnect);
      },
      () => undefined,
    );
    return () => {
      isCancelled = true;
      clearTimeout(reloadTimer);
      source?.removeListener?.('accountsChanged', onAccountsChanged);
      source?.removeListener?.('chainChanged', onChainChanged);
      source?.removeListener?.('disconnect', onDisconnect);
    };
  }, [active]);

  const connectWith = useCallback(
    async (connector: Connector) => {
      setPromptStatus('prompting');
      setMessage('');
      try {
        // Connected already (the check on load found an account): there is nothing to ask.
        if (!config.state.connections.has(connector.uid)) {
          const { accounts } = await connectWallet({ connector });
          if (accounts.length === 0) {
            // A locked wallet answers with no account; wagmi would keep an empty connection.
            await disconnectWallet({ connector }).catch(() => undefined);
            setPromptStatus('not connected');
            setMessage(walletMessages.noAccounts);
            return;
          }
        }
        setPromptStatus('not connected');
      } catch (error) {
        const code = getWalletErrorCode(error);
        if (code === walletErrorCodes.pending) {
          // A prompt is already open in the extension: stay 'prompting' until the user answers it there.
          setPromptStatus('prompting');
          setMessage(walletMessages.pending);
        } else if (code === walletErrorCodes.rejected) {
          setPromptStatus('rejected');
          setMessage(walletMessages.rejected);
        } else {
          setPromptStatus('not connected');
          setMessage(toWalletRequestError(error).message);
        }
      }
    },
    [config, connectWallet, disconnectWallet],
  );

  const connect = useCallback(async () => {
    if (active) return connectWith(active);
    setMessage(choices.length > 0 ? walletMessages.multipleWallets : walletMessages.notInstalled);
  }, [active, choices, connectWith]);

  const chooseWallet = useCallback(
    async (id: string) => {
      const wallet = choices.find((choice) => choice.uid === id);
      if (!wallet) return;
      setChoices([]);
      setActive(wallet);
      await connectWith(wallet);
    },
    [choices, connectWith],
  );

  const signMessage = useCallback(
    async (text: string): Promise<Hex> => {
      if (!active || !publicAddress) throw toWalletRequestError(new Error(walletMessages.noAccounts));
      try {
        return await signWithWallet({ message: text, account: publicAddress, connector: active });
      } catch (error) {
        throw toWalletRequestError(error);
      }
    },
    [active, publicAddress, signWithWallet],
  );

  // The spec's setters: each acts on the wallet through wagmi, as the wallet's own event would.
  const onChange = useCallback(
    (accounts: readonly string[]) => {
      const addresses = accounts.filter((account) => isAddress(account, { strict: false })).map(getAddress);
      if (addresses.length > 0) active?.emitter.emit('change', { accounts: addresses });
      else active?.emitter.emit('disconnect');
      setMessage(getAccountsMessage(addresses));
    },
    [active],
  );
  const setIsConnected = useCallback(
    (shouldConnect: boolean) => {
      if (shouldConnect) void connect();
      else if (active) void disconnectWallet({ connector: active }).catch(() => undefined);
    },
    [active, connect, disconnectWallet],
  );
  const setPublicAddress = useCallback(
    (address: string | null) => onChange(address ? [address] : []),
    [onChange],
  );

  const choiceList = useMemo(
    () => choices.map((choice) => ({ id: choice.uid, name: choice.name })),
    [choices],
  );
  const value = useMemo<WalletContextValue>(
    () => ({
      isConnected,
      publicAddress,
      onChange,
      setIsConnected,
      setPublicAddress,
      web3,
      status: isConnected ? 'connected' : promptStatus,
      message,
      chainId: connection?.chainId ?? null,
      isDetecting: false,
      choices: choiceList,
      chooseWallet,
      connect,
      signMessage,
    }),
    [
      isConnected,
      publicAddress,
      onChange,
      setIsConnected,
      setPublicAddress,
      web3,
      promptStatus,
      message,
      connection?.chainId,
      choiceList,
      chooseWallet,
      connect,
      signMessage,
    ],
  );
  useEffect(() => onValue(value), [onValue, value]);
  return null;
}
