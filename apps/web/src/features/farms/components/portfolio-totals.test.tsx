import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

describe('portfolio totals on the dashboard', () => {
  it('adds up the known figures and says how many positions were left out, never counting them as $0', async () => {
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
    expect(totals).toHaveTextContent('profit and loss+$310.00');
    expect(totals).toHaveTextContent('2 positions not counted: deposits or prices unknown');
  });
});
