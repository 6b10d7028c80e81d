import { screen, waitFor, within } from '@testing-library/react';
import type { Wallet } from '@tidewatch/shared';
import { currentYearIn } from '@tidewatch/shared/ledger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { emptyRecoveryPlan } from '../../recovery/testing/plan-fixtures.ts';
import { createFakeWalletApi, polygon } from '../../wallets/testing/fake-wallet-api.ts';
import { walletAddress } from '../testing/fixtures.ts';

const saved: Wallet[] = [
  { id: 7, name: 'MetaMask', address: walletAddress, blockchain: polygon, is_watch_only: false },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the books from the wallets screen', () => {
  it("links each Polygon wallet's row to its books", async () => {
    installFakeFetch(createFakeWalletApi({ wallets: saved }).handler);
    renderRoute('/wallets/view/7');
    const list = await screen.findByRole('list', { name: 'wallets' });
    expect(within(list).getByRole('link', { name: 'books' })).toHaveAttribute(
      'href',
      `/wallets/${walletAddress}/books`,
    );
  });

  it("saves this year's ledger in the format chosen on the wallet's view", async () => {
    const year = currentYearIn('UTC');
    const csv = '"Type","Buy Amount"\n';
    const api = createFakeWalletApi({ wallets: saved });
    const calls = installFakeFetch((request) =>
      request.path.startsWith('/ledger.csv?') ? { body: csv } : api.handler(request),
    );
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderRoute('/wallets/view/7');
    const books = await screen.findByRole('region', { name: 'books' });
    expect(within(books).getByRole('link', { name: 'books' })).toHaveAttribute(
      'href',
      `/wallets/${walletAddress}/books`,
    );
    await user.selectOptions(
      within(books).getByRole('combobox', { name: 'ledger format' }),
      'CoinTracking CSV',
    );
    await user.click(within(books).getByRole('button', { name: 'download CoinTracking CSV' }));
    await waitFor(() =>
      expect(names).toEqual([`tidewatch-ledger-${walletAddress}-${year}-cointracking.csv`]),
    );
    const query = new URLSearchParams({
      wallet: walletAddress,
      year: String(year),
      format: 'cointracking',
      tz: 'UTC',
    });
    expect(calls.filter((call) => call.path.startsWith('/ledger.csv?')).map((call) => call.path)).toEqual([
      `/ledger.csv?${query}`,
    ]);
  });

  it("links the wallet's recovery plan to its books", async () => {
    const api = createFakeWalletApi({ wallets: saved });
    installFakeFetch((request) =>
      request.path === `/recovery/plan?wallet_address=${walletAddress}`
        ? { body: emptyRecoveryPlan() }
        : api.handler(request),
    );
    renderRoute(`/wallets/${walletAddress}/recovery`);
    await screen.findByText('nothing left in ended farms for this wallet');
    expect(screen.getByRole('link', { name: 'books' })).toHaveAttribute(
      'href',
      `/wallets/${walletAddress}/books`,
    );
  });
});
