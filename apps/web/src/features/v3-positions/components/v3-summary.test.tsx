import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { snapshot, tokenId, trackedPosition } from '../testing/fixtures.ts';

const noV3 = { count: 0, value_usd: 0, unknown: 0 };

function openDashboard(positions: unknown[], v3Summary = noV3) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  installFakeFetch(({ path }) => {
    if (path === '/internal/token/session') return { body: validSession };
    if (path === '/quickswap/tracked-summary')
      return { body: { lp_mining: [], dual_mining: [], v3_positions: v3Summary } };
    if (path === '/quickswap/v3/tracked-positions') return { body: { positions } };
    return undefined;
  });
  return renderRoute('/dashboard');
}

describe("the dashboard's 'V3 positions' section", () => {
  it('is the third collapsible section of the Liquidity Provider summary, listing each tracked position', async () => {
    const unpriced = trackedPosition({
      id: 8,
      token_id: '4023',
      snapshot: snapshot({ value_usd: null, in_range: false }),
    });
    const { user } = openDashboard([trackedPosition(), unpriced], { count: 2, value_usd: 3.75, unknown: 1 });
    const toggle = await screen.findByRole('button', { name: 'V3 positions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sectionOrder = ['LP Mining farms', 'Dual Mining farms', 'V3 positions'].map((name) =>
      screen.getByRole('button', { name }),
    );
    expect(sectionOrder[1]!.compareDocumentPosition(sectionOrder[2]!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    // The count and value are the server's (the tracked summary), the unknown one left out and said.
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === '2 positions tracked, worth $3.75 (1 position without a known value)',
      ),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'V3 positions' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: `#${tokenId} WMATIC / USDC` })).toHaveAttribute(
      'href',
      `/quickswap/v3-positions/details/${tokenId}`,
    );
    expect(rows[0]).toHaveTextContent('tracked with 0x1234…5678');
    expect(rows[0]).toHaveTextContent('in range');
    expect(rows[0]).toHaveTextContent('$3.75');
    // A value no price source knew is unknown, never $0.
    expect(rows[1]).toHaveTextContent('out of range');
    expect(rows[1]).toHaveTextContent('unknown');
    expect(rows[1]).not.toHaveTextContent('$0.00');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'V3 positions' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when no V3 position is tracked', async () => {
    openDashboard([]);
    expect(await screen.findByText('you are not tracking any V3 positions yet')).toBeInTheDocument();
  });
});
