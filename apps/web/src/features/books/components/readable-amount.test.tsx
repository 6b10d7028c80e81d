import { render, screen, within } from '@testing-library/react';
import type { LedgerRow, LedgerTokenAmount } from '@tidewatch/shared/ledger';
import { describe, expect, it } from 'vitest';
import { emptySummary, ledgerRow } from '../testing/fixtures.ts';
import { LedgerTable } from './ledger-table.tsx';
import { readableAmount } from './readable-amount.ts';
import { YearSummaryPanel } from './year-summary.tsx';

// Issue 42, finding 6: the books showed amounts with all 18 decimals. They read rounded; the exact amount
// (as the API and the CSVs keep it) is the title beside the figure.

describe('readableAmount', () => {
  it.each([
    ['3.000000000000000007', '3'],
    ['0.001000000000000007', '0.001'],
    ['0.000070710678118654', '0.0000707107'],
    ['1234567.1234565', '1,234,567.123457'],
    ['0.9999999999', '1'],
    ['12.5', '12.5'],
    ['0', '0'],
    ['-2.0000004', '-2'],
    ['123', '123'],
  ])('%s reads %s', (exact, shown) => {
    expect(readableAmount(exact)).toBe(shown);
  });

  it('returns what is not a plain decimal as it came', () => {
    expect(readableAmount('unknown')).toBe('unknown');
  });
});

const dQuickOld = (display: string, raw: string): LedgerTokenAmount => ({
  address: '0xf28164A485B0B2C90639E47b0f377b4a438a16B1',
  symbol: 'dQUICK (old)',
  decimals: 18,
  amount: raw,
  amount_display: display,
});

const claim: LedgerRow = ledgerRow({
  kind: 'reward',
  tx_hash: `0x${'c'.repeat(64)}`,
  local_time: '2025-05-01 08:00:00',
  received: [dQuickOld('3.000000000000000007', '3000000000000000007')],
  usd: 30,
  gas: {
    status: 'paid',
    fee_pol: '1000000000000007',
    fee_pol_display: '0.001000000000000007',
    fee_usd: 0.0005,
    pol_usd: 0.5,
    gas_used: '21000',
    effective_gas_price: '47619047619',
  },
});

describe('the books show amounts rounded for reading, the exact amount in a title', () => {
  it('a ledger row: its received amount and its gas', () => {
    render(<LedgerTable rows={[claim]} timeZone="UTC" />);
    const [, row] = screen.getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    const received = cells.find((cell) => cell.textContent?.startsWith('received:'))!;
    expect(received).toHaveTextContent('received: 3 dQUICK (old)');
    expect(received).toHaveAttribute('title', '3.000000000000000007 dQUICK (old)');
    const gas = cells.find((cell) => cell.textContent?.startsWith('gas:'))!;
    expect(gas).toHaveTextContent('gas: 0.001 POL (< $0.01)');
    expect(gas).toHaveAttribute('title', '0.001000000000000007 POL (< $0.01)');
    // Nothing to add where the figure is shown whole.
    const sent = cells.find((cell) => cell.textContent?.startsWith('sent:'))!;
    expect(sent).not.toHaveAttribute('title');
  });

  it("a year's income figure", () => {
    const summary = {
      ...emptySummary(2025),
      income: [
        {
          token: dQuickOld('3.000000000000000007', '3000000000000000007'),
          usd: 30,
          usd_unknown_rows: 0,
          row_ids: [claim.id],
        },
      ],
      rows: [claim],
    };
    render(<YearSummaryPanel summary={summary} />);
    const figure = screen.getByText('3 dQUICK (old) ($30.00)');
    expect(figure).toHaveAttribute('title', '3.000000000000000007 dQUICK (old) ($30.00)');
  });
});
