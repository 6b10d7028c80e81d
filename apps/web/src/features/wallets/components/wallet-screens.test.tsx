import { screen, waitFor, within } from '@testing-library/react';
import type { Wallet } from '@tidewatch/shared';
import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { createFakeWalletApi, polygon, siweText } from '../testing/fake-wallet-api.ts';

const saved: Wallet[] = [
  {
    id: 7,
    name: 'MetaMask',
    address: '0x1234567890AbcdEF1234567890aBcdef12345678',
    blockchain: polygon,
    is_watch_only: false,
  },
  {
    id: 8,
    name: 'MetaMask',
    address: '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa',
    blockchain: { name: 'Ethereum', chainId: 1 },
    is_watch_only: false,
  },
];

let wallet: FakeWallet | undefined;
afterEach(() => {
  wallet?.uninstall();
  wallet = undefined;
});

describe('dashboard', () => {
  it('summarises the wallets with a count, links and open panels', async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/dashboard');
    const summary = await screen.findByRole('list', { name: 'wallets' });
    const panel = screen.getByRole('button', { name: /^Wallets/ });
    expect(panel).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveTextContent('2');
    expect(within(summary).getByRole('link', { name: '0x1234…5678' })).toHaveAttribute(
      'href',
      '/wallets/view/7',
    );
    expect(within(summary).getByRole('link', { name: 'Polygon' })).toHaveAttribute('href', '/blockchain/137');
    expect(within(summary).getByRole('link', { name: 'Ethereum' })).toHaveAttribute('href', '/blockchain/1');
    // The recovery plan of ended QuickSwap farms: for the Polygon wallet only.
    expect(within(summary).getAllByRole('link', { name: /^get it out/ })).toHaveLength(1);
    // Named by its text alone: the row names the wallet, and its address link keeps the address as its name.
    expect(within(summary).getByRole('link', { name: 'get it out' })).toHaveAttribute(
      'href',
      `/wallets/${saved[0]?.address}/recovery`,
    );
    expect(within(summary).getAllByText('MetaMask')).toHaveLength(2);
    for (const name of ['Liquidity Provider', 'LP Mining farms', 'Dual Mining farms']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'true');
    }
    expect(screen.getByRole('heading', { name: 'connect wallet to your account' })).toBeInTheDocument();
  });

  it('folds the wallet summary away and back', async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    const { user } = renderRoute('/dashboard');
    const list = await screen.findByRole('list', { name: 'wallets' });
    await user.click(screen.getByRole('button', { name: /^Wallets/ }));
    expect(list).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Wallets/ }));
    expect(list).toBeVisible();
  });

  it('a failed wallet list shows the error with retry, and retry recovers', async () => {
    const api = createFakeWalletApi({ wallets: saved });
    api.overrides['/wallets/connected'] = errorReply(429, 'RATE_LIMITED', 'wallets are unavailable');
    installFakeFetch(api.handler);
    const { user } = renderRoute('/dashboard');
    const alert = (await screen.findByText('could not load your wallets')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('wallets are unavailable');
    api.overrides['/wallets/connected'] = undefined;
    await user.click(within(alert).getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('link', { name: '0x1234…5678' })).toBeInTheDocument();
  });

  it('a refused wallet list (a 4xx) shows just the message: retrying would not help', async () => {
    const api = createFakeWalletApi({ wallets: saved });
    api.overrides['/wallets/connected'] = errorReply(403, 'FORBIDDEN', 'wallets are not yours');
    installFakeFetch(api.handler);
    renderRoute('/dashboard');
    const alert = (await screen.findByText('could not load your wallets')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('wallets are not yours');
    expect(within(alert).queryByRole('button', { name: 'retry' })).not.toBeInTheDocument();
  });
});

describe('wallets screen', () => {
  it('/wallets/view/{id}: the list on the left and the wallet on the right, after a spinner', async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/wallets/view/7');
    expect(await screen.findByRole('status', { name: 'loading wallet' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'MetaMask wallet' })).toBeInTheDocument();
    expect(screen.getByText('0x1234567890AbcdEF1234567890aBcdef12345678')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wallets' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'wallets' })).toBeInTheDocument();
    const detail = screen.getByRole('heading', { name: 'MetaMask wallet' }).closest('section') as HTMLElement;
    expect(within(detail).getByRole('link', { name: 'Polygon' })).toHaveAttribute('href', '/blockchain/137');
  });

  it("says 'wallet not found' when the server answers 404 (someone else's wallet)", async () => {
    const calls = installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/wallets/view/99');
    expect(await screen.findByText('wallet not found')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/wallets/details/99')).toHaveLength(1);
  });

  it('a failed detail load shows the error with retry', async () => {
    const api = createFakeWalletApi({ wallets: saved });
    api.overrides['/wallets/details/7'] = errorReply(429, 'RATE_LIMITED', 'not now');
    installFakeFetch(api.handler);
    const { user } = renderRoute('/wallets/view/7');
    const alert = (await screen.findByText('could not load the wallet')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    api.overrides['/wallets/details/7'] = undefined;
    await user.click(within(alert).getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('heading', { name: 'MetaMask wallet' })).toBeInTheDocument();
  });

  it.each([
    ['/wallets/connect', 'connect a wallet from the dashboard'],
    ['/wallets/anything', 'choose a wallet on the left to see it here'],
  ])('%s shows its placeholder', async (url, text) => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute(url);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'wallets' })).toBeInTheDocument();
  });
});

describe('blockchain page', () => {
  it('names the chain, its id and explorer, and lists only the wallets on it', async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/blockchain/137');
    expect(await screen.findByRole('heading', { name: 'blockchain' })).toBeInTheDocument();
    expect(await screen.findByText('Polygon', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('137', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'polygonscan.com' })).toHaveAttribute(
      'href',
      'https://polygonscan.com',
    );
    const list = await screen.findByRole('list', { name: 'wallets' });
    expect(within(list).getByRole('link', { name: '0x1234…5678' })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: '0xaAaA…aAaA' })).not.toBeInTheDocument();
  });
});

describe('blockchain page, unknown chain', () => {
  it('says the chain is unknown when the server answers 404, and lists nothing on it', async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/blockchain/999');
    expect(await screen.findByText('blockchain 999 is not one we know')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'your wallets on this blockchain' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'tracked farms on this blockchain' }),
    ).not.toBeInTheDocument();
  });
});

describe('integrations screen', () => {
  it('/integrations/view?walletId= shows that wallet beside the Integrations pane', async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/integrations/view?walletId=8');
    expect(await screen.findByRole('heading', { name: 'MetaMask wallet' })).toBeInTheDocument();
    expect(screen.getByText('0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByText('nothing')).toBeInTheDocument();
  });

  it("any other action shows the word 'default'", async () => {
    installFakeFetch(createFakeWalletApi().handler);
    renderRoute('/integrations/elsewhere');
    expect(await screen.findByText('default')).toBeInTheDocument();
  });
});

describe('/signup/create-address', () => {
  const address = fakeWalletAccount.address;

  function signUpServer() {
    const wallets: Wallet[] = [];
    return installFakeFetch((request) => {
      if (request.path === '/wallets/sign-up/message') {
        return { body: { message: siweText(address), expiresAt: '2030-01-01T00:10:00.000Z' } };
      }
      if (request.path === '/wallets/sign-up') {
        wallets.push({ id: 1, name: 'MetaMask', address, blockchain: polygon, is_watch_only: false });
        return { status: 201, body: { token: 'jwt-wallet', created: true } };
      }
      if (request.path === '/internal/token/session') return { body: validSession };
      if (request.path === '/wallets/connected') return { body: { wallets } };
      if (request.path === '/blockchains/wallets') return { body: { wallets: [] } };
      return undefined;
    });
  }

  it('signs the server message with the wallet, stores the token and lands on the dashboard', async () => {
    wallet = installFakeWallet({ isAuthorized: true });
    const calls = signUpServer();
    const { user, router } = renderRoute(`/signup/create-address?address=${address}`);
    expect(await screen.findByText(address)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'sign message and create account' }));

    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem('jwtToken')).toBe('jwt-wallet');
    expect(callsTo(calls, 'POST', '/wallets/sign-up/message')[0]?.body).toEqual({ address });
    const body = callsTo(calls, 'POST', '/wallets/sign-up')[0]?.body as {
      message: string;
      signature: `0x${string}`;
    };
    expect(body.message).toBe(siweText(address));
    expect(await verifyMessage({ address, message: body.message, signature: body.signature })).toBe(true);
    expect(
      await screen.findByRole('link', { name: `${address.slice(0, 6)}…${address.slice(-4)}` }),
    ).toBeInTheDocument();
  });

  it('without a connected wallet it offers the connect control, then the address', async () => {
    wallet = installFakeWallet();
    signUpServer();
    const { user } = renderRoute('/signup/create-address');
    expect(screen.queryByRole('button', { name: 'create account' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'connect to metamask' }));
    expect(await screen.findByText(address)).toBeInTheDocument();
  });

  it('a rejected signature shows the spec message and stores nothing', async () => {
    wallet = installFakeWallet({ isAuthorized: true });
    wallet.failNext('personal_sign', 4001);
    const calls = signUpServer();
    const { user, router } = renderRoute('/signup/create-address');
    await user.click(await screen.findByRole('button', { name: 'sign message and create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'looks like you rejected a prompt in your metamask extension',
    );
    expect(router.state.location.pathname).toBe('/signup/create-address');
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'POST', '/wallets/sign-up')).toHaveLength(0));
  });
});
