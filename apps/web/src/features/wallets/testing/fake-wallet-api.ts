import type { GuideState, Wallet, WalletCatalogueEntry } from '@tidewatch/shared';
import { errorReply, type FakeHandler, type FakeReply, type FakeRequest } from '../../../test/fake-fetch.ts';
import { validSession } from '../../../test/render-route.tsx';

/** What the fake wallet API answers; tests change it between steps (a saved wallet, a failing list). */
export type FakeWalletApi = {
  wallets: Wallet[];
  catalogue: WalletCatalogueEntry[];
  /** Override one path's reply (e.g. a 500 for '/wallets/connected'); cleared by setting undefined. */
  overrides: Record<string, FakeReply | undefined>;
  /** A failure reply for one guide event (e.g. CONFIRM_SIGNATURE -> 400); other events walk the happy path. */
  guideFailures: Map<string, FakeReply>;
  handler: FakeHandler;
};

export const polygon = { name: 'Polygon', chainId: 137 } as const;

export function siweText(address: string): string {
  return `localhost wants you to sign in with your Ethereum account:\n${address}\n\nWelcome to Tidewatch!\n\nURI: http://localhost\nVersion: 1\nChain ID: 137\nNonce: abc123def456\nIssued At: 2030-01-01T00:00:00.000Z`;
}

function state(
  name: GuideState['name'],
  previous: GuideState['name'] | null,
  events: string[],
  data: unknown,
) {
  return { body: { name, previous, events, data } };
}

/** The happy path of the guide, as the server contract describes it. */
function replyToGuide(fake: FakeWalletApi, event: string, request: FakeRequest): FakeReply {
  const { address } = (request.body as { params: { address: string } }).params;
  switch (event) {
    case 'GET_MESSAGE':
      return state('NOT_STARTED', 'NOT_STARTED', ['CONFIRM_SIGNATURE'], {
        address,
        message: siweText(address),
        expiresAt: '2030-01-01T00:10:00.000Z',
      });
    case 'CONFIRM_SIGNATURE':
      return state('CONFIRMED_SIGNATURE', 'NOT_STARTED', ['SAVE_ADDRESS'], {
        address,
        chainId: 137,
        nonce: 'abc123def456',
      });
    case 'SAVE_ADDRESS': {
      const wallet: Wallet = {
        id: 41 + fake.wallets.length,
        name: 'MetaMask',
        address,
        blockchain: polygon,
        is_watch_only: false,
      };
      fake.wallets = [...fake.wallets, wallet];
      return state('SAVED_ADDRESS', 'CONFIRMED_SIGNATURE', [], { wallet });
    }
    default:
      return errorReply(409, 'CONFLICT', `${event} is not allowed here`);
  }
}

/** A logged-in user's wallet API with a MetaMask/Polygon catalogue, for dashboard and wallet screen tests. */
export function createFakeWalletApi(initial: Partial<Pick<FakeWalletApi, 'wallets' | 'catalogue'>> = {}) {
  window.sessionStorage.setItem('jwtToken', 'jwt-ada');
  const fake: FakeWalletApi = {
    wallets: initial.wallets ?? [],
    catalogue: initial.catalogue ?? [{ name: 'MetaMask', blockchains: ['Polygon'] }],
    overrides: {},
    guideFailures: new Map(),
    handler: (request) => {
      const override = fake.overrides[request.path];
      if (override) return override;
      if (request.path === '/internal/token/session') return { body: validSession };
      if (request.path === '/blockchains/wallets') return { body: { wallets: fake.catalogue } };
      if (request.path === '/wallets/connected') return { body: { wallets: fake.wallets } };
      if (request.path === '/blockchains/137') {
        return { body: { blockchain: { ...polygon, explorerUrl: 'https://polygonscan.com' } } };
      }
      const details = /^\/wallets\/details\/(.+)$/.exec(request.path);
      if (details) {
        const wallet = fake.wallets.find((w) => String(w.id) === details[1]);
        return wallet ? { body: { wallet } } : errorReply(404, 'NOT_FOUND', 'wallet not found');
      }
      if (request.path === '/wallets/connect_metamask_guide/next-state') {
        const event = (request.body as { event: string }).event;
        return fake.guideFailures.get(event) ?? replyToGuide(fake, event, request);
      }
      return undefined;
    },
  };
  return fake;
}
