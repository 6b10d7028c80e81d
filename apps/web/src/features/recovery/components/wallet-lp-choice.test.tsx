import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { fakeWalletAccount } from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { type FakeChain, installFakeChain } from '../../transactions/testing/fake-chain.ts';
import { planContracts, planWithLooseLp } from '../testing/plan-fixtures.ts';
import { walletLpHeading } from './wallet-lp-choice.tsx';

// Issue 42, finding 7: LP the wallet holds outside a farm still earns fees. The page lists it apart, unticked;
// the plan (its steps and its total) is what is left in ended farms until the person ticks a pair.
const wallet = fakeWalletAccount.address;
const planPath = `/recovery/plan?wallet_address=${wallet}`;
const withLoosePath = `${planPath}&include_wallet_lp=${planContracts.loosePair}`;
let chain: FakeChain | undefined;

afterEach(() => {
  chain?.uninstall();
  chain = undefined;
});

/** The server: the plan without the loose LP, or with it when the request names its pair. */
function openPlan() {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  const calls = installFakeFetch((request) => {
    if (request.path === '/internal/token/session') return { body: validSession };
    if (request.path === planPath) return { body: planWithLooseLp(false) };
    if (request.path === withLoosePath) return { body: planWithLooseLp(true) };
    return undefined;
  });
  return { calls, ...renderRoute(`/wallets/${wallet}/recovery`) };
}

const steps = () => within(screen.getByRole('list', { name: 'steps' })).getAllByRole('listitem');
const totals = () => screen.getByLabelText('totals');

describe("the recovery page's LP held outside a farm", () => {
  it('lists it apart, unticked, outside the steps and the total until the person ticks its pair', async () => {
    chain = installFakeChain();
    const { user, calls } = openPlan();

    const apart = await screen.findByRole('region', { name: walletLpHeading });
    expect(apart).toHaveTextContent('also in your wallet, still earning fees');
    const box = within(apart).getByRole('checkbox', { name: '3 WMATIC-USDC LP ($600.00)' });
    expect(box).not.toBeChecked();
    expect(steps()).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'steps' })).not.toHaveTextContent('WMATIC');
    expect(totals()).toHaveTextContent('you get back$400.00');
    expect(screen.queryByRole('region', { name: 'already in your wallet' })).not.toBeInTheDocument();

    await user.click(box);
    await waitFor(() => expect(totals()).toHaveTextContent('you get back$1,000.00'));
    expect(callsTo(calls, 'GET', withLoosePath)).toHaveLength(1);
    expect(box).toBeChecked();
    expect(steps()).toHaveLength(3);
    expect(steps()[2]).toHaveTextContent('WMATIC ($300.00) + 300 USDC ($300.00); $600.00');

    // Unticked again: the plan without it, read again from the chain.
    const before = callsTo(calls, 'GET', planPath).length;
    await user.click(box);
    await waitFor(() => expect(totals()).toHaveTextContent('you get back$400.00'));
    expect(box).not.toBeChecked();
    expect(steps()).toHaveLength(2);
    await waitFor(() => expect(callsTo(calls, 'GET', planPath).length).toBe(before + 1));
  });
});
