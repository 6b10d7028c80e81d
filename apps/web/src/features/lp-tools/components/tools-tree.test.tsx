import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

const lpFarm = '0x1111111111111111111111111111111111111111';
const dualFarm = '0x3333333333333333333333333333333333333333';
const tools = {
  tools: [
    {
      id: 'quickswap',
      name: 'Quickswap',
      products: [
        {
          name: 'lp-mining',
          farms: [{ address: lpFarm, pool: { token0: { symbol: 'WMATIC' }, token1: { symbol: 'USDC' } } }],
        },
        {
          name: 'dual-mining',
          farms: [{ address: dualFarm, pool: { token0: { symbol: 'WETH' }, token1: { symbol: 'MYST' } } }],
        },
      ],
    },
  ],
};

function open(url: string) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  installFakeFetch(({ path }) => {
    if (path === '/internal/token/session') return { body: validSession };
    if (path === '/lp-tools/tools') return { body: tools };
    return undefined;
  });
  return renderRoute(url);
}

describe('LP tools screen', () => {
  it("lists tools, products with 'add' and farms labelled 'token0 / token1' linking to their view", async () => {
    const { user, router } = open('/lp-tools/view/quickswap');
    const tree = await screen.findByRole('navigation', { name: 'LP tools' });
    expect(within(tree).getByRole('link', { name: 'Quickswap' })).toHaveAttribute(
      'href',
      '/lp-tools/view/quickswap',
    );
    expect(within(tree).getByRole('link', { name: 'WMATIC / USDC' })).toHaveAttribute(
      'href',
      `/lp-tools/view/quickswap/lp-mining/${lpFarm}`,
    );
    expect(within(tree).getByRole('link', { name: 'WETH / MYST' })).toHaveAttribute(
      'href',
      `/lp-tools/view/quickswap/dual-mining/${dualFarm}`,
    );
    // The tool's view lists its products and farms on the right.
    expect(screen.getByRole('heading', { name: 'Quickswap' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'dual-mining' })).toBeInTheDocument();

    await user.click(within(tree).getByRole('button', { name: 'add dual-mining farm' }));
    expect(router.state.location.pathname).toBe('/lp-tools/add/quickswap/dual-mining');
    expect(await screen.findByRole('region', { name: 'dual-mining import wizard' })).toBeInTheDocument();
  });

  it("shows 'no guides' for anything it has no guide for", async () => {
    open('/lp-tools/add/uniswap/lp-mining');
    expect(await screen.findByText('no guides')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'LP tools' })).toBeInTheDocument();
  });
});
