import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

describe('portfolio totals on the dashboard', () => {
  it('adds up the known figures of every kind and says how many positions were left out, never counting them as $0', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/quickswap/portfolio') {
        return {
          body: {
            positions: 3,
            value_usd: 2500,
            change_24h_usd: -120.5,
            pnl_usd: 310,
            unknown: { value: 0, change_24h: 1, pnl: 2 },
            kinds: [
              {
                kind: 'v2_farm_stake',
                label: 'V2 farms',
                positions: 2,
                value_usd: 700,
                change_24h_usd: -120.5,
                pnl_usd: 10,
                unknown: { value: 0, change_24h: 1, pnl: 1 },
              },
              {
                kind: 'v3_nft',
                label: 'V3 positions',
                positions: 1,
                value_usd: 1800,
                change_24h_usd: 0,
                pnl_usd: 300,
                unknown: { value: 0, change_24h: 0, pnl: 1 },
              },
            ],
          },
        };
      }
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
      return undefined;
    });
    renderRoute('/dashboard');
    const totals = await screen.findByRole('region', { name: 'portfolio' });
    expect(totals).toHaveTextContent('value$2,500.00');
    expect(totals).toHaveTextContent('24-hour change-$120.50');
    expect(totals).toHaveTextContent('1 position not counted: no value 24 hours ago');
    expect(totals).toHaveTextContent('total profit+$310.00');
    expect(totals).toHaveTextContent('2 positions not counted: deposits, prices or gas unknown');
    // Every kind is in the totals (issue 42, finding 2), and each kind's share is shown.
    const kinds = screen.getByRole('list', { name: 'by kind' });
    expect(kinds).toHaveTextContent('V2 farms (2): value $700.00, total profit +$10.00');
    expect(kinds).toHaveTextContent('V3 positions (1): value $1,800.00, total profit +$300.00');
  });
});
