import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FarmListItem, Wallet } from '@tidewatch/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/provider.tsx';
import { sessionTokenKey } from '../../../lib/session.ts';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { dualItem, farmAddress, lpItem } from '../testing/fixtures.ts';
import { PositionActions } from './position-actions.tsx';
import { type ActionPosition, positionFromListItem } from './position-actions-position.ts';
import { answerFarmIndex } from './position-actions-test-index.ts';
import { fakeRunner } from './position-actions-test-runner.tsx';

// The runner (lane of the transactions feature) sends for real with wagmi; here it is a stand-in that shows
// what it was asked for and lets the test end the run as the wallet would.
vi.mock(
  './position-actions-runner.ts',
  async () => (await import('./position-actions-test-runner.tsx')).runnerModule,
);

const proved = fakeWalletAccount.address;
const e18 = 10n ** 18n;

function savedWallet(address: string, isWatchOnly: boolean): Wallet {
  return {
    id: 1,
    name: 'MetaMask',
    address,
    blockchain: { name: 'Polygon', chainId: 137 },
    is_watch_only: isWatchOnly,
  };
}

function positionOf(item: FarmListItem = lpItem(), walletAddress: string = proved): ActionPosition {
  const position = positionFromListItem(item);
  if (!position) throw new Error('the fixture has a position');
  return { ...position, walletAddress };
}

let wallet: FakeWallet | undefined;
beforeEach(() => {
  fakeRunner.reset();
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
});
afterEach(() => {
  wallet?.uninstall();
  wallet = undefined;
});

function renderActions(options: {
  position?: ActionPosition;
  /** Another position rendered after the first. */
  beside?: ActionPosition;
  saved?: Wallet[];
  /** MetaMask connected with the proved wallet or another account; 'installed': the test installs it. */
  metaMask?: 'proved' | 'other' | 'installed';
  onFinished?: (outcome: string) => void;
  /** What GET /api/recovery/pol-price answers; unset: the server does not answer it (a 404). */
  polUsd?: number | null;
  /** Whether the farm index lists the position's farm (default: it does). */
  isIndexed?: boolean;
}) {
  const position = options.position ?? positionOf();
  const metaMask = options.metaMask ?? 'proved';
  const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  if (metaMask !== 'installed') {
    wallet = installFakeWallet({ isAuthorized: true, accounts: [metaMask === 'proved' ? proved : other] });
  }
  const calls = installFakeFetch(({ path }) => {
    if (path === '/wallets/connected') {
      return {
        body: {
          wallets: options.saved ?? [savedWallet(options.beside ? proved : position.walletAddress, false)],
        },
      };
    }
    const index = answerFarmIndex(path, options.isIndexed === false ? [] : [farmAddress]);
    if (index) return index;
    if (path === '/recovery/pol-price' && options.polUsd !== undefined) {
      return { body: { usd: options.polUsd, block_number: 101 } };
    }
    return undefined;
  });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <PositionActions position={position} onFinished={options.onFinished} />
          {options.beside ? <PositionActions position={options.beside} /> : null}
        </>
      ),
    },
  ]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), calls, other };
}

const actionNames = ['claim rewards', 'withdraw', 'withdraw all and claim'];

describe('actions on a position', () => {
  it('offers claim, withdraw and withdraw all and claim for a proved wallet connected in MetaMask', async () => {
    renderActions({});
    const actions = await screen.findByRole('region', { name: 'actions on this position' });
    for (const name of actionNames) {
      await waitFor(() => expect(within(actions).getByRole('button', { name })).toBeEnabled());
    }
  });

  it('shows them disabled for a watch-only wallet, and says why', async () => {
    renderActions({ saved: [savedWallet(proved, true)] });
    expect(
      await screen.findByText(
        'watch-only wallet: claiming and withdrawing need a wallet you proved with a signature (connect it in MetaMask and sign on the wallets page)',
      ),
    ).toBeInTheDocument();
    for (const name of actionNames) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('says which account to select when MetaMask is on another one', async () => {
    const { other } = renderActions({ metaMask: 'other' });
    expect(
      await screen.findByText(
        `MetaMask is connected with ${other.slice(0, 6)}…${other.slice(-4)}: select ${proved} in MetaMask to claim or withdraw`,
      ),
    ).toBeInTheDocument();
    for (const name of actionNames) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('asks to connect MetaMask with the wallet when none is connected, and connects on request', async () => {
    wallet = installFakeWallet({ isAuthorized: false });
    const { user } = renderActions({ metaMask: 'installed' });
    expect(
      await screen.findByText(`connect MetaMask with ${proved} to claim or withdraw`),
    ).toBeInTheDocument();
    for (const name of actionNames) expect(screen.getByRole('button', { name })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'connect MetaMask' }));
    await enabledButton('withdraw all and claim');
    expect(wallet.requests.map((r) => r.method)).toContain('eth_requestAccounts');
  });

  it('offers nothing for an address that is not one of the user’s wallets', async () => {
    const stranger = '0x9999999999999999999999999999999999999999';
    // Beside it, a position of the user's own wallet: once its actions show, the saved wallets are in.
    renderActions({ position: positionOf(lpItem(), stranger), beside: positionOf() });
    await screen.findByRole('region', { name: 'actions on this position' });
    expect(screen.getAllByRole('region', { name: 'actions on this position' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'claim rewards' })).toHaveLength(1);
  });

  it("'claim rewards' opens the runner for getReward() on the farm, for this wallet", async () => {
    const { user } = renderActions({});
    await user.click(await enabledButton('claim rewards'));
    const run = await fakeRunner.opened();
    expect(run.wallet).toBe(proved);
    expect(run.request).toMatchObject({
      stepKind: 'claim',
      functionSignature: 'getReward()',
      contractLabel: 'farm WMATIC-USDC',
    });
    expect(run.request.receives.map((r) => [r.symbol, r.amount])).toEqual([['dQUICK', '12.3456789']]);
    expect(await run.call()).toMatchObject({ address: farmAddress, functionName: 'getReward', args: [] });
  });

  it('refuses to open a run for a farm the farm index does not list, saying so, and sends nothing', async () => {
    const { user, calls } = renderActions({ isIndexed: false });
    await user.click(await enabledButton('withdraw all and claim'));
    expect(
      await screen.findByText(
        `${farmAddress} is not in QuickSwap's farm index: Tidewatch sends nothing to a farm it has not verified`,
      ),
    ).toBeInTheDocument();
    expect(
      callsTo(calls, 'GET', `/quickswap/farm-index?token=${farmAddress}&status=all&per_page=100`),
    ).toHaveLength(1);
    expect(fakeRunner.runs).toHaveLength(0);
  });

  it("'withdraw all and claim' on a dual farm receives the stake and both rewards through exit()", async () => {
    const { user } = renderActions({ position: positionOf(dualItem()) });
    await user.click(await enabledButton('withdraw all and claim'));
    const run = await fakeRunner.opened();
    expect(run.request.functionSignature).toBe('exit()');
    expect(run.request.receives.map((r) => [r.symbol, r.amount])).toEqual([
      ['WETH-MYST LP', '1'],
      ['WMATIC', '1.5'],
      ['MYST', '3'],
    ]);
    expect(await run.call()).toMatchObject({ address: farmAddress, functionName: 'exit', args: [] });
  });

  it('withdraws an amount: the field refuses empty, not a number and above the stake, and sends nothing', async () => {
    const { user } = renderActions({});
    await user.click(await enabledButton('withdraw'));
    const field = screen.getByRole('textbox', { name: 'LP to withdraw' });
    const review = screen.getByRole('button', { name: 'review withdrawal' });

    await user.click(review);
    expect(await screen.findByText('enter an amount')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'abc');
    await user.click(review);
    expect(await screen.findByText('not a number')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '3');
    await user.click(review);
    expect(await screen.findByText('more than your stake of 2.5 LP')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fakeRunner.runs).toHaveLength(0);
    // Nothing reached the wallet beyond reading its account and network.
    expect(
      wallet?.requests.map((r) => r.method).filter((m) => !['eth_accounts', 'eth_chainId'].includes(m)),
    ).toEqual([]);

    await user.clear(field);
    await user.type(field, '1,5');
    await user.click(review);
    const run = await fakeRunner.opened();
    expect(run.request).toMatchObject({ stepKind: 'withdraw', functionSignature: 'withdraw(uint256)' });
    expect(run.request.receives.map((r) => [r.symbol, r.raw])).toEqual([
      ['WMATIC-USDC LP', String((3n * e18) / 2n)],
    ]);
    expect(await run.call()).toMatchObject({ functionName: 'withdraw', args: [(3n * e18) / 2n] });
  });

  it("'max' withdraws the whole stake to the last wei", async () => {
    const item = lpItem();
    const exact = { ...item.farm_position_snapshot!, staked: '894.427190999915878563' };
    const { user } = renderActions({ position: positionOf({ ...item, farm_position_snapshot: exact }) });
    await user.click(await enabledButton('withdraw'));
    await user.click(screen.getByRole('button', { name: 'max' }));
    expect(screen.getByRole('textbox', { name: 'LP to withdraw' })).toHaveValue('894.427190999915878563');
    await user.click(screen.getByRole('button', { name: 'review withdrawal' }));
    expect(await (await fakeRunner.opened()).call()).toMatchObject({ args: [894_427_190_999_915_878_563n] });
  });

  it('keeps withdraw open when there is nothing to claim, and claim closed', async () => {
    const item = lpItem();
    const nothingEarned = { ...item.farm_position_snapshot!, earned: '0', earned_in_usd: 0 };
    renderActions({ position: positionOf({ ...item, farm_position_snapshot: nothingEarned }) });
    await enabledButton('withdraw');
    expect(screen.getByRole('button', { name: 'withdraw all and claim' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'claim rewards' })).toBeDisabled();
  });

  it('opens the runner again for a transaction still pending from an earlier visit, to follow its hash', async () => {
    fakeRunner.holdPending(proved, `exit:${farmAddress}`);
    renderActions({});
    const run = await fakeRunner.opened();
    expect(run.request).toMatchObject({ stepKind: 'exit', key: `exit:${farmAddress}` });
    expect(screen.queryByRole('button', { name: 'claim rewards' })).toBeNull();
  });

  it("gives the runner POL's price for the gas line, once the server answers it", async () => {
    const { user, calls } = renderActions({ polUsd: 0.42 });
    await waitFor(() => expect(callsTo(calls, 'GET', '/recovery/pol-price')).toHaveLength(1));
    await user.click(await enabledButton('claim rewards'));
    await waitFor(async () => expect((await fakeRunner.opened()).request.polUsd).toBe(0.42));
  });

  it('keeps the gas in POL only while the price is unknown: no route prices POL, or no answer', async () => {
    const { user } = renderActions({ polUsd: null });
    await user.click(await enabledButton('withdraw all and claim'));
    expect((await fakeRunner.opened()).request.polUsd).toBeNull();
    cleanup();
    fakeRunner.reset();
    const unanswered = renderActions({});
    await unanswered.user.click(await enabledButton('claim rewards'));
    expect((await fakeRunner.opened()).request.polUsd).toBeNull();
  });

  it('tells the screen when a run ends, so it can read the position again', async () => {
    const onFinished = vi.fn();
    const { user } = renderActions({ onFinished });
    await user.click(await enabledButton('withdraw all and claim'));
    const run = await fakeRunner.opened();
    run.finish('confirmed');
    expect(onFinished).toHaveBeenCalledWith('confirmed');
  });
});

async function enabledButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
