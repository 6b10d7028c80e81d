import { screen, waitFor } from '@testing-library/react';
import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { siweText } from '../../wallets/testing/fake-wallet-api.ts';

/** Issue 30, finding 7: an account made from a wallet logs in, sets a password and deletes itself. */

const address = fakeWalletAccount.address;
const walletSession = {
  session: {
    ...validSession.session,
    user: { id: 5, email: null, has_password: false, wallet_address: address },
  },
};

let wallet: FakeWallet | undefined;
afterEach(() => {
  wallet?.uninstall();
  wallet = undefined;
});

describe('log in with wallet on /login', () => {
  it('signs the server message with the wallet, stores the token and returns to the linked page', async () => {
    wallet = installFakeWallet({ isAuthorized: true });
    const calls = installFakeFetch((request) => {
      if (request.path === '/wallets/log-in/message') {
        return { body: { message: siweText(address), expiresAt: '2030-01-01T00:10:00.000Z' } };
      }
      if (request.path === '/wallets/log-in') return { body: { token: 'jwt-wallet-login' } };
      if (request.path === '/internal/token/session') return { body: walletSession };
      return undefined;
    });
    const { user, router } = renderRoute('/login?reason=login-required&next=%2Fblockchain%2F137');
    await user.click(await screen.findByRole('button', { name: 'sign with wallet' }));

    expect(await screen.findByRole('heading', { name: 'blockchain' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blockchain/137');
    expect(window.sessionStorage.getItem('jwtToken')).toBe('jwt-wallet-login');
    expect(callsTo(calls, 'POST', '/wallets/log-in/message')[0]?.body).toEqual({ address });
    const body = callsTo(calls, 'POST', '/wallets/log-in')[0]?.body as {
      message: string;
      signature: `0x${string}`;
    };
    expect(await verifyMessage({ address, message: body.message, signature: body.signature })).toBe(true);
  });

  it('without a connected wallet offers to connect one first', async () => {
    wallet = installFakeWallet();
    installFakeFetch();
    const { user } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'log in with wallet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'connect to metamask' }));
    expect(await screen.findByRole('button', { name: 'sign with wallet' })).toBeInTheDocument();
  });
});

describe('account settings of an account made from a wallet', () => {
  it('offers to set a password by e-mail link instead of asking for a current one', async () => {
    window.sessionStorage.setItem('jwtToken', 'jwt-wallet');
    const calls = installFakeFetch((request) => {
      if (request.path === '/internal/token/session') return { body: walletSession };
      if (request.path === '/internal/account/password-setup') {
        return {
          body: {
            message: 'we sent a link to me@example.com: open it within 1 hour to choose your password',
          },
        };
      }
      return undefined;
    });
    const { user } = renderRoute('/settings/account');
    expect(await screen.findByRole('heading', { name: 'set a password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('e-mail address'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'send the link' }));
    expect(await screen.findByText(/we sent a link to me@example.com/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/account/password-setup')[0]?.body).toEqual({
      email: 'me@example.com',
    });
  });

  it('deletes the account with a wallet signature instead of a password', async () => {
    wallet = installFakeWallet({ isAuthorized: true });
    window.sessionStorage.setItem('jwtToken', 'jwt-wallet');
    const deletionText = siweText(address);
    const calls = installFakeFetch((request) => {
      if (request.path === '/internal/token/session') return { body: walletSession };
      if (request.path === '/wallets/account-deletion/message') {
        return { body: { message: deletionText, expiresAt: '2030-01-01T00:10:00.000Z' } };
      }
      if (request.path === '/internal/account' && request.method === 'DELETE') return { status: 204 };
      return undefined;
    });
    const { user, router } = renderRoute('/settings/account');
    await user.click(await screen.findByRole('button', { name: 'delete account' }));
    expect(screen.queryByLabelText('your password')).not.toBeInTheDocument();
    // jsdom has no showModal(): the dialog's content counts as hidden to role queries.
    await user.click(screen.getByRole('button', { name: 'sign with your wallet and delete', hidden: true }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
    const body = callsTo(calls, 'DELETE', '/internal/account')[0]?.body as {
      message: string;
      signature: `0x${string}`;
    };
    expect(body.message).toBe(deletionText);
    expect(await verifyMessage({ address, message: body.message, signature: body.signature })).toBe(true);
  });
});

describe('/set-password', () => {
  it('sets the password from the e-mailed link', async () => {
    const calls = installFakeFetch((request) =>
      request.path === '/internal/account/password-setup/confirm'
        ? {
            body: {
              message:
                'your password is set and your e-mail address confirmed: you can now log in with either',
            },
          }
        : undefined,
    );
    const { user } = renderRoute('/set-password?token=abc');
    await user.type(await screen.findByLabelText('new password'), 'a long passphrase here');
    await user.click(screen.getByRole('button', { name: 'set password' }));
    expect(await screen.findByText(/your password is set/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/account/password-setup/confirm')[0]?.body).toEqual({
      token: 'abc',
      password: 'a long passphrase here',
    });
  });
});
