import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { dualItem, farmAddress, lpItem } from '../testing/fixtures.ts';

describe("dashboard's tracked farms summary", () => {
  it("names each pair 'token0 / token1', as the farm cards and the LP tools tree do", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/quickswap/tracked-summary')
        return { body: { lp_mining: [lpItem()], dual_mining: [dualItem()] } };
      return undefined;
    });
    renderRoute('/dashboard');
    const lp = await screen.findByRole('list', { name: 'LP Mining farms' });
    expect(within(lp).getByRole('link', { name: 'WMATIC / USDC' })).toHaveAttribute(
      'href',
      `/quickswap/lp-mining/details/${farmAddress}`,
    );
    const dual = screen.getByRole('list', { name: 'Dual Mining farms' });
    const { token0, token1 } = dualItem().pool;
    expect(
      within(dual).getByRole('link', { name: `${token0.symbol} / ${token1.symbol}` }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^[A-Z]+-[A-Z]+$/)).not.toBeInTheDocument();
  });
});
