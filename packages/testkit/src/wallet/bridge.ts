import { type Address, createPublicClient, createWalletClient, type Hex, http, isHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localPolygonChain } from '../anvil.ts';

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
};

export type CreateTestWalletBridgeOptions = { rpcUrl: string; privateKey: Hex; chainId?: number };

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
  const chainId = options.chainId ?? 137;
  const account = privateKeyToAccount(options.privateKey);
  const chain = localPolygonChain(options.rpcUrl, chainId);
  const publicClient = createPublicClient({ chain, transport: http(options.rpcUrl) });
  const walletClient = createWalletClient({ account, chain, transport: http(options.rpcUrl) });
  const failures = new Map<string, WalletError[]>();
  let accounts: Address[] = [account.address];
  let isConnected = false;

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        isConnected = true;
        return accounts;
      case 'eth_accounts':
        // Empty until the page asked to connect, so apps (wagmi) do not auto-connect on load.
        return isConnected ? accounts : [];
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'net_version':
        return String(chainId);
      case 'wallet_requestPermissions':
        isConnected = true;
        return [{ parentCapability: 'eth_accounts', caveats: [] }];
      case 'wallet_getPermissions':
        return isConnected ? [{ parentCapability: 'eth_accounts', caveats: [] }] : [];
      case 'wallet_revokePermissions':
        isConnected = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const requested = (params[0] as { chainId?: string } | undefined)?.chainId;
        if (requested !== undefined && Number(requested) === chainId) return null;
        throw { code: 4902, message: defaultMessages[4902] };
      }
      case 'wallet_addEthereumChain':
        return null;
      case 'personal_sign': {
        requireAccount();
        const [message] = params as [string, string];
        // MetaMask signs hex data as raw bytes and anything else as UTF-8 text.
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        requireAccount();
        const typed = JSON.parse(params[1] as string);
        return account.signTypedData(typed);
      }
      case 'eth_sendTransaction': {
        requireAccount();
        const tx = params[0] as { to?: Address; data?: Hex; value?: Hex; gas?: Hex };
        return walletClient.sendTransaction({
          account,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      default:
        return publicClient.request({ method: method as never, params: params as never });
    }
  }

  function requireAccount(): void {
    if (!isConnected) throw { code: 4100, message: defaultMessages[4100] };
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
