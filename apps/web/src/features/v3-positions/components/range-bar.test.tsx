import { render, screen, within } from '@testing-library/react';
import type { V3Position } from '@tidewatch/shared/v3-positions';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/provider.tsx';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { fullRangePosition, position, tokenId, trackedPosition, walletAddress } from '../testing/fixtures.ts';
import { PositionCard } from './position-card.tsx';

/** One card of the 'All' list, as the list renders it. */
function renderCard(shown: V3Position) {
  installFakeFetch();
  const router = createMemoryRouter([
    { path: '/', element: <PositionCard position={shown} walletAddress={walletAddress} /> },
  ]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return screen.getByRole('article', { name: `position #${shown.token_id} WMATIC / USDC` });
}

/** Where the bar's marker sits, in % of its width. */
const markerOf = (card: HTMLElement) =>
  Number.parseFloat(within(card).getByTestId('range-marker').style.left);

const outOfRange = (price: string) => {
  const base = position({ token_id: '4030', in_range: false });
  return { ...base, pool: { ...base.pool, price } };
};

describe("a position card's range bar", () => {
  it('shows the range with the price inside it, and how far the price is from each edge', () => {
    const card = renderCard(position());
    expect(within(card).getByText('25.00% above the lower edge · 16.67% below the upper edge')).toBeVisible();
    expect(within(card).getByText('now 0.5 USDC per WMATIC')).toBeInTheDocument();
    expect(within(card).getByText('0.4')).toBeInTheDocument();
    expect(within(card).getByText('0.6')).toBeInTheDocument();
    expect(
      within(card).getByRole('img', {
        name: 'range 0.4 – 0.6 USDC per WMATIC, now 0.5: 25.00% above the lower edge · 16.67% below the upper edge',
      }),
    ).toBeInTheDocument();
    expect(markerOf(card)).toBeGreaterThan(20);
    expect(markerOf(card)).toBeLessThan(80);
  });

  it('says a price below the range is out of range, by how much, with the marker left of the band', () => {
    const card = renderCard(outOfRange('0.35'));
    expect(within(card).getByText('out of range: 12.50% below the lower edge')).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: /^range 0\.4 – 0\.6 USDC per WMATIC, now 0\.35: out of range/ }),
    ).toBeInTheDocument();
    expect(markerOf(card)).toBeLessThan(20);
  });

  it('puts a price far above the range at the bar’s end', () => {
    const card = renderCard(outOfRange('6'));
    expect(within(card).getByText('out of range: 900.00% above the upper edge')).toBeInTheDocument();
    expect(markerOf(card)).toBe(100);
  });

  it("says 'full range' for a range at the extreme ticks, with no 40-digit edges", () => {
    const card = renderCard(fullRangePosition());
    expect(within(card).getByText('full range: in range at every price')).toBeInTheDocument();
    expect(within(card).getByText('∞')).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/338,?492|0\.0000/);
  });
});

describe("a tracked position card's range bar", () => {
  const logIn = () => window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  const fakeApi = (tracked = trackedPosition()) =>
    installFakeFetch(({ path }) =>
      path === '/quickswap/v3/tracked-positions' ? { body: { positions: [tracked] } } : undefined,
    );

  it("shows the range from the tracked list's own answer at the newest snapshot's price (its tick), with no other query", async () => {
    logIn();
    const calls = fakeApi();
    renderRoute('/quickswap/v3-positions');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    // The snapshot's tick -283000 is 0.51297 USDC per WMATIC (1.0001^tick × 10^(18 − 6)), in [0.4, 0.6).
    expect(within(card).getByText('now 0.5129 USDC per WMATIC')).toBeInTheDocument();
    expect(within(card).getByText('28.24% above the lower edge · 14.51% below the upper edge')).toBeVisible();
    expect(within(card).getByText('0.4')).toBeInTheDocument();
    expect(within(card).getByText('0.6')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/quickswap/v3/')).map((call) => call.path)).toEqual([
      '/quickswap/v3/tracked-positions',
    ]);
  });

  it('shows none before the first snapshot: there is no price to place on it yet', async () => {
    logIn();
    fakeApi(trackedPosition({ snapshot: null }));
    renderRoute('/quickswap/v3-positions');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    expect(card).toHaveTextContent('no snapshot yet');
    expect(within(card).queryByRole('img', { name: /^range / })).not.toBeInTheDocument();
  });
});
