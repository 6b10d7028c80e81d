import type { LedgerRow, LedgerTokenAmount, PositionBooks, YearSummary } from '@tidewatch/shared/ledger';

export const walletAddress = '0x1234567890AbcdEF1234567890aBcdef12345678';
const farmAddress = '0xf0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0';
const lpAddress = '0x1111111111111111111111111111111111111111';
const dQuickAddress = '0x958d208Cdf087843e9AD98d23823d32E17d723A1';
const hash = (digit: string) => `0x${digit.repeat(64)}`;

const lp = (display: string, raw: string): LedgerTokenAmount => ({
  address: lpAddress,
  symbol: 'WMATIC-USDC LP',
  decimals: 18,
  amount: raw,
  amount_display: display,
});
const dQuick = (display: string, raw: string): LedgerTokenAmount => ({
  address: dQuickAddress,
  symbol: 'dQUICK',
  decimals: 18,
  amount: raw,
  amount_display: display,
});

const noGas: LedgerRow['gas'] = {
  status: 'none',
  fee_pol: null,
  fee_pol_display: null,
  fee_usd: null,
  pol_usd: null,
  gas_used: null,
  effective_gas_price: null,
};
const unknownGas: LedgerRow['gas'] = { ...noGas, status: 'unknown' };
/** Gas paid: `gasUsed` × `price` wei, POL at `polUsd`. */
function paidGas(
  gasUsed: bigint,
  price: bigint,
  display: string,
  polUsd: number,
  feeUsd: number,
): LedgerRow['gas'] {
  return {
    status: 'paid',
    fee_pol: String(gasUsed * price),
    fee_pol_display: display,
    fee_usd: feeUsd,
    pol_usd: polUsd,
    gas_used: String(gasUsed),
    effective_gas_price: String(price),
  };
}

/** One V2 row of the LP farm, as the ledger answers it. */
export function ledgerRow(
  row: Pick<LedgerRow, 'kind' | 'tx_hash' | 'local_time'> & Partial<LedgerRow>,
): LedgerRow {
  return {
    id: `v2:${row.tx_hash}:0`,
    chain: { id: 137, name: 'Polygon' },
    position: { tool: 'lp', farm_address: farmAddress, token_id: null, label: 'WMATIC / USDC LP farm' },
    block_number: 1000,
    block_time: `${row.local_time.replace(' ', 'T')}.000Z`,
    sent: [],
    received: [],
    underlying: [],
    counterparty: farmAddress,
    usd: null,
    usd_error: null,
    gas: noGas,
    ...row,
  };
}

/** 2025: a stake, two claims (one without a price, its gas unknown) and a withdraw whose receipt is unknown. */
export const rows2025 = {
  stake: ledgerRow({
    kind: 'stake',
    tx_hash: hash('a'),
    local_time: '2025-02-01 10:00:00',
    sent: [lp('2', '2000000000000000000')],
    usd: 100.5,
    // 70,000 gas at 30 gwei = 0.0021 POL, POL at $0.20.
    gas: paidGas(70_000n, 30_000_000_000n, '0.0021', 0.2, 0.00042),
  }),
  claim: ledgerRow({
    kind: 'reward',
    tx_hash: hash('b'),
    local_time: '2025-06-01 12:00:00',
    received: [dQuick('1.5', '1500000000000000000')],
    usd: 30,
    // 100,000 gas at 100 gwei = 0.01 POL, POL at $0.25.
    gas: paidGas(100_000n, 100_000_000_000n, '0.01', 0.25, 0.0025),
  }),
  unpricedClaim: ledgerRow({
    kind: 'reward',
    tx_hash: hash('c'),
    local_time: '2025-07-01 12:00:00',
    received: [dQuick('0.5', '500000000000000000')],
    usd: null,
    usd_error: 'no price for dQUICK at block 1000',
    gas: unknownGas,
  }),
  withdraw: ledgerRow({
    kind: 'withdraw',
    tx_hash: hash('d'),
    local_time: '2025-12-31 23:30:00',
    received: [lp('1', '1000000000000000000')],
    usd: 60,
    gas: unknownGas,
  }),
};

/** The year summary the server answers for `rows2025`, its sums written out by hand. */
export function summary2025(overrides: Partial<YearSummary> = {}): YearSummary {
  const { stake, claim, unpricedClaim, withdraw } = rows2025;
  return {
    wallet: walletAddress.toLowerCase(),
    year: 2025,
    tz: 'UTC',
    final_block: 5000,
    income: [
      {
        token: dQuick('2', '2000000000000000000'),
        usd: 30,
        usd_unknown_rows: 1,
        row_ids: [claim.id, unpricedClaim.id],
      },
    ],
    gas: {
      pol: '12100000000000000',
      pol_display: '0.0121',
      usd: 0.00292,
      unknown_rows: 2,
      usd_unknown_rows: 0,
      row_ids: [stake.id, claim.id, unpricedClaim.id, withdraw.id],
    },
    deposits: {
      usd: 100.5,
      usd_unknown_rows: 0,
      row_ids: [stake.id],
      by_token: [lp('2', '2000000000000000000')],
    },
    withdrawals: {
      usd: 60,
      usd_unknown_rows: 0,
      row_ids: [withdraw.id],
      by_token: [lp('1', '1000000000000000000')],
    },
    rows: [stake, claim, unpricedClaim, withdraw],
    ...overrides,
  };
}

/** A year with no rows. */
export function emptySummary(year: number, tz = 'UTC'): YearSummary {
  return {
    wallet: walletAddress.toLowerCase(),
    year,
    tz,
    final_block: 5000,
    income: [],
    gas: { pol: '0', pol_display: '0', usd: 0, unknown_rows: 0, usd_unknown_rows: 0, row_ids: [] },
    deposits: { usd: 0, usd_unknown_rows: 0, row_ids: [], by_token: [] },
    withdrawals: { usd: 0, usd_unknown_rows: 0, row_ids: [], by_token: [] },
    rows: [],
  };
}

/** A position's books with every figure known. */
export function positionBooks(overrides: Partial<PositionBooks> = {}): PositionBooks {
  return {
    as_of_block: 5000,
    prices:
      'value now at block 5000 by the pool reserves; each claim, deposit and withdrawal at its own block',
    value_now_usd: 50,
    deposited_usd: 100.5,
    withdrawn_usd: 60,
    rewards_income_usd: 30,
    pending_rewards_usd: 2.5,
    gas_pol: '12100000000000000',
    gas_usd: 0.00292,
    gas_unknown_rows: 0,
    usd_unknown_rows: 0,
    total_profit_usd: 39.49708,
    ...overrides,
  };
}
