import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { newQuickAddress, oldQuickAddress, quickListings } from '../../../test/quick-listings.ts';
import { PriceConfirmation } from './price-confirmation.tsx';

// Issue 30, finding 2: two CoinMarketCap listings of one symbol must be told apart in the price step.
const quick = oldQuickAddress;
const data = {
  price_source: 'coinmarketcap',
  token0_data: { address: quick, symbol: 'QUICK', name: 'Quickswap', decimals: 18, price_usd: 39.8 },
  token1_data: { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', symbol: 'WMATIC', price_usd: 0.5 },
  token0_choices: quickListings,
  token1_choices: [],
};

describe('the price step', () => {
  it("shows each listing's Polygon contract and price beside the on-chain price, and marks the token's own", () => {
    const onConfirm = vi.fn();
    render(
      <PriceConfirmation data={data} roles={['token0', 'token1']} isSending={false} onConfirm={onConfirm} />,
    );
    const group = screen.getByRole('group', { name: /token0 \(QUICK\)/ });
    expect(within(group).getByText(/on-chain price: \$39\.80/)).toBeTruthy();
    const old = within(group).getByRole('radio', { name: /QuickSwap \[Old\]/ });
    const other = within(group).getByRole('radio', { name: /QuickSwap \(QUICK\)/ });
    expect(old.closest('label')?.textContent).toContain(quick);
    expect(old.closest('label')?.textContent).toContain('$40.00');
    expect(old.closest('label')?.textContent).toContain("this token's contract");
    expect(other.closest('label')?.textContent).toContain(newQuickAddress);
    expect(other.closest('label')?.textContent).toContain('$0.04');
    expect(other.closest('label')?.textContent).not.toContain("this token's contract");
    // The on-chain price is chosen unless the person picks a listing.
    expect(within(group).getByRole('radio', { name: /on-chain price/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'confirm price data' }));
    expect(onConfirm).toHaveBeenCalledWith({});
    fireEvent.click(old);
    fireEvent.click(screen.getByRole('button', { name: 'confirm price data' }));
    expect(onConfirm).toHaveBeenLastCalledWith({
      token0: { coinmarketcap_id: 8206, coinmarketcap_slug: 'quickswap-old' },
    });
  });
});
