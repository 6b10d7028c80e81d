import { screen, waitFor, within } from '@testing-library/react';
import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createFakeWalletApi, siweText } from '../testing/fake-wallet-api.ts';

const address = fakeWalletAccount.address;
const shortAddress = `${address.slice(0, 6)}…${address.slice(-4)}`;
const guidePath = '/wallets/connect_metamask_guide/next-state';
let wallet: FakeWallet | undefined;

afterEach(() => {
  wallet?.uninstall();
  wallet = undefined;
});

/** Dashboard with a logged-in user; opens the MetaMask entry of 'connect wallet to your account'. */
async function openGuide(options: { isAuthorized?: boolean } = {}) {
  wallet = installFakeWallet({ isAuthorized: options.isAuthorized ?? true });
  const api = createFakeWalletApi();
  const calls = installFakeFetch(api.handler);
  const view = renderRoute('/dashboard');
  await view.user.click(await screen.findByRole('button', { name: 'connect MetaMask wallet' }));
  const guide = screen.getByRole('region', { name: 'connect MetaMask wallet' });
  return { ...view, api, calls, guide, wallet };
}

describe('connect-wallet guide', () => {
  it('confirms the address, signs the server message, saves the wallet and lists it', async () => {
    const { user, calls, guide, wallet: fake } = await openGuide();
    expect(await within(guide).findByText(address)).toBeInTheDocument();
    expect(screen.getByText('no wallets saved yet')).toBeInTheDocument();

    await user.click(within(guide).getByRole('button', { name: 'confirm address' }));
    expect(await within(guide).findByText('adding wallet to your account...')).toBeInTheDocument();

    const [getMessage, confirm] = callsTo(calls, 'POST', guidePath);
    expect(getMessage?.body).toEqual({ name: 'NOT_STARTED', event: 'GET_MESSAGE', params: { address } });
    // The wallet signed exactly the server's text, and that signature was sent back with the address.
    const signed = fake.requests.find((r) => r.method === 'personal_sign');
    expect(signed).toBeDefined();
    const params = confirm?.body as {
      name: string;
      event: string;
      params: { signature: `0x${string}`; address: string };
    };
    expect(params).toMatchObject({ name: 'NOT_STARTED', event: 'CONFIRM_SIGNATURE', params: { address } });
    expect(
      await verifyMessage({ address, message: siweText(address), signature: params.params.signature }),
    ).toBe(true);

    await user.click(within(guide).getByRole('button', { name: 'continue' }));
    expect(await within(guide).findByText('wallet added to your account!')).toBeInTheDocument();
    const save = callsTo(calls, 'POST', guidePath)[2];
    expect(save?.body).toEqual({
      name: 'CONFIRMED_SIGNATURE',
      event: 'SAVE_ADDRESS',
      params: { address, chainId: 137, nonce: 'abc123def456', token: 'jwt-ada' },
    });

    // The summary refreshed: the new wallet with its short address and blockchain link.
    const summary = await screen.findByRole('list', { name: 'wallets' });
    expect(within(summary).getByRole('link', { name: shortAddress })).toHaveAttribute(
      'href',
      '/wallets/view/41',
    );
    expect(within(summary).getByRole('link', { name: 'Polygon' })).toHaveAttribute('href', '/blockchain/137');

    await user.click(within(guide).getByRole('button', { name: 'add another' }));
    expect(screen.queryByRole('region', { name: 'connect MetaMask wallet' })).not.toBeInTheDocument();
  });

  it('a rejected signature (4001) shows the spec message in a red box and sends nothing more', async () => {
    const { user, calls, guide, wallet: fake } = await openGuide();
    fake.failNext('personal_sign', 4001, 'User rejected the request.');
    await user.click(await within(guide).findByRole('button', { name: 'confirm address' }));
    expect(await within(guide).findByRole('alert')).toHaveTextContent(
      'looks like you rejected a prompt in your metamask extension',
    );
    expect(callsTo(calls, 'POST', guidePath)).toHaveLength(1);

    // 'try again' starts over from the error marker and can succeed.
    await user.click(within(guide).getByRole('button', { name: 'try again' }));
    expect(await within(guide).findByText('adding wallet to your account...')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', guidePath)[1]?.body).toMatchObject({ name: 'ERROR', event: 'GET_MESSAGE' });
  });

  it("a refused signature shows the server's message in a red box", async () => {
    const { user, api, guide } = await openGuide();
    api.guideFailures.set(
      'CONFIRM_SIGNATURE',
      errorReply(400, 'SIGNATURE_INVALID', 'the signature does not match the address'),
    );
    await user.click(await within(guide).findByRole('button', { name: 'confirm address' }));
    expect(await within(guide).findByRole('alert')).toHaveTextContent(
      'the signature does not match the address',
    );
    expect(within(guide).queryByText('adding wallet to your account...')).not.toBeInTheDocument();
  });

  it('a duplicate wallet on save shows the conflict in a red box', async () => {
    const { user, api, guide } = await openGuide();
    api.guideFailures.set(
      'SAVE_ADDRESS',
      errorReply(409, 'CONFLICT', 'this wallet is already in your account'),
    );
    await user.click(await within(guide).findByRole('button', { name: 'confirm address' }));
    await user.click(await within(guide).findByRole('button', { name: 'continue' }));
    expect(await within(guide).findByRole('alert')).toHaveTextContent(
      'this wallet is already in your account',
    );
  });

  it('without a connected wallet the guide offers the connect control first', async () => {
    const { user, guide } = await openGuide({ isAuthorized: false });
    expect(within(guide).queryByRole('button', { name: 'confirm address' })).not.toBeInTheDocument();
    await user.click(within(guide).getByRole('button', { name: 'connect to metamask' }));
    expect(await within(guide).findByRole('button', { name: 'confirm address' })).toBeInTheDocument();
    expect(within(guide).getByText(address)).toBeInTheDocument();
  });
});

describe("dashboard 'connect wallet to your account'", () => {
  it('lists catalogue entries with their blockchains and filters by wallet name or blockchain', async () => {
    const api = createFakeWalletApi({
      catalogue: [
        { name: 'MetaMask', blockchains: ['Polygon'] },
        { name: 'Rabby', blockchains: ['Ethereum', 'Arbitrum'] },
      ],
    });
    installFakeFetch(api.handler);
    const { user } = renderRoute('/dashboard');
    expect(await screen.findByRole('button', { name: 'connect MetaMask wallet' })).toBeInTheDocument();
    expect(screen.getByText('Ethereum, Arbitrum')).toBeInTheDocument();

    const search = screen.getByLabelText('search wallets or blockchains');
    await user.type(search, 'arbi');
    expect(screen.getByRole('button', { name: 'connect Rabby wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'connect MetaMask wallet' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'meta');
    expect(screen.getByRole('button', { name: 'connect MetaMask wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'connect Rabby wallet' })).not.toBeInTheDocument();
    await user.type(search, 'zzz');
    expect(screen.getByText('no wallet matches your search')).toBeInTheDocument();
  });

  it('a failed catalogue load shows the error with retry, and retry recovers', async () => {
    const api = createFakeWalletApi();
    api.overrides['/blockchains/wallets'] = errorReply(429, 'RATE_LIMITED', 'catalogue unavailable');
    const calls = installFakeFetch(api.handler);
    const { user } = renderRoute('/dashboard');
    const title = await screen.findByText('could not load the wallet catalogue');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('catalogue unavailable');
    api.overrides['/blockchains/wallets'] = undefined;
    const failedCalls = callsTo(calls, 'GET', '/blockchains/wallets').length;
    await user.click(within(alert).getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('button', { name: 'connect MetaMask wallet' })).toBeInTheDocument();
    // Retry asked once more (the loader's failed fetch and the panel's own came before it).
    await waitFor(() => expect(callsTo(calls, 'GET', '/blockchains/wallets')).toHaveLength(failedCalls + 1));
  });
});
