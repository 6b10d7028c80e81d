import { fireEvent, screen, within } from '@testing-library/react';
import type { ChainHoldings, ChainsAnswer } from '@tidewatch/shared/chains';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { openAppAt, renderRoute, validSession } from '../../../test/render-route.tsx';
import { polygonWallet } from '../../farms/testing/fixtures.ts';

const logIn = () => window.sessionStorage.setItem(sessionTokenKey, 'token-1');
const holdingsPath = `/quickswap/chains/8453/holdings?wallet_address=${polygonWallet.address}`;
const token = (address: string, symbol: string, decimals = 18) => ({ address, symbol, decimals });
const weth = token('0x4200000000000000000000000000000000000006', 'WETH');
const quick = token('0x7094c27f342DBAdfbbeD005b219431595E33b305', 'QUICK');

const chainsOn = (
  baseStatus: ChainsAnswer['chains'][number]['status'],
  reason: string | null,
): ChainsAnswer => ({
  chains: [
    {
      chain_id: 137,
      name: 'Polygon',
      status: 'on',
      reason: null,
      products: ['v2', 'v3', 'farms', 'syrups', 'vaults'],
      explorer_url: 'https://polygonscan.com',
      native_symbol: 'POL',
    },
    {
      chain_id: 8453,
      name: 'Base',
      status: baseStatus,
      reason,
      products: ['v2', 'v4', 'syrups'],
      explorer_url: 'https://basescan.org',
      native_symbol: 'ETH',
    },
  ],
});

const holdings: ChainHoldings = {
  chain_id: 8453,
  chain_name: 'Base',
  wallet_address: polygonWallet.address,
  block_number: '4321',
  block_timestamp: '2026-11-30T10:00:00.000Z',
  v4_positions: [
    {
      token_id: '2',
      is_farmed: false,
      pool: '0xEB87bb27581893CF729E0D45CF6670301C4D2411',
      custom_deployer: '0x00000000000000000000000000000000C0Ffee47',
      tick_lower: -887220,
      tick_upper: 887220,
      current_tick: -46055,
      in_range: true,
      liquidity: '5000',
      amounts: [
        { token: quick, amount: '50000', usd: 1500000 },
        { token: weth, amount: '500', usd: 1500000 },
      ],
      fees: [
        { token: quick, amount: '0', usd: 0 },
        { token: weth, amount: '0', usd: 0 },
      ],
      value_usd: 3000000,
    },
  ],
  v3_positions: [],
  v2_positions: [],
  farms: [],
  syrups: [
    {
      pool: '0x9908aaDEc872687a3a0Ee842b25ac38E67833994',
      staked: { token: quick, amount: '40', usd: 1200 },
      earned: { token: token('0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', 'SPRK'), amount: '3', usd: null },
      ends_at: '2026-11-30T09:00:00.000Z',
      has_ended: true,
      value_usd: null,
    },
  ],
  total_usd: null,
  merkl: {
    status: 'ok',
    as_of: '2026-11-30T10:00:00.000Z',
    rewards: [
      { token: token('0x7094c27f342DBAdfbbeD005b219431595E33b305', 'QUICK'), amount: '12.5', usd: 3.1 },
    ],
    usd: 3.1,
  },
};

describe('the chains tool', () => {
  it('says why Base is off, and asks a visitor to log in', async () => {
    installFakeFetch(({ path }) =>
      path === '/chains'
        ? {
            body: chainsOn(
              'off',
              'Base is off: set BASE_RPC_URL to its JSON-RPC URL to read QuickSwap there',
            ),
          }
        : undefined,
    );
    renderRoute('/quickswap/chains');
    expect(await screen.findByRole('heading', { level: 1, name: 'Every chain' })).toBeInTheDocument();
    const base = await screen.findByRole('listitem', { name: 'chain Base' });
    expect(base).toHaveTextContent('Base off v2, v4, syrups · chain id 8453');
    expect(base).toHaveTextContent('set BASE_RPC_URL');
    const logInLinks = screen
      .getAllByRole('link', { name: 'log in' })
      .map((link) => link.getAttribute('href'));
    expect(logInLinks).toContain('/login?next=%2Fquickswap%2Fchains');
  });

  it('shows each saved wallet on Base, every heading naming the chain, an unknown price as unknown', async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Base · wallet 0x1234…5678' });
    expect(await within(region).findByText(/on Base at block/)).toHaveTextContent(
      'unknown on Base at block 4,321',
    );
    const v4 = within(region).getByRole('table', { name: 'Base · V4 positions (Algebra Integral)' });
    expect(within(v4).getByRole('row', { name: /#2 QUICK\/WETH/ })).toHaveTextContent(
      '#2 QUICK/WETH · custom pool of 0x0000…ee4750,000 QUICK + 500 WETH0 QUICK + 0 WETHin range$3,000,000.00',
    );
    expect(within(region).getByText('no V2 LP on Base')).toBeInTheDocument();
    const syrups = within(region).getByRole('table', { name: 'Base · Syrup pools' });
    expect(within(syrups).getByRole('row', { name: /SPRK syrup/ })).toHaveTextContent(
      '40 QUICK3 SPRKendedunknown',
    );
    expect(within(region).getByText(/^Merkl rewards on Base/)).toHaveTextContent(
      'Merkl rewards on Base: 12.5 QUICK ($3.10), claimable at Merkl, not in the total above',
    );
  });

  it("shows Polygon's V3 positions, farm stakes and syrups beside Base's, found in one read, with the way to their tools", async () => {
    logIn();
    const wmatic = token('0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WMATIC');
    const usdc = token('0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 'USDC', 6);
    const polygonHoldings: ChainHoldings = {
      ...holdings,
      chain_id: 137,
      chain_name: 'Polygon',
      v4_positions: [],
      v3_positions: [{ ...holdings.v4_positions[0]!, token_id: '7', is_farmed: true, custom_deployer: null }],
      farms: [
        {
          farm: '0x1111111111111111111111111111111111111111',
          kind: 'dual',
          staked_lp: '2',
          amounts: [
            { token: wmatic, amount: '10', usd: 5 },
            { token: usdc, amount: '5', usd: 5 },
          ],
          earned: [
            { token: quick, amount: '1', usd: 30 },
            { token: wmatic, amount: '2', usd: 1 },
          ],
          ends_at: '2026-01-01T00:00:00.000Z',
          has_ended: true,
          value_usd: 41,
        },
      ],
      syrups: [],
      total_usd: 3000041,
    };
    installFakeFetch(({ path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === holdingsPath.replace('/8453/', '/137/')) return { body: polygonHoldings };
      if (path === '/quickswap/chains/tracked') return { body: { wallets: [] } };
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Polygon · wallet 0x1234…5678' });
    expect(await within(region).findByText(/on Polygon at block/)).toHaveTextContent(
      '$3,000,041.00 on Polygon at block 4,321 · act on them in V3 positions, get it out and vaults and syrups',
    );
    const v3 = within(region).getByRole('table', { name: 'Polygon · V3 positions (Algebra V1.0)' });
    expect(within(v3).getByRole('row', { name: /#7 QUICK\/WETH · farmed/ })).toBeInTheDocument();
    const farms = within(region).getByRole('table', { name: 'Polygon · V2 farms' });
    expect(within(farms).getByRole('row', { name: /WMATIC\/USDC dual farm/ })).toHaveTextContent(
      '10 WMATIC + 5 USDC1 QUICK + 2 WMATICended$41.00',
    );
    // Every chain added up from the same answers: Base's total is unknown (a token without a price), so is the sum.
    const added = screen.getByRole('region', { name: 'every chain added up' });
    expect(await within(added).findByText(/on every chain: unknown/)).toHaveTextContent(
      '0x1234…5678 on every chain: unknown (Polygon $3,000,041.00 + Base unknown)',
    );
    // Polygon's positions are tracked and acted on in their own tools: no tracking or action here.
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).getByRole('link', { name: 'get it out' })).toHaveAttribute(
      'href',
      `/wallets/${polygonWallet.address}/recovery`,
    );
  });

  it('takes the slippage for removing liquidity on Base as on Polygon: above 5 % only once accepted', async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === '/quickswap/chains/tracked') return { body: { wallets: [] } };
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Base · wallet 0x1234…5678' });
    const close = await within(region).findByRole('button', { name: 'close position #2' });
    expect(close).toBeEnabled();
    const field = within(region).getByRole('textbox', { name: 'slippage for removing liquidity (%)' });
    fireEvent.change(field, { target: { value: '7' } });
    expect(close).toBeDisabled();
    fireEvent.click(within(region).getByRole('checkbox', { name: 'I accept up to 7 % less' }));
    expect(close).toBeEnabled();
    // Accepting 7 % is not accepting 50 %: a changed value is confirmed again (one rule on every screen).
    fireEvent.change(field, { target: { value: '50' } });
    expect(close).toBeDisabled();
    expect(within(region).getByRole('checkbox', { name: 'I accept up to 50 % less' })).not.toBeChecked();
    // Collecting fees removes no liquidity: no slippage to wait for.
    fireEvent.change(field, { target: { value: 'x' } });
    expect(close).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'collect fees of position #2' })).toBeEnabled();
  });

  it("keeps the page when one wallet's read is refused, saying why, with a retry", async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath)
        return errorReply(429, 'RATE_LIMITED', 'too many refreshes: try again in a minute');
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Base · wallet 0x1234…5678' });
    expect(await within(region).findByText('too many refreshes: try again in a minute')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'retry' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'chain Polygon' })).toBeInTheDocument();
  });

  it('tracks a wallet on Base from its section: its positions then join the portfolio', async () => {
    logIn();
    let tracked: unknown[] = [];
    const requests = installFakeFetch(({ method, path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === '/quickswap/chains/tracked') return { body: { wallets: tracked } };
      if (method === 'POST' && path === '/quickswap/chains/8453/tracked') {
        const wallet = {
          id: 7,
          chain_id: 8453,
          chain_name: 'Base',
          wallet_address: polygonWallet.address,
          tracked_at: '2026-11-30T10:00:00.000Z',
          last_error: null,
          last_error_at: null,
          snapshot: {
            block_number: '4321',
            created_on: '2026-11-30T10:00:00.000Z',
            total_usd: 3001200,
            positions: 2,
          },
        };
        tracked = [wallet];
        return { status: 201, body: wallet };
      }
      if (path === '/quickswap/chains/tracked/7/history') {
        return {
          body: {
            id: 7,
            chain_name: 'Base',
            points: [
              { block_number: '4400', created_on: '2026-11-30T11:00:00.000Z', total_usd: null, positions: 2 },
              {
                block_number: '4321',
                created_on: '2026-11-30T10:00:00.000Z',
                total_usd: 3001200,
                positions: 2,
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Base · wallet 0x1234…5678' });
    (await within(region).findByRole('button', { name: 'track on Base: wallet 0x1234…5678' })).click();
    expect(await within(region).findByText(/tracked on Base/)).toHaveTextContent(
      'tracked on Base: in your portfolio (2 positions, $3,001,200.00 at block 4,321)',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      wallet_address: polygonWallet.address,
    });
    expect(
      within(region).getByRole('button', { name: 'stop tracking on Base: wallet 0x1234…5678' }),
    ).toBeInTheDocument();
  });

  it("opens a tracked wallet's history: its values, then each V4 position's books on Base with gas in ETH", async () => {
    logIn();
    const wallet = {
      id: 7,
      chain_id: 8453,
      chain_name: 'Base',
      wallet_address: polygonWallet.address,
      tracked_at: '2026-11-30T10:00:00.000Z',
      last_error: null,
      last_error_at: null,
      snapshot: {
        block_number: '4400',
        created_on: '2026-11-30T11:00:00.000Z',
        total_usd: 1500,
        positions: 2,
      },
    };
    const token = (symbol: string, decimals: number, amount: string) => ({
      address: `0x${symbol.padStart(40, '0')}`,
      symbol,
      decimals,
      amount: amount.replace('.', ''),
      amount_display: amount,
    });
    const row = (kind: string, block: number, sent: unknown[], received: unknown[], usd: number) => ({
      id: `v3:0x${block}:1`,
      chain: { id: 8453, name: 'Base' },
      position: { tool: 'v3', farm_address: null, token_id: '3', label: 'WETH-USDC V4 #3 on Base' },
      kind,
      tx_hash: `0x${String(block).padStart(64, '0')}`,
      block_number: block,
      block_time: '2026-11-30T10:30:00.000Z',
      local_time: '2026-11-30T10:30:00.000Z',
      sent,
      received,
      underlying: [],
      counterparty: null,
      usd,
      usd_error: null,
      gas: {
        status: 'none',
        fee_pol: null,
        fee_pol_display: null,
        fee_usd: null,
        pol_usd: null,
        gas_used: null,
        effective_gas_price: null,
      },
    });
    installFakeFetch(({ path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === '/quickswap/chains/tracked') return { body: { wallets: [wallet] } };
      if (path === '/quickswap/chains/tracked/7/history') {
        return {
          body: {
            id: 7,
            chain_name: 'Base',
            native_symbol: 'ETH',
            points: [
              { block_number: '4400', created_on: '2026-11-30T11:00:00.000Z', total_usd: 1500, positions: 2 },
            ],
            positions: [
              {
                token_id: '3',
                label: 'WETH-USDC V4 #3 on Base',
                books_note: null,
                returns: {
                  deposited_usd: 900,
                  withdrawn_usd: 150,
                  value_now_usd: 980,
                  hodl_usd: 1010.5,
                  vs_hodl_usd: -12.25,
                  fees_earned_usd: 20,
                  rewards_usd: 0,
                },
                books: {
                  as_of_block: 4400,
                  prices: 'Value now at the prices of block 4400 on Base.',
                  value_now_usd: 1000,
                  deposited_usd: 900,
                  withdrawn_usd: 150,
                  rewards_income_usd: 0,
                  pending_rewards_usd: 0,
                  gas_pol: '2000000000000000',
                  gas_usd: 6,
                  gas_unknown_rows: 0,
                  usd_unknown_rows: 0,
                  total_profit_usd: 244,
                  profit: {
                    as_of_block: 4400,
                    value_now_usd: 1000,
                    deposited_usd: 900,
                    withdrawn_usd: 150,
                    claimed_rewards_usd: 0,
                    pending_rewards_usd: 0,
                    fees_usd: 20,
                    gas_usd: 6,
                    total_profit_usd: 244,
                    unknown_because: null,
                  },
                },
                rows: [
                  row('v3_deposit', 4100, [token('WETH', 18, '0.1'), token('USDC', 6, '600')], [], 900),
                  row('v3_withdraw', 4200, [], [token('WETH', 18, '0.05'), token('USDC', 6, '10')], 150),
                ],
              },
              {
                token_id: '9',
                label: 'QUICK-WETH V4 #9 on Base',
                books: null,
                returns: null,
                books_note:
                  'Its history is still being read: the books and the profit wait for a snapshot whose events are final.',
                rows: [],
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Base · wallet 0x1234…5678' });
    (await within(region).findByRole('button', { name: /^show history: wallet 0x/ })).click();
    const books = await within(region).findByRole('region', { name: 'books of WETH-USDC V4 #3 on Base' });
    const figure = (label: string) => within(books).getByText(label).nextElementSibling?.textContent;
    expect(figure('gas paid')).toBe('0.002 ETH ($6.00)');
    expect(figure('deposited')).toBe('$900.00');
    expect(figure('withdrawn')).toBe('$150.00');
    expect(figure('total profit')).toBe('+$244.00');
    expect(within(books).getByText(/^Against holding its tokens/)).toHaveTextContent(
      "Against holding its tokens: held, they would be worth $1,010.50 now; the pool's part -$12.25 (fees apart); swap fees earned $20.00.",
    );
    const events = within(books).getByRole('table', { name: 'events of WETH-USDC V4 #3 on Base' });
    expect(
      within(events)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '2026-11-30 10:30 UTC, block 4,100deposit on Basesent 0.1 WETH + 600 USDC$900.00',
      '2026-11-30 10:30 UTC, block 4,200withdraw on Basereceived 0.05 WETH + 10 USDC$150.00',
    ]);
    const waiting = within(region).getByRole('region', { name: 'books of QUICK-WETH V4 #9 on Base' });
    expect(waiting).toHaveTextContent('Its history is still being read');
  });

  it("says when a tracked wallet's last automatic snapshot on Base failed, and that its figures are the last good ones", async () => {
    logIn();
    const failedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    installFakeFetch(({ path }) => {
      if (path === '/chains') return { body: chainsOn('on', null) };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === '/quickswap/chains/tracked') {
        return {
          body: {
            wallets: [
              {
                id: 7,
                chain_id: 8453,
                chain_name: 'Base',
                wallet_address: polygonWallet.address,
                tracked_at: '2026-11-30T10:00:00.000Z',
                last_error: 'the blockchain node did not answer',
                last_error_at: failedAt,
                snapshot: {
                  block_number: '4321',
                  created_on: '2026-11-30T10:00:00.000Z',
                  total_usd: 10,
                  positions: 1,
                },
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderRoute('/quickswap/chains');
    const region = await screen.findByRole('region', { name: 'Base · wallet 0x1234…5678' });
    expect(await within(region).findByText(/the last automatic snapshot failed/)).toHaveTextContent(
      /^the last automatic snapshot failed .+: the blockchain node did not answer; it is tried again, the figures above are the last good ones$/,
    );
  });

  it('reads the portfolio per chain on the dashboard once Base is in it', async () => {
    logIn();
    const part = (positions: number, value: number, change: number, unknownValue = 0) => ({
      positions,
      value_usd: value,
      change_24h_usd: change,
      pnl_usd: 0,
      unknown: { value: unknownValue, change_24h: 0, pnl: positions },
    });
    installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === '/quickswap/portfolio') {
        return {
          body: {
            ...part(5, 1600, 25, 1),
            chains: [
              { chain_id: 137, name: 'Polygon', ...part(2, 1000, 20) },
              { chain_id: 8453, name: 'Base', ...part(3, 600, 5, 1) },
            ],
          },
        };
      }
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
      if (path === '/blockchains/wallets') return { body: { wallets: [] } };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [] } };
      return undefined;
    });
    await openAppAt('/dashboard');
    const byChain = await screen.findByRole('list', { name: 'by chain' });
    expect(
      within(byChain)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'on Polygon (2): value $1,000.00, 24-hour change +$20.00',
      'on Base (3): value $600.00 (1 position not counted: no price), 24-hour change +$5.00',
    ]);
  });
});
