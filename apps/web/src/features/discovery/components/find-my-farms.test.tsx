import { screen, waitFor, within } from '@testing-library/react';
import type { Wallet, WalletFarm } from '@tidewatch/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { answerFarmIndex } from '../../farms/components/position-actions-test-index.ts';
import { fakeRunner } from '../../farms/components/position-actions-test-runner.tsx';
import { createFakeWalletApi, polygon } from '../../wallets/testing/fake-wallet-api.ts';
import { describeFound, describeNothingFound } from './find-my-farms.tsx';

// The transactions feature's runner (wagmi) is its own lane's to test; here a stand-in records the request.
vi.mock(
  '../../farms/components/position-actions-runner.ts',
  async () => (await import('../../farms/components/position-actions-test-runner.tsx')).runnerModule,
);

function found(staked: string, earned: WalletFarm['earned'], isEnded = false, isPaused = false): WalletFarm {
  return {
    farm: {
      is_ended: isEnded,
      is_paused: isPaused,
      period_finish: '2026-11-16T00:00:00.000Z',
    } as WalletFarm['farm'],
    staked,
    staked_usd: null,
    earned,
    is_tracked: false,
  };
}

describe("a farm 'find my farms' found", () => {
  it('shows a small LP stake as it is, not as 0', () => {
    expect(describeFound(found('0.000070710678118654', []))).toBe(
      'active: 0.00007071 LP staked, value unknown',
    );
  });

  it('reads stake and rewards as people do, and says when an ended farm ended', () => {
    const rewards = [
      { symbol: 'dQUICK (old)', amount: '1.960784313725489304', usd: 98.04 },
      { symbol: 'WMATIC', amount: '0', usd: 0 },
    ];
    expect(describeFound({ ...found('894.4271909999159', rewards, true), staked_usd: 1000 })).toBe(
      'ended 2026-11-16: 894.4271 LP staked, 1.9607 dQUICK (old) unclaimed, $1,098.04',
    );
  });

  it('sums only what has a price, and says when a part has none (unknown is not zero)', () => {
    const rewards = [{ symbol: 'MYST', amount: '3', usd: null }];
    expect(describeFound({ ...found('2', rewards), staked_usd: 50 })).toBe(
      'active: 2 LP staked, 3 MYST unclaimed, $50.00 (some prices unknown)',
    );
    expect(describeFound(found('0', [{ symbol: 'QUICK (old)', amount: '2.4016', usd: 120.08 }], true))).toBe(
      'ended 2026-11-16: 2.4016 QUICK (old) unclaimed, $120.08',
    );
  });

  it('says a paused dual farm is paused, as the farm index does, not active', () => {
    expect(describeFound(found('950', [], false, true))).toBe('paused: 950 LP staked, value unknown');
  });
});

describe('find my farms with nothing found', () => {
  const answer = (refreshedAt: string | null, isStale: boolean, isEmpty = refreshedAt === null) => ({
    wallet_address: '0x1234567890AbcdEF1234567890aBcdef12345678',
    block_number: 1,
    checked: refreshedAt === null ? 0 : 1226,
    index: { refreshed_at: refreshedAt, is_stale: isStale, is_empty: isEmpty },
    farms: [],
  });

  it('does not claim the wallet has nothing when the index was never built', () => {
    expect(describeNothingFound(answer(null, true))).toBe(
      'the farm index has not been built yet (it is read from the chain after start-up): try again in a few minutes; nothing was checked',
    );
  });

  it('does not claim the wallet has nothing when the index lists no farm', () => {
    expect(describeNothingFound(answer('2026-11-26T04:00:00.000Z', false, true))).toBe(
      'the farm index lists no farm (its last refresh could read none: see /api/health): nothing was checked',
    );
  });

  it('says how old a stale index is', () => {
    expect(describeNothingFound(answer('2026-11-01T04:00:00.000Z', true))).toBe(
      'no stake or unclaimed rewards in any of the 1,226 QuickSwap farms of the index, but the index was last refreshed on 2026-11-01: farms found since are not checked',
    );
    expect(describeNothingFound(answer('2026-11-26T04:00:00.000Z', false))).toBe(
      'no stake or unclaimed rewards in any of the 1,226 QuickSwap farms',
    );
  });
});

describe('find my farms: the actions on a found position (issue 33)', () => {
  const account = fakeWalletAccount.address;
  const farmAddress = '0x1111111111111111111111111111111111111111';
  const pairAddress = '0x2222222222222222222222222222222222222222';
  const token = (symbol: string, digit: string) => ({
    address: `0x${digit.repeat(40)}`,
    symbol,
    decimals: 18,
  });
  const endedDualFarm = (staked: string): WalletFarm => ({
    farm: {
      address: farmAddress,
      kind: 'dual',
      pair_address: pairAddress,
      token0: token('WETH', 'f'),
      token1: token('USDC', 'b'),
      reward_token_a: token('dQUICK (old)', 'd'),
      reward_token_b: token('WMATIC', 'a'),
      reward_rate_a: '0',
      reward_rate_b: '0',
      period_finish: '2023-05-01T00:00:00.000Z',
      is_ended: true,
      is_paused: false,
      total_staked: '100',
      tvl_usd: null,
      apr: null,
      is_imported: false,
    },
    staked,
    staked_usd: 40,
    earned: [
      { symbol: 'dQUICK (old)', amount: '1.25', usd: 60 },
      { symbol: 'WMATIC', amount: '2', usd: null },
    ],
    is_tracked: false,
  });

  let wallet: FakeWallet | undefined;
  afterEach(() => {
    wallet?.uninstall();
    wallet = undefined;
    fakeRunner.reset();
  });

  function serve(saved: Wallet, answers: WalletFarm[][]) {
    const api = createFakeWalletApi({ wallets: [saved] });
    let searches = 0;
    return installFakeFetch((request) => {
      if (request.path === '/quickswap/find-my-farms') {
        const farms = answers[Math.min(searches, answers.length - 1)] ?? [];
        searches += 1;
        const index = { refreshed_at: '2026-11-26T04:00:00.000Z', is_stale: false, is_empty: false };
        return { body: { wallet_address: saved.address, block_number: 1, checked: 1, index, farms } };
      }
      // The farms found are the index's own.
      return answerFarmIndex(request.path, [farmAddress]) ?? api.handler(request);
    });
  }

  const savedWallet = (isWatchOnly: boolean): Wallet => ({
    id: 7,
    name: 'MetaMask',
    address: account,
    blockchain: polygon,
    is_watch_only: isWatchOnly,
  });

  it('withdraws an amount from an ended dual farm for the proved wallet, then searches again', async () => {
    wallet = installFakeWallet({ isAuthorized: true });
    const calls = serve(savedWallet(false), [[endedDualFarm('0.5')], [endedDualFarm('0.25')]]);
    const { user } = renderRoute('/wallets/view/7');
    await user.click(await screen.findByRole('button', { name: 'find my farms' }));
    const found = await screen.findByRole('list', { name: 'farms of this wallet' });
    const row = within(found).getByRole('listitem');
    const withdraw = await within(row).findByRole('button', { name: 'withdraw' });
    await waitFor(() => expect(withdraw).toBeEnabled());
    await user.click(withdraw);
    await user.type(within(row).getByRole('textbox', { name: 'LP to withdraw' }), '0.75');
    await user.click(within(row).getByRole('button', { name: 'review withdrawal' }));
    expect(within(row).getByText('more than your stake of 0.5 LP')).toBeInTheDocument();
    expect(fakeRunner.runs).toHaveLength(0);

    await user.clear(within(row).getByRole('textbox', { name: 'LP to withdraw' }));
    await user.type(within(row).getByRole('textbox', { name: 'LP to withdraw' }), '0.25');
    await user.click(within(row).getByRole('button', { name: 'review withdrawal' }));
    const run = await fakeRunner.opened();
    expect(run.wallet).toBe(account);
    expect(run.request).toMatchObject({
      functionSignature: 'withdraw(uint256)',
      contractLabel: 'farm WETH-USDC',
    });
    // A quarter LP of the half staked, worth $40: $20.
    expect(run.request.receives).toEqual([
      {
        address: pairAddress,
        symbol: 'WETH-USDC LP',
        decimals: 18,
        raw: String(25n * 10n ** 16n),
        amount: '0.25',
        usd: 20,
      },
    ]);
    expect(await run.call()).toMatchObject({
      address: farmAddress,
      functionName: 'withdraw',
      args: [25n * 10n ** 16n],
    });

    run.finish('confirmed');
    expect(
      await screen.findByText(
        'WETH / USDC: transaction confirmed; the farms below are read again from the chain',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'POST', '/quickswap/find-my-farms')).toHaveLength(2));
    expect(await screen.findByText(/0\.25 LP staked/)).toBeInTheDocument();
  });

  it('says the caveat about farms short of rewards once above the farms, not under every row', async () => {
    wallet = installFakeWallet({ isAuthorized: true });
    const other = endedDualFarm('0.3');
    const second = {
      ...other,
      farm: { ...other.farm, address: '0x3333333333333333333333333333333333333333' },
    };
    serve(savedWallet(false), [[endedDualFarm('0.5'), second]]);
    const { user } = renderRoute('/wallets/view/7');
    await user.click(await screen.findByRole('button', { name: 'find my farms' }));
    const list = await screen.findByRole('list', { name: 'farms of this wallet' });
    for (const row of within(list).getAllByRole('listitem')) {
      await waitFor(() => expect(within(row).getByRole('button', { name: 'claim rewards' })).toBeEnabled());
    }
    const caveat = /a farm holding fewer reward tokens than it owes cannot pay them/;
    expect(screen.getAllByText(caveat)).toHaveLength(1);
    expect(within(list).queryByText(caveat)).not.toBeInTheDocument();
  });

  it('shows the actions of a watch-only wallet disabled, and why', async () => {
    serve(savedWallet(true), [[endedDualFarm('0.5')]]);
    const { user } = renderRoute('/wallets/view/7');
    await user.click(await screen.findByRole('button', { name: 'find my farms' }));
    const actions = await screen.findByRole('region', { name: 'actions on this position' });
    expect(actions).toHaveTextContent('watch-only wallet: claiming and withdrawing need a wallet you proved');
    for (const name of ['claim rewards', 'withdraw', 'withdraw all and claim']) {
      expect(within(actions).getByRole('button', { name })).toBeDisabled();
    }
  });
});
