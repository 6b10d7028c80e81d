import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import {
  type Abi,
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  formatUnits,
  type Hex,
  isAddressEqual,
} from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/provider.tsx';
import { sessionTokenKey } from '../../../lib/session.ts';
import { fakeWalletAccount } from '../../../lib/wallet/testing/fake-wallet.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { type FakeChain, installFakeChain } from '../../transactions/testing/fake-chain.ts';
import { farmAddress, lpItem } from '../testing/fixtures.ts';
import { PositionActions } from './position-actions.tsx';
import { positionFromListItem } from './position-actions-position.ts';
import { answerFarmIndex } from './position-actions-test-index.ts';

// Issue 33, item 1: the review of an action on a position shows its gas in POL and in USD. The real runner
// here (the other position-actions tests stand it in), on the fake chain behind MetaMask; POL's price is
// the server's answer to GET /api/recovery/pol-price.
const wallet = fakeWalletAccount.address;
const e18 = 10n ** 18n;
let chain: FakeChain | undefined;

beforeEach(() => {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
});
afterEach(() => {
  chain?.uninstall();
  chain = undefined;
  window.localStorage.clear();
});

/** What the farm answers at the latest block: the account's stake (balanceOf) and its reward (earned). */
const farmReads = { staked: 3n * e18, earned: 20n * e18 };

/** Answers the LP farm's views from `farmReads`; its transactions simulate as succeeding. */
function answerFarmReads(call: { to: Address; data: Hex }): Hex | undefined {
  if (!isAddressEqual(call.to, farmAddress)) return undefined;
  const abi = recoveryAbis.farm as Abi;
  const { functionName } = decodeFunctionData({ abi, data: call.data });
  if (functionName === 'balanceOf')
    return encodeFunctionResult({ abi, functionName, result: farmReads.staked });
  if (functionName === 'earned') return encodeFunctionResult({ abi, functionName, result: farmReads.earned });
  return undefined;
}

/** A proved wallet's position with MetaMask connected to it; the server answers POL's price with `polUsd`. */
function renderWithPrice(polUsd: number | null) {
  chain = installFakeChain();
  chain.onCall = answerFarmReads;
  // 63,000 gas × 20,000 gwei: 1.26 POL, a round figure to read the USD of.
  chain.gasEstimate = 63_000n;
  chain.gasPriceWei = 20_000_000_000_000n;
  installFakeFetch(({ path }) => {
    if (path === '/wallets/connected') {
      return {
        body: {
          wallets: [
            {
              id: 1,
              name: 'MetaMask',
              address: wallet,
              blockchain: { name: 'Polygon', chainId: 137 },
              is_watch_only: false,
            },
          ],
        },
      };
    }
    if (path === '/recovery/pol-price') return { body: { usd: polUsd, block_number: 100 } };
    return answerFarmIndex(path, [farmAddress]);
  });
  const position = positionFromListItem(lpItem());
  if (!position) throw new Error('the fixture has a position');
  render(
    <AppProviders queryClient={createQueryClient()}>
      <PositionActions position={{ ...position, walletAddress: wallet }} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), chain };
}

async function reviewClaim(user: ReturnType<typeof userEvent.setup>) {
  const claim = await screen.findByRole('button', { name: 'claim rewards' });
  await waitFor(() => expect(claim).toBeEnabled());
  await user.click(claim);
  await screen.findByRole('button', { name: 'confirm in wallet' });
  return screen.getByRole('region', { name: 'transaction getReward() on farm WMATIC-USDC' });
}

describe('the gas line of an action on a position', () => {
  it("shows the gas in POL and in USD at POL's price from the server", async () => {
    const { user, chain } = renderWithPrice(0.5);
    const review = await reviewClaim(user);
    const gasPol = formatUnits(chain.gasEstimate * chain.gasPriceWei, 18);
    expect(gasPol).toBe('1.26');
    // 1.26 POL × $0.50.
    expect(await within(review).findByText(`about ${gasPol} POL ($0.63)`)).toBeInTheDocument();
  });

  it("shows what arrives as the farm answers for the account at the latest block, not the screen's snapshot", async () => {
    const { user } = renderWithPrice(0.5);
    const exit = await screen.findByRole('button', { name: 'withdraw all and claim' });
    await waitFor(() => expect(exit).toBeEnabled());
    await user.click(exit);
    await screen.findByRole('button', { name: 'confirm in wallet' });
    const receives = screen.getByRole('list', { name: 'you receive' });
    // The snapshot said 2.5 LP worth $1,234.50 and 12.3456789 dQUICK; the farm now says 3 LP and 20 dQUICK.
    const position = positionFromListItem(lpItem());
    const stakedUsd = ((position?.stakedUsd ?? 0) * 3) / 2.5;
    expect(receives).toHaveTextContent(
      `3 WMATIC-USDC LP ($${stakedUsd.toLocaleString('en-US', { minimumFractionDigits: 2 })})`,
    );
    expect(receives).toHaveTextContent('20 dQUICK (price unknown)');
    expect(receives).not.toHaveTextContent('12.3456789');
  });

  it('shows it in POL only while no route prices POL', async () => {
    const { user } = renderWithPrice(null);
    const review = await reviewClaim(user);
    expect(await within(review).findByText('about 1.26 POL (USD unknown)')).toBeInTheDocument();
  });
});
