import { screen } from '@testing-library/react';
import type { Wallet } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { createFakeWalletApi, polygon } from '../features/wallets/testing/fake-wallet-api.ts';
import { installFakeFetch } from '../test/fake-fetch.ts';
import { renderRoute } from '../test/render-route.tsx';
import { formatCount } from './format.ts';

// Issue 30, polish: "1 farms", "1 points". One helper says every count with its noun in the right number.

describe('formatCount', () => {
  it.each([
    [0, 'farm', undefined, '0 farms'],
    [1, 'farm', undefined, '1 farm'],
    [2, 'farm', undefined, '2 farms'],
    [1226, 'farm', undefined, '1,226 farms'],
    [1, 'position snapshot', undefined, '1 position snapshot'],
    [3, 'entry', 'entries', '3 entries'],
  ])('%d %s -> %s', (count, one, many, text) => {
    expect(formatCount(count, one, many)).toBe(text);
  });
});

describe('counts on screen', () => {
  it("the remove-wallet dialog says '1 tracked farm and 1 position snapshot'", async () => {
    const wallet: Wallet = {
      id: 7,
      name: 'MetaMask',
      address: '0x1234567890AbcdEF1234567890aBcdef12345678',
      blockchain: polygon,
      is_watch_only: false,
    };
    const api = createFakeWalletApi({ wallets: [wallet] });
    api.overrides['/wallets/7/removal'] = { body: { wallet, tracked_farms: 1, position_snapshots: 1 } };
    installFakeFetch(api.handler);
    const { user } = renderRoute('/wallets/view/7');
    await user.click(await screen.findByRole('button', { name: 'remove wallet' }));
    const text = await screen.findByText(/its 1 tracked farm and 1 position snapshot/);
    expect(text).not.toHaveTextContent(/1 position snapshots/);
  });
});
