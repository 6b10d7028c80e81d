import { type Address, type Hex, isHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A browser wallet for component tests: an EIP-1193 provider object (the browser boundary) that signs for real
 * with a well-known local test key, announces itself over EIP-6963 and records every request.
 */

/** The EIP-1193 surface a browser wallet gives the page. */
type FakeProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: (payload: never) => void): void;
  removeListener(event: string, listener: (payload: never) => void): void;
};

/** Anvil's first default account: public test key, never holds value. */
const testPrivateKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const fakeWalletAccount = privateKeyToAccount(testPrivateKey);

export type FakeWalletOptions = {
  /** EIP-6963 identity; null = no announcement (a legacy window.ethereum only). Default: MetaMask. */
  announceAs?: { name: string; rdns: string; uuid: string } | null;
  /** Also set window.ethereum (default true when not announced, false otherwise). */
  isLegacyInjected?: boolean;
  /** Accounts given by eth_requestAccounts; [] is a locked wallet. */
  accounts?: Address[];
  /** The site is already connected: eth_accounts answers at once (silent reconnect on load). */
  isAuthorized?: boolean;
  chainId?: Hex;
};

export type FakeWallet = {
  provider: FakeProvider;
  requests: Array<{ method: string; params: unknown }>;
  /** The next call of `method` fails with this EIP-1193 code. */
  failNext(method: string, code: number, message?: string): void;
  /** Fires a provider event (accountsChanged, chainChanged, disconnect). */
  emit(event: string, payload: unknown): void;
  uninstall(): void;
};

export function installFakeWallet(options: FakeWalletOptions = {}): FakeWallet {
  const announceAs =
    options.announceAs === undefined
      ? { name: 'MetaMask', rdns: 'io.metamask', uuid: 'fake-metamask' }
      : options.announceAs;
  let accounts = options.accounts ?? [fakeWalletAccount.address];
  const chainId = options.chainId ?? '0x89';
  let isAuthorized = options.isAuthorized ?? false;
  const failures = new Map<string, Array<{ code: number; message: string }>>();
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const requests: FakeWallet['requests'] = [];

  const provider: FakeProvider = {
    async request({ method, params }) {
      requests.push({ method, params });
      const failure = failures.get(method)?.shift();
      if (failure) throw Object.assign(new Error(failure.message), { code: failure.code });
      switch (method) {
        case 'eth_requestAccounts':
          isAuthorized = true;
          return accounts;
        case 'eth_accounts':
          return isAuthorized ? accounts : [];
        case 'eth_chainId':
          return chainId;
        case 'personal_sign': {
          const [message] = params as [string, string];
          return fakeWalletAccount.signMessage({ message: isHex(message) ? { raw: message } : message });
        }
        default:
          throw Object.assign(new Error(`the fake wallet does not answer ${method}`), { code: 4200 });
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };

  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: announceAs, provider }) }),
    );
  if (announceAs) window.addEventListener('eip6963:requestProvider', announce);
  const isLegacy = options.isLegacyInjected ?? !announceAs;
  if (isLegacy) window.ethereum = provider;

  return {
    provider,
    requests,
    failNext(method, code, message = `fake wallet error ${code}`) {
      failures.set(method, [...(failures.get(method) ?? []), { code, message }]);
    },
    emit(event, payload) {
      // A wallet that reports accounts to the site also answers eth_accounts with them.
      if (event === 'accountsChanged') {
        accounts = payload as Address[];
        isAuthorized = accounts.length > 0;
      }
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload as never);
    },
    uninstall() {
      window.removeEventListener('eip6963:requestProvider', announce);
      if (isLegacy) delete window.ethereum;
    },
  };
}
