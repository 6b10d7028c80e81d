import { type Address, createPublicClient, createWalletClient, type Hex, http, isAddress, isHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localPolygonChain } from '../anvil.ts';
import { callsVersion, createCallBatcher, type SendCallsRequest } from './batch-calls.ts';
import {
  createTransactionReplacer,
  type ReplacementMode,
  type TransactionReplacement,
} from './replacement.ts';

type WalletError = { code: number; message: string; data?: unknown };
type WalletAnswer = { result: unknown } | { error: WalletError };

export type TestWalletBridge = {
  address: Address;
  /** Answers one EIP-1193 request; never throws (errors come back as `{error}`). */
  handle(method: string, params?: unknown): Promise<WalletAnswer>;
  /** The next call of `method` answers this EIP-1193 error (4001 rejected, -32002 pending, …). */
  failNext(method: string, code: number, message?: string): void;
  /** Accounts exposed once connected (default: the key's address); [] simulates a locked wallet. */
  setAccounts(accounts: Address[]): void;
  /** Whether eth_requestAccounts has been granted. */
  isConnected(): boolean;
  /**
   * What MetaMask's 'speed up' / 'cancel' does, to the next eth_sendTransaction: it is sent with the node's
   * automine off and its hash given to the page; once the page has seen it pending (eth_getTransactionByHash
   * through this wallet, or a second eth_getTransactionReceipt: answered first, as the node saw it), the replacement
   * goes out with the same nonce and higher fees (speed-up: the same call; cancel: 0 to itself, no data),
   * one block is mined and automine is back on. Settles with both hashes once the replacement is mined.
   */
  replaceNextTransaction(mode: ReplacementMode): Promise<TransactionReplacement>;
  /** Replaces the held transaction now, for a page that reads the chain elsewhere than through the wallet. */
  replaceHeldTransaction(): Promise<TransactionReplacement>;
  /** The last replacement made, or null. */
  lastReplacement(): TransactionReplacement | null;
  /**
   * The network the wallet is on (default: the node's chain). Another id is a wrong network: eth_chainId
   * answers it and nothing is sent until the page asks to switch (wallet_switchEthereumChain to the node's
   * chain, which then emits chainChanged). Emits chainChanged itself when the id changes.
   */
  setChainId(chainId: number): void;
  /**
   * EIP-5792 atomic batching on the node's chain (default off). On: wallet_getCapabilities answers
   * `{ '0x89': { atomic: { status: 'supported' } } }` and wallet_sendCalls mines its calls in one block, all or
   * none. Off, as MetaMask where it cannot batch: no entry for the chain, and more than one call is refused
   * with 5710 (a single call is still sent). failNext('wallet_sendCalls', 4001) rejects a batch: nothing is sent.
   */
  setAtomicBatchSupport(isSupported: boolean): void;
  /** Listens to the events the wallet emits to the page (chainChanged); returns the unsubscribe. */
  onEvent(listener: WalletEventListener): () => void;
};

type WalletEventListener = (event: string, payload: unknown) => void;

export type CreateTestWalletBridgeOptions = {
  rpcUrl: string;
  privateKey: Hex;
  chainId?: number;
  /**
   * Networks beside the home chain, each on its own node (Base, issue 47). As MetaMask with a network it has not
   * added: wallet_switchEthereumChain answers 4902 until the page adds it (wallet_addEthereumChain), which then
   * switches to it (MetaMask asks to, and the person accepts). On it, calls and sends go to its node.
   */
  otherNetworks?: { chainId: number; rpcUrl: string }[];
};

const defaultMessages: Record<number, string> = {
  4001: 'User rejected the request.',
  4100: 'The requested account and/or method has not been authorized by the user.',
  4200: 'The requested method is not supported by this Ethereum provider.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is disconnected from the specified chain.',
  4902: 'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.',
  [-32002]: 'Request of type wallet_requestPermissions already pending. Please wait.',
};

/**
 * The Node side of the browser test wallet: a viem private-key account on the local node.
 * Wallet methods are answered here; every other method is forwarded to the node.
 * @example
 * const bridge = createTestWalletBridge({ rpcUrl: anvil.rpcUrl, privateKey: testAccounts.user.privateKey });
 * bridge.failNext('personal_sign', 4001);
 */
export function createTestWalletBridge(options: CreateTestWalletBridgeOptions): TestWalletBridge {
  /** The node's chain: the only one the wallet can send on or switch to. */
  const chainId = options.chainId ?? 137;
  const account = privateKeyToAccount(options.privateKey);
  const chain = localPolygonChain(options.rpcUrl, chainId);
  const publicClient = createPublicClient({ chain, transport: http(options.rpcUrl) });
  const walletClient = createWalletClient({ account, chain, transport: http(options.rpcUrl) });
  const failures = new Map<string, WalletError[]>();
  let accounts: Address[] = [account.address];
  let isConnected = false;
  let currentChainId = chainId;
  let isAtomicBatchSupported = false;
  const listeners = new Set<WalletEventListener>();
  const replacer = createTransactionReplacer({ publicClient, walletClient, account });
  const batcher = createCallBatcher({ publicClient, walletClient, account, chainId });
  const hex = (id: number) => `0x${id.toString(16)}`;
  const otherNetworks = new Map(
    (options.otherNetworks ?? []).map(({ chainId: id, rpcUrl }) => {
      const networkChain = localPolygonChain(rpcUrl, id);
      return [
        id,
        {
          publicClient: createPublicClient({ chain: networkChain, transport: http(rpcUrl) }),
          walletClient: createWalletClient({ account, chain: networkChain, transport: http(rpcUrl) }),
          isAdded: false as boolean,
        },
      ] as [
        number,
        {
          publicClient: ReturnType<typeof createPublicClient>;
          walletClient: typeof walletClient;
          isAdded: boolean;
        },
      ];
    }),
  );
  /** The network the wallet is on, when it is one added beside the home chain; undefined otherwise. */
  const otherNetwork = () => otherNetworks.get(currentChainId);
  /** Reads go to the node of the network the wallet is on (the home node for an unknown one). */
  const readClient = (): { request(args: { method: never; params: never }): Promise<unknown> } =>
    (otherNetwork()?.publicClient ?? publicClient) as never;

  function switchTo(id: number): void {
    if (id === currentChainId) return;
    currentChainId = id;
    for (const listener of listeners) listener('chainChanged', hex(id));
  }

  function requireHomeChain(method: string): void {
    // MetaMask would send on the network it is on; this wallet has one node, so it refuses instead.
    if (currentChainId !== chainId) {
      throw {
        code: 4901,
        message: `${method}: the test wallet is on chain ${currentChainId}, its node is ${chainId}`,
      };
    }
  }

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        isConnected = true;
        return accounts;
      case 'eth_accounts':
        // Empty until the page asked to connect, so apps (wagmi) do not auto-connect on load.
        return isConnected ? accounts : [];
      case 'eth_chainId':
        return hex(currentChainId);
      case 'net_version':
        return String(currentChainId);
      case 'wallet_requestPermissions':
        isConnected = true;
        return [{ parentCapability: 'eth_accounts', caveats: [] }];
      case 'wallet_getPermissions':
        return isConnected ? [{ parentCapability: 'eth_accounts', caveats: [] }] : [];
      case 'wallet_revokePermissions':
        isConnected = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const requested = Number((params[0] as { chainId?: string } | undefined)?.chainId);
        if (requested === chainId || otherNetworks.get(requested)?.isAdded) {
          switchTo(requested);
          return null;
        }
        throw { code: 4902, message: defaultMessages[4902] };
      }
      case 'wallet_addEthereumChain': {
        const requested = Number((params[0] as { chainId?: string } | undefined)?.chainId);
        if (requested === chainId) return null;
        const network = otherNetworks.get(requested);
        if (!network) throw { code: -32603, message: `the test wallet has no node for chain ${requested}` };
        network.isAdded = true;
        // MetaMask then asks to switch to the added network; the person accepts.
        switchTo(requested);
        return null;
      }
      case 'personal_sign': {
        requireAccount();
        const [message] = params as [string, string];
        // MetaMask signs hex data as raw bytes and anything else as UTF-8 text.
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        requireAccount();
        const typed = JSON.parse(params[1] as string);
        const domainChainId = typed?.domain?.chainId;
        // MetaMask refuses typed data for another chain than the one it is on.
        if (domainChainId !== undefined && Number(domainChainId) !== currentChainId) {
          throw {
            code: -32603,
            message: `Provided chainId "${Number(domainChainId)}" must match the active chainId "${currentChainId}"`,
          };
        }
        return account.signTypedData(typed);
      }
      case 'eth_sendTransaction': {
        requireAccount();
        const tx = params[0] as { to?: Address; data?: Hex; value?: Hex; gas?: Hex };
        const network = otherNetwork();
        if (network) {
          return network.walletClient.sendTransaction({
            account,
            chain: null,
            to: tx.to,
            data: tx.data,
            value: tx.value ? BigInt(tx.value) : undefined,
            gas: tx.gas ? BigInt(tx.gas) : undefined,
          });
        }
        requireHomeChain(method);
        return replacer.send(() =>
          walletClient.sendTransaction({
            account,
            to: tx.to,
            data: tx.data,
            value: tx.value ? BigInt(tx.value) : undefined,
            gas: tx.gas ? BigInt(tx.gas) : undefined,
          }),
        );
      }
      case 'wallet_getCapabilities':
        requireKeyholder(params[0]);
        return batcher.capabilities(isAtomicBatchSupported, params[1]);
      case 'wallet_sendCalls': {
        const request = (params[0] ?? {}) as SendCallsRequest;
        requireAccount();
        if (request.from !== undefined) requireKeyholder(request.from);
        // MetaMask's checks, in its order: version, then the page's network, then what the batch asks for.
        if (request.version !== callsVersion) {
          throw {
            code: -32000,
            message: `Version not supported: Got ${request.version}, expected ${callsVersion}`,
          };
        }
        if (request.chainId !== undefined && Number(request.chainId) !== currentChainId) {
          throw {
            code: -32602,
            message: `Chain ID must match the dApp selected network: Got ${request.chainId}, expected ${hex(currentChainId)}`,
          };
        }
        requireHomeChain(method);
        return batcher.send(request, isAtomicBatchSupported);
      }
      case 'wallet_getCallsStatus':
        return batcher.status(params[0]);
      case 'eth_getTransactionByHash':
      case 'eth_getTransactionReceipt': {
        // Answered as the node sees it now; a held transaction is replaced before the page hears back.
        const answered = await readClient().request({ method: method as never, params: params as never });
        if (!otherNetwork()) await replacer.asked(method, params[0]);
        return answered;
      }
      default:
        return readClient().request({ method: method as never, params: params as never });
    }
  }

  function requireAccount(): void {
    if (!isConnected) throw { code: 4100, message: defaultMessages[4100] };
  }

  /** MetaMask answers EIP-5792 requests only about an account the page was given. */
  function requireKeyholder(address: unknown): void {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw { code: -32602, message: 'Invalid parameters: must provide an Ethereum address.' };
    }
    const permitted = isConnected ? accounts : [];
    if (!permitted.some((account) => account.toLowerCase() === address.toLowerCase())) {
      throw { code: 4100, message: defaultMessages[4100] };
    }
  }

  return {
    address: account.address,
    async handle(method, params = []) {
      const queued = failures.get(method);
      const failure = queued?.shift();
      if (queued && queued.length === 0) failures.delete(method);
      if (failure) return { error: failure };
      try {
        return { result: await answer(method, Array.isArray(params) ? params : [params]) };
      } catch (error) {
        return { error: toWalletError(error) };
      }
    },
    failNext(method, code, message) {
      const queue = failures.get(method) ?? [];
      queue.push({ code, message: message ?? defaultMessages[code] ?? `Test wallet error ${code}` });
      failures.set(method, queue);
    },
    setAccounts(next) {
      accounts = [...next];
    },
    isConnected: () => isConnected,
    replaceNextTransaction: (mode) => replacer.arm(mode),
    replaceHeldTransaction: () => replacer.replaceHeld(),
    lastReplacement: () => replacer.last(),
    setChainId: switchTo,
    setAtomicBatchSupport(isSupported) {
      isAtomicBatchSupported = isSupported;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function toWalletError(error: unknown): WalletError {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
    const e = error as { code: number; message?: string; shortMessage?: string; data?: unknown };
    return { code: e.code, message: e.shortMessage ?? e.message ?? 'Wallet error', data: e.data };
  }
  // Node errors (reverts, bad params) surface as JSON-RPC internal errors, like MetaMask does.
  const message =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error);
  return { code: -32603, message };
}
