import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/provider.tsx';
import { routes } from '../../app/router.tsx';
import { installFakeFetch } from '../../test/fake-fetch.ts';
import { sessionTokenKey } from '../session.ts';
import { type FakeWallet, fakeWalletAccount, installFakeWallet } from './testing/fake-wallet.ts';
import { WalletConnectControl } from './wallet-connect-control.tsx';
import { walletEnvironment } from './wallet-environment.ts';

const address = fakeWalletAccount.address;
const shortAddress = `${address.slice(0, 6)}…${address.slice(-4)}`;
const savedEnvironment = { ...walletEnvironment };
let wallets: FakeWallet[] = [];

function useFakeWallet(options?: Parameters<typeof installFakeWallet>[0]): FakeWallet {
  const wallet = installFakeWallet(options);
  wallets.push(wallet);
  return wallet;
}

/** The real route table plus one screen holding only the control, so each test sees the control alone. */
function renderControl() {
  installFakeFetch();
  const router = createMemoryRouter([{ path: '/control', element: <WalletConnectControl /> }, ...routes], {
    initialEntries: ['/control'],
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

const connectButton = () => screen.getByRole('button', { name: /connect to metamask|waiting\.\.\./ });

afterEach(() => {
  for (const wallet of wallets) wallet.uninstall();
  wallets = [];
  Object.assign(walletEnvironment, savedEnvironment);
});

describe('wallet connect control', () => {
  it('connects MetaMask on click, shows the short address and enables create account', async () => {
    const wallet = useFakeWallet();
    const { user } = renderControl();
    expect(screen.getByRole('button', { name: 'create account' })).toBeDisabled();
    // No prompt on load: only a silent eth_accounts check.
    await waitFor(() => expect(wallet.requests.map((r) => r.method)).toContain('eth_accounts'));
    expect(wallet.requests.map((r) => r.method)).not.toContain('eth_requestAccounts');

    await user.click(connectButton());
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create account' })).toBeEnabled();
    expect(wallet.requests.map((r) => r.method)).toContain('eth_requestAccounts');
  });

  it("offers a logged-in user no 'create account': they have one", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    useFakeWallet();
    const { user } = renderControl();
    await user.click(connectButton());
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'create account' })).not.toBeInTheDocument();
  });

  it('reconnects silently on load when the site is already connected', async () => {
    const wallet = useFakeWallet({ isAuthorized: true });
    renderControl();
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
    expect(wallet.requests.map((r) => r.method)).not.toContain('eth_requestAccounts');
  });

  it("'create account' opens /signup/create-address carrying the address", async () => {
    useFakeWallet({ isAuthorized: true });
    const { user, router } = renderControl();
    await screen.findByText(shortAddress);
    await user.click(screen.getByRole('button', { name: 'create account' }));
    await screen.findByRole('heading', { name: 'create an account from your wallet address' });
    expect(router.state.location.pathname).toBe('/signup/create-address');
    expect(new URLSearchParams(router.state.location.search).get('address')).toBe(address);
  });

  it('-32002: says to check metamask and shows waiting... disabled while the prompt is open', async () => {
    const wallet = useFakeWallet();
    wallet.failNext('eth_requestAccounts', -32002);
    const { user } = renderControl();
    await user.click(connectButton());
    expect(
      await screen.findByText('check metamask and select account you wish to connect with'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'waiting...' })).toBeDisabled();
    // The user picks the account in the extension: the wallet reports it and the prompt state ends.
    wallet.emit('accountsChanged', [address]);
    expect(await screen.findByRole('button', { name: 'connect to metamask' })).toBeEnabled();
  });

  it('4001: says the prompt was rejected', async () => {
    const wallet = useFakeWallet();
    wallet.failNext('eth_requestAccounts', 4001);
    const { user } = renderControl();
    await user.click(connectButton());
    expect(
      await screen.findByText('looks like you rejected a prompt in your metamask extension'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create account' })).toBeDisabled();
    expect(connectButton()).toBeEnabled();
  });

  it('no accounts: asks to unlock and connect the extension', async () => {
    useFakeWallet({ accounts: [] });
    const { user } = renderControl();
    await user.click(connectButton());
    expect(
      await screen.findByText(
        "looks like you don't have any accounts in Metamask. Check to see that metamask extension is unlocked and connected to this site",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create account' })).toBeDisabled();
  });

  it("'unlock metamask' asks the wallet again and explains what to do", async () => {
    const wallet = useFakeWallet();
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'unlock metamask' }));
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
    expect(wallet.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(1);
  });

  it('not installed: says so once detection gives up', async () => {
    walletEnvironment.detectionTimeoutMs = 30;
    const { user } = renderControl();
    expect(await screen.findByText('looks like metamask is not installed')).toBeInTheDocument();
    await user.click(connectButton());
    expect(screen.getByText('looks like metamask is not installed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create account' })).toBeDisabled();
  });

  it('several wallets and no MetaMask: asks and lets the user choose', async () => {
    useFakeWallet({ announceAs: { name: 'Rabby', rdns: 'io.rabby', uuid: 'rabby' } });
    const chosen = useFakeWallet({ announceAs: { name: 'Frame', rdns: 'sh.frame', uuid: 'frame' } });
    const { user } = renderControl();
    expect(await screen.findByText('Do you have multiple wallets installed?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'use Frame' }));
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
    expect(chosen.requests.map((r) => r.method)).toContain('eth_requestAccounts');
  });

  it('several wallets with MetaMask among them: uses MetaMask without asking', async () => {
    const other = useFakeWallet({ announceAs: { name: 'Rabby', rdns: 'io.rabby', uuid: 'rabby' } });
    const metamask = useFakeWallet();
    const { user } = renderControl();
    await waitFor(() => expect(metamask.requests.map((r) => r.method)).toContain('eth_accounts'));
    await user.click(connectButton());
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
    expect(screen.queryByText('Do you have multiple wallets installed?')).not.toBeInTheDocument();
    expect(other.requests.map((r) => r.method)).not.toContain('eth_requestAccounts');
  });

  it('falls back to window.ethereum when nothing announces itself', async () => {
    const legacy = useFakeWallet({ announceAs: null });
    const { user } = renderControl();
    await waitFor(() => expect(legacy.requests.map((r) => r.method)).toContain('eth_accounts'));
    await user.click(connectButton());
    expect(await screen.findByText(shortAddress)).toBeInTheDocument();
  });

  it('disconnect: says metamask is disconnected and disables create account', async () => {
    const wallet = useFakeWallet({ isAuthorized: true });
    renderControl();
    await screen.findByText(shortAddress);
    wallet.emit('disconnect', { code: 4900, message: 'disconnected' });
    expect(await screen.findByText('looks like metamask is disconnected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'create account' })).toBeDisabled();
    expect(screen.queryByText(shortAddress)).not.toBeInTheDocument();
  });

  it('network change: names the network, then reloads the page', async () => {
    const reload = vi.fn();
    walletEnvironment.reloadPage = reload;
    walletEnvironment.networkChangeReloadDelayMs = 20;
    const wallet = useFakeWallet({ isAuthorized: true });
    renderControl();
    await screen.findByText(shortAddress);
    wallet.emit('chainChanged', '0x89');
    expect(await screen.findByText('looks like you changed networks to Polygon')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('network change to an unknown network names its chain id', async () => {
    walletEnvironment.reloadPage = vi.fn();
    const wallet = useFakeWallet({ isAuthorized: true });
    renderControl();
    await screen.findByText(shortAddress);
    wallet.emit('chainChanged', '0x2a');
    expect(await screen.findByText('looks like you changed networks to 0x2a')).toBeInTheDocument();
  });

  it('account change: says so with the short address and updates the address', async () => {
    const wallet = useFakeWallet({ isAuthorized: true });
    const { user, router } = renderControl();
    await screen.findByText(shortAddress);
    const next = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    wallet.emit('accountsChanged', [next]);
    expect(
      await screen.findByText('Looks like you changed to account 0x7099…79C8, connecting...'),
    ).toBeInTheDocument();
    expect(screen.getByText('0x7099…79C8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'create account' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?address=${next}`));
  });
});
