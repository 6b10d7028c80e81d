import { screen, within } from '@testing-library/react';
import type { FarmPriceChoices } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, errorReply, type FakeRequest, installFakeFetch } from '../../../test/fake-fetch.ts';
import { newQuickAddress, oldQuickAddress, quickListings } from '../../../test/quick-listings.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { farmAddress, lpItem, walletAddress } from '../testing/fixtures.ts';

// Issue 30, finding 2: a farm's token price choice can be changed later from the farm page, telling the
// CoinMarketCap listings apart, and the page then shows the revalued figures.
const quick = oldQuickAddress;
const wmatic = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270';
const detailPath = `/quickswap/farm/details/${farmAddress}?account=${walletAddress}`;
const choicesPath = `/quickswap/farm/details/${farmAddress}/price-choices`;
const choicePath = `/quickswap/farm/details/${farmAddress}/price-choice`;

/** The WMATIC/QUICK trap of the issue: QUICK priced by new QUICK's listing. */
function trappedChoices(canChange = true): FarmPriceChoices {
  return {
    can_change: canChange,
    tokens: [
      {
        address: quick,
        symbol: 'QUICK',
        price_source: 'coinmarketcap',
        coinmarketcap_id: 19966,
        onchain_price_usd: 39.8,
        newest_price_source: 'coinmarketcap',
        candidates: quickListings,
        chosen_by: null,
        chosen_at: null,
        change_requests: [],
      },
      {
        address: wmatic,
        symbol: 'WMATIC',
        price_source: 'onchain',
        coinmarketcap_id: null,
        onchain_price_usd: 0.5,
        newest_price_source: 'pair',
        candidates: [],
        chosen_by: 'ops@example.com',
        chosen_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
        change_requests: [],
      },
    ],
  };
}

function detail(value: number) {
  const item = lpItem();
  const position = { ...item.farm_position_snapshot!, total_liquidity_usd: value };
  return {
    farm: item.farm,
    pool: item.pool,
    account_address: walletAddress,
    farm_position_snapshots: [position],
    returns: null,
    chart: [],
    history: null,
  };
}

/** A fake server that stores the choice it is sent: the farm's figures double once QUICK is on-chain. */
function installFarmServer(options: { failChoicesOnce?: boolean; canChange?: boolean } = {}) {
  const state = {
    choices: trappedChoices(options.canChange ?? true),
    value: 1000,
    failuresLeft: options.failChoicesOnce ? 1 : 0,
  };
  const calls = installFakeFetch(({ method, path, body }: FakeRequest) => {
    if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
    if (method === 'GET' && path === detailPath) return { body: detail(state.value) };
    if (method === 'GET' && path === choicesPath) {
      if (state.failuresLeft > 0) {
        state.failuresLeft -= 1;
        return errorReply(429, 'RATE_LIMITED', 'too many requests, try again in a minute');
      }
      return { body: state.choices };
    }
    if (method === 'POST' && path === `${choicePath}-request`) {
      const request = body as { token_address: string; price_source: 'onchain' | 'coinmarketcap' };
      const token = state.choices.tokens.find((t) => t.address === request.token_address)!;
      const asked = {
        requested_by: 'me@example.com',
        price_source: request.price_source,
        coinmarketcap_id: null,
        note: null,
        created_at: new Date().toISOString(),
      };
      token.change_requests = [asked];
      return { status: 201, body: asked };
    }
    if (method === 'PUT' && path === choicePath) {
      const request = body as { token_address: string; price_source: 'onchain' | 'coinmarketcap' };
      const token = state.choices.tokens.find((t) => t.address === request.token_address)!;
      token.price_source = request.price_source;
      if (request.price_source === 'onchain') {
        token.newest_price_source = 'pool';
        state.value = 2000;
      }
      return {
        body: {
          token_address: request.token_address,
          price_source: request.price_source,
          coinmarketcap_id: token.coinmarketcap_id,
          revalued_snapshots: request.price_source === 'onchain' ? 12 : 0,
        },
      };
    }
    return undefined;
  });
  return calls;
}

// jsdom has no showModal(): the confirmation's content counts as hidden to role queries (and unnamed).
describe("a farm's prices panel", () => {
  it('lists each token with the source its figures use, its on-chain price and the listings told apart', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFarmServer();
    renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const panel = await screen.findByRole('region', { name: 'prices' });
    const quickGroup = await within(panel).findByRole('group', { name: 'QUICK' });
    expect(quickGroup).toHaveTextContent('now: CoinMarketCap listing QuickSwap (QUICK)');
    const onchain = within(quickGroup).getByRole('radio', { name: /on-chain price: \$39\.80/ });
    const old = within(quickGroup).getByRole('radio', { name: /QuickSwap \[Old\]/ });
    const current = within(quickGroup).getByRole('radio', { name: /QuickSwap \(QUICK\)/ });
    expect(current).toBeChecked();
    expect(onchain).not.toBeChecked();
    expect(old.closest('label')).toHaveTextContent(quick);
    expect(old.closest('label')).toHaveTextContent('$40.00');
    expect(old.closest('label')).toHaveTextContent("this token's contract");
    expect(current.closest('label')).toHaveTextContent(newQuickAddress);
    expect(current.closest('label')).toHaveTextContent('$0.04');
    expect(current.closest('label')).not.toHaveTextContent("this token's contract");
    const wmaticGroup = within(panel).getByRole('group', { name: 'WMATIC' });
    expect(wmaticGroup).toHaveTextContent('now: on-chain, from its QuickSwap pair with USDC or WMATIC');
    expect(wmaticGroup).toHaveTextContent('on-chain price: $0.50');
    expect(wmaticGroup).toHaveTextContent('no CoinMarketCap listings');
    // Nothing to save until the person picks another source.
    expect(within(quickGroup).getByRole('button', { name: 'save' })).toBeDisabled();
  });

  it('goes back to on-chain after a confirmation that history is revalued, then shows the revalued figures', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFarmServer();
    const { user } = renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const panel = await screen.findByRole('region', { name: 'prices' });
    const quickGroup = await within(panel).findByRole('group', { name: 'QUICK' });
    const history = screen.getByRole('region', { name: 'position snapshots' });
    expect(history).toHaveTextContent('$1,000.00');
    const detailCallsBefore = callsTo(calls, 'GET', detailPath).length;
    const choicesCallsBefore = callsTo(calls, 'GET', choicesPath).length;

    await user.click(within(quickGroup).getByRole('radio', { name: /on-chain price/ }));
    await user.click(within(quickGroup).getByRole('button', { name: 'save' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { hidden: true })).toHaveTextContent(
      "change QUICK's price source?",
    );
    expect(dialog).toHaveTextContent(
      "QUICK's figures will use its on-chain price. The stored history is revalued with the on-chain price at each snapshot's block.",
    );
    expect(callsTo(calls, 'PUT', choicePath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'change price source', hidden: true }));

    expect(
      await within(panel).findByText('QUICK now uses its on-chain price: 12 stored snapshots revalued'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', choicePath).map((call) => call.body)).toEqual([
      { token_address: quick, price_source: 'onchain' },
    ]);
    // The farm's figures, returns and chart come again, revalued.
    expect(await within(history).findByText('$2,000.00')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', detailPath).length).toBeGreaterThan(detailCallsBefore);
    expect(callsTo(calls, 'GET', choicesPath).length).toBeGreaterThan(choicesCallsBefore);
    expect(
      await within(quickGroup).findByText("now: on-chain, from this farm's own pair"),
    ).toBeInTheDocument();
    expect(within(quickGroup).getByRole('radio', { name: /on-chain price/ })).toBeChecked();
  });

  it("picks the token's own listing, saying the price API applies from the next snapshot on", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFarmServer();
    const { user } = renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const quickGroup = await screen.findByRole('group', { name: 'QUICK' });
    await user.click(within(quickGroup).getByRole('radio', { name: /QuickSwap \[Old\]/ }));
    await user.click(within(quickGroup).getByRole('button', { name: 'save' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { hidden: true })).toHaveTextContent(
      "change QUICK's price source?",
    );
    expect(dialog).toHaveTextContent(
      "QUICK's figures will use CoinMarketCap's price for QuickSwap [Old] (QUICK) from the next snapshot on. The stored history keeps its prices; the chart marks the change.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'change price source', hidden: true }));
    expect(
      await screen.findByText('QUICK uses CoinMarketCap (QuickSwap [Old]) from the next snapshot on'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', choicePath).map((call) => call.body)).toEqual([
      { token_address: quick, price_source: 'coinmarketcap', coinmarketcap_id: 8206 },
    ]);
  });

  // Issue 42, finding 1: a source changes every user's figures, so only the operator changes it.
  it('shows another user the choice read-only, with who made it, and sends their request to the operator', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFarmServer({ canChange: false });
    const { user } = renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const panel = await screen.findByRole('region', { name: 'prices' });
    const quickGroup = await within(panel).findByRole('group', { name: 'QUICK' });
    expect(panel).toHaveTextContent('the operator of this Tidewatch chooses it for everyone');
    const wmaticGroup = within(panel).getByRole('group', { name: 'WMATIC' });
    expect(wmaticGroup).toHaveTextContent('chosen by ops@example.com 3 hours ago');
    expect(quickGroup).toHaveTextContent('set when the token was first imported');
    expect(within(panel).queryByRole('button', { name: 'save' })).toBeNull();
    const ask = within(quickGroup).getByRole('button', { name: 'ask the operator for this source' });
    expect(ask).toBeDisabled();
    await user.click(within(quickGroup).getByRole('radio', { name: /on-chain price/ }));
    await user.click(ask);
    expect(await within(quickGroup).findByText(/asked: the operator sees your request/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${choicePath}-request`).map((call) => call.body)).toEqual([
      { token_address: quick, price_source: 'onchain' },
    ]);
    expect(callsTo(calls, 'PUT', choicePath)).toHaveLength(0);
    expect(
      await within(quickGroup).findByText(/me@example.com asked for its on-chain price/),
    ).toBeInTheDocument();
  });

  it('shows a failed load with retry, and loads again on retry', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFarmServer({ failChoicesOnce: true });
    const { user } = renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const panel = await screen.findByRole('region', { name: 'prices' });
    expect(await within(panel).findByText('too many requests, try again in a minute')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'retry' }));
    expect(await within(panel).findByRole('group', { name: 'QUICK' })).toBeInTheDocument();
  });

  it('is not shown, nor asked for, without a signed-in user', async () => {
    const calls = installFakeFetch(({ path }) =>
      path === `/quickswap/farm/details/${farmAddress}`
        ? { body: { ...detail(1000), account_address: null } }
        : undefined,
    );
    renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'prices' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', choicesPath)).toHaveLength(0);
  });
});
