import { screen, within } from '@testing-library/react';
import type { VaultsWalletPositions } from '@tidewatch/shared/vaults';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { polygonWallet } from '../../farms/testing/fixtures.ts';

const logIn = () => window.sessionStorage.setItem(sessionTokenKey, 'token-1');
const holdingsPath = `/quickswap/vaults/positions?wallet_address=${polygonWallet.address}`;
const token = (address: string, symbol: string, decimals = 18) => ({ address, symbol, decimals });

const holdings: VaultsWalletPositions = {
  wallet_address: polygonWallet.address,
  block_number: 1234567,
  block_time: '2026-11-29T10:00:00.000Z',
  lairs: [
    {
      lair: '0xf28164A485B0B2C90639E47b0f377b4a438a16B1',
      dquick: {
        token: token('0xf28164A485B0B2C90639E47b0f377b4a438a16B1', 'dQUICK (old)'),
        amount: '100',
        usd: null,
      },
      quick: {
        token: token('0x831753DD7087CaC61aB5644b308642cc1c33Dc13', 'QUICK (old)'),
        amount: '112.5',
        usd: 4500,
      },
      usd: 4500,
    },
  ],
  syrups: [
    {
      pool: '0x09ecE0A8fF76AEa30d82480E8a89ec9fEeca9B0F',
      staked: {
        token: token('0xf28164A485B0B2C90639E47b0f377b4a438a16B1', 'dQUICK (old)'),
        amount: '10',
        usd: 450,
      },
      earned: {
        token: token('0xB35fcBCF1fD489fCe02Ee146599e893FDCdC60e6', 'DERC'),
        amount: '3.25',
        usd: null,
      },
      ends_at: '2022-06-06T23:33:56.000Z',
      is_ended: true,
      usd: null,
    },
  ],
  vaults: [
    {
      vault: '0x02203f2351E7aC6aB5051205172D3f772db7D814',
      manager: 'gamma',
      shares: { held: '1.5', staked: '0.5', total_supply: '100' },
      amounts: [
        {
          token: token('0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WMATIC'),
          amount: '120',
          usd: 60,
        },
        { token: token('0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC', 6), amount: '40', usd: 40 },
      ],
      price: '0.5',
      base_range: { lower: '0.45', upper: '0.55', is_in_range: true },
      limit_range: { lower: '0.5', upper: '0.52', is_in_range: true },
      staking: { address: '0x20ec0d06F447d550fC6edee42121bc8C1817b97D', kind: 'masterchef', pid: 0 },
      rewards: [
        { token: token('0xB5C064F955D8e7F38fE0460C556a72987494eE17', 'QUICK'), amount: '2', usd: 0.1 },
      ],
      rewards_complete: true,
      usd: 100.1,
    },
    {
      vault: '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180',
      manager: 'steer',
      shares: { held: '3', staked: '0', total_supply: '30' },
      amounts: [
        {
          token: token('0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WMATIC'),
          amount: '10',
          usd: 5,
        },
        { token: token('0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC', 6), amount: '5', usd: 5 },
      ],
      price: '0.5',
      base_range: { lower: '0.55', upper: '0.6', is_in_range: false },
      limit_range: null,
      staking: null,
      rewards: [],
      rewards_complete: true,
      usd: 10,
    },
  ],
  vaults_listed: 127,
  unavailable_lists: [],
  syrups_listed: 126,
  unreadable: ['0x000000000000000000000000000000000000dEaD'],
  value_usd: null,
};

describe('vaults tool screen', () => {
  it("has the tools' layout, and asks a visitor to log in", () => {
    installFakeFetch();
    renderRoute('/quickswap/vaults');
    expect(screen.getByRole('heading', { level: 1, name: 'Vaults tool' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'connect to metamask' })).toBeInTheDocument();
    const stakes = screen.getByRole('region', { name: 'lair and syrup stakes' });
    expect(within(stakes).getByRole('link', { name: 'log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fquickswap%2Fvaults',
    );
  });

  it("shows each wallet's lair and syrup stakes, an unknown price as unknown and an ended pool as ended", async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === '/quickswap/vaults/tracked') return { body: { positions: [] } };
      return undefined;
    });
    renderRoute('/quickswap/vaults');
    const wallet = await screen.findByRole('region', { name: 'wallet 0x1234…5678' });
    expect(await within(wallet).findByText(/in vaults, the lairs and syrup pools/)).toHaveTextContent(
      'unknown in vaults, the lairs and syrup pools, at block 1,234,567 · 127 vaults and 126 syrup pools QuickSwap listed were read; 1 contract could not be read',
    );
    const [vaultTable, lairTable, syrupTable] = within(wallet).getAllByRole('table');
    const vault = within(vaultTable!).getByRole('row', { name: /Gamma WMATIC-USDC/ });
    expect(vault).toHaveTextContent('1.5 shares held, 0.5 staked');
    expect(vault).toHaveTextContent('120 WMATIC40 USDC');
    expect(vault).toHaveTextContent('0.45 – 0.55 in range');
    expect(vault).toHaveTextContent('USDC per WMATIC; now 0.5');
    expect(vault).toHaveTextContent('2 QUICK$100.10');
    // A Steer vault with one position: its range, no second one.
    const steer = within(vaultTable!).getByRole('row', { name: /Steer WMATIC-USDC/ });
    expect(steer).toHaveTextContent('0.55 – 0.6 out of rangeUSDC per WMATIC; now 0.5');
    expect(steer).toHaveTextContent('none staked$10.00');
    expect(within(lairTable!).getByRole('row', { name: /100 dQUICK \(old\)/ })).toHaveTextContent(
      '100 dQUICK (old)112.5 QUICK (old)$4,500.00',
    );
    const syrup = within(syrupTable!).getByRole('row', { name: /0x09ec/ });
    expect(syrup).toHaveTextContent('ended 2022-06-06');
    expect(syrup).toHaveTextContent('10 dQUICK (old)3.25 DERCunknown');
  });

  it('tracks a syrup stake from its row, which then says so and offers untrack', async () => {
    logIn();
    const syrup = holdings.syrups[0]!;
    const entry = {
      id: 5,
      wallet_address: polygonWallet.address,
      contract_address: syrup.pool,
      position_type: 'syrup',
      tracked_at: '2026-11-29T10:00:00.000Z',
      snapshot: {
        block_number: 1234567,
        created_on: '2026-11-29T10:00:00.000Z',
        value_usd: null,
        rewards_usd: null,
        ends_at: syrup.ends_at,
        lair: null,
        syrup,
        vault: null,
      },
      returns: {
        as_of_block: 1234567,
        since: '2026-11-29T10:00:00.000Z',
        value_now_usd: null,
        hold_value_usd: null,
        vs_hold_usd: null,
        rewards_usd: null,
        fee_income_usd: null,
        profit: {
          as_of_block: 1234567,
          value_now_usd: null,
          deposited_usd: null,
          withdrawn_usd: null,
          claimed_rewards_usd: null,
          pending_rewards_usd: null,
          gas_usd: null,
          total_profit_usd: null,
          unknown_because: "its history is read to block none yet, before this snapshot's 1234567",
        },
      },
    };
    let positions: unknown[] = [];
    const calls = installFakeFetch(({ method, path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === '/quickswap/vaults/tracked' && method === 'POST') {
        positions = [entry];
        return { body: entry };
      }
      if (path === '/quickswap/vaults/tracked') return { body: { positions } };
      return undefined;
    });
    const { user } = renderRoute('/quickswap/vaults');
    await user.click(await screen.findByRole('button', { name: 'track syrup pool dQUICK (old) -> DERC' }));
    expect(
      await screen.findByRole('button', { name: 'untrack syrup pool dQUICK (old) -> DERC' }),
    ).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/quickswap/vaults/tracked')!;
    expect(posted.body).toEqual({ wallet_address: polygonWallet.address, contract_address: syrup.pool });
    expect(screen.getByRole('button', { name: 'track dQUICK (old)' })).toBeInTheDocument();
    // Its returns, unknown until its history is read, and saying why (never $0).
    expect(screen.getByLabelText('returns of syrup pool dQUICK (old) -> DERC')).toHaveTextContent(
      "profit unknown · vs holding unknown · rewards unknownprofit unknown: its history is read to block none yet, before this snapshot's 1234567",
    );
  });

  it("says so when a wallet holds nothing there, and shows a failed read with 'retry'", async () => {
    logIn();
    let attempts = 0;
    installFakeFetch(({ path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === '/quickswap/vaults/tracked') return { body: { positions: [] } };
      if (path !== holdingsPath) return undefined;
      attempts += 1;
      return attempts === 1
        ? errorReply(429, 'RATE_LIMITED', 'too many refreshes: try again in a minute')
        : { body: { ...holdings, vaults: [], lairs: [], syrups: [], unreadable: [], value_usd: 0 } };
    });
    const { user } = renderRoute('/quickswap/vaults');
    expect(await screen.findByText('too many refreshes: try again in a minute')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('no dQUICK in this wallet')).toBeInTheDocument();
    expect(screen.getByText('no stake or rewards in any syrup pool')).toBeInTheDocument();
    expect(screen.getByText('no vault shares in this wallet')).toBeInTheDocument();
  });

  it("shows the wallet's Merkl rewards beside its vault shares, the V3 tool's figure", async () => {
    logIn();
    const quick = token('0xB5C064F955D8e7F38fE0460C556a72987494eE17', 'QUICK');
    installFakeFetch(({ path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === '/quickswap/vaults/tracked') return { body: { positions: [] } };
      if (path === holdingsPath) return { body: holdings };
      if (path === `/quickswap/v3/positions?wallet_address=${polygonWallet.address}`) {
        return {
          body: {
            wallet_address: polygonWallet.address,
            block_number: 1234567,
            positions: [],
            merkl: {
              status: 'ok',
              as_of: '2026-11-29T10:00:00.000Z',
              rewards: [{ token: quick, amount: '12.5', usd: 0.5 }],
              usd: 0.5,
            },
            can_act: true,
            contracts: {
              position_manager: '0x8eF88E4c7CfbbaC1C163f7eddd4B578792201de6',
              farming_center: '0x7F281A8cdF66eF5e9db8434Ec6D97acc1bc01E78',
              merkl_distributor: '0x3Ef3D8bA38EBe18DB133cEc108f4D14CE00Dd9Ae',
              wnative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
            },
          },
        };
      }
      return undefined;
    });
    renderRoute('/quickswap/vaults');
    const merkl = await screen.findByRole('region', { name: 'Merkl rewards of this wallet' });
    expect(merkl).toHaveTextContent('Merkl rewards: 12.5 QUICK ($0.50)');
    expect(merkl).toHaveTextContent('claim them in the V3 positions tool');
  });

  it("says Steer's vaults are unknown when Steer's list could not be had", async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === '/quickswap/vaults/tracked') return { body: { positions: [] } };
      if (path === holdingsPath) return { body: { ...holdings, unavailable_lists: ['steer'] } };
      return undefined;
    });
    renderRoute('/quickswap/vaults');
    expect(await screen.findByText(/in vaults, the lairs and syrup pools/)).toHaveTextContent(
      "Steer's vault list could not be had now: Steer vaults are unknown, not empty",
    );
  });
});
