// The ledger's wire shapes as the books contract names them; replaced by @tidewatch/shared/ledger once it lands.

export type LedgerTokenAmount = {
  address: string;
  symbol: string;
  decimals: number;
  amount: string;
  amount_display: string;
};

export type LedgerKind =
  | 'stake'
  | 'withdraw'
  | 'reward'
  | 'opening_balance'
  | 'v3_deposit'
  | 'v3_withdraw'
  | 'v3_fees'
  | 'v3_reward'
  | 'fee_only';

export type LedgerRow = {
  id: string;
  position: {
    tool: 'lp' | 'dual' | 'v3';
    farm_address: string | null;
    token_id: string | null;
    label: string;
  };
  kind: LedgerKind;
  tx_hash: string;
  block_number: number;
  block_time: string;
  local_time: string;
  sent: LedgerTokenAmount[];
  received: LedgerTokenAmount[];
  underlying: LedgerTokenAmount[];
  counterparty: string | null;
  usd: number | null;
  usd_error: string | null;
  gas: {
    status: 'paid' | 'unknown' | 'not_paid' | 'none';
    fee_pol: string | null;
    fee_pol_display: string | null;
    fee_usd: number | null;
    pol_usd: number | null;
    gas_used: string | null;
    effective_gas_price: string | null;
  };
};

export type Ledger = {
  wallet: string;
  year: number | null;
  tz: string;
  final_block: number;
  rows: LedgerRow[];
};

type UsdList = { usd: number; usd_unknown_rows: number; row_ids: string[]; by_token: LedgerTokenAmount[] };

export type YearSummary = {
  wallet: string;
  year: number;
  tz: string;
  final_block: number;
  income: { token: LedgerTokenAmount; usd: number; usd_unknown_rows: number; row_ids: string[] }[];
  gas: {
    pol: string;
    pol_display: string;
    usd: number;
    unknown_rows: number;
    usd_unknown_rows: number;
    row_ids: string[];
  };
  deposits: UsdList;
  withdrawals: UsdList;
  rows: LedgerRow[];
};

export type PositionBooks = {
  as_of_block: number;
  prices: string;
  value_now_usd: number | null;
  deposited_usd: number | null;
  withdrawn_usd: number | null;
  rewards_income_usd: number | null;
  pending_rewards_usd: number | null;
  gas_pol: string;
  gas_usd: number | null;
  gas_unknown_rows: number;
  usd_unknown_rows: number;
  total_profit_usd: number | null;
};
