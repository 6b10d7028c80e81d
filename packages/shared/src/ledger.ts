import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { farmKindList } from './farm-kinds.ts';

/**
 * The books (issue 35): a wallet's ledger of farm and V3 position events with the gas each transaction
 * paid, a calendar year's summary, the exports tax tools read, and per-position figures. Wire conventions
 * as in farms.ts, stricter on amounts: every token amount carries its raw integer (`amount`) and the exact
 * decimal string of it (`amount_display`, never a float); USD numbers are null when unknown (never 0).
 */

/** Polygon's first year: no ledger row can be older. */
const ledgerFirstYear = 2020;

/** The export formats of GET /api/ledger.csv. */
const ledgerCsvFormats = ['koinly', 'cointracking', 'tidewatch'] as const;
export type LedgerCsvFormat = (typeof ledgerCsvFormats)[number];

/** True when the runtime knows `name` as an IANA time zone (Intl throws a RangeError otherwise). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar year it is at `now` in time zone `tz` (a user in Tokyo enters the new year first). */
export function currentYearIn(tz: string, now: Date = new Date()): number {
  const year = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric' }).format(now);
  return Number(year);
}

const tzSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone name such as UTC or Europe/Berlin')
  .default('UTC');

const yearSchema = z
  .string()
  .regex(/^\d{4}$/, 'must be a year of 4 digits')
  .transform(Number)
  .refine((year) => year >= ledgerFirstYear, `must be ${ledgerFirstYear} or later`);

/** A year after the current one in the query's time zone is refused (400 naming `year`). */
function yearNotInFuture(query: { year?: number | undefined; tz: string }, ctx: z.RefinementCtx): void {
  // Zod runs this refinement even when a field failed: a bad zone is the `tz` issue alone, never a throw.
  if (typeof query.year !== 'number' || typeof query.tz !== 'string' || !isTimeZone(query.tz)) return;
  const current = currentYearIn(query.tz);
  if (query.year > current) {
    ctx.addIssue({
      code: 'custom',
      path: ['year'],
      message: `must not be after ${current} (the year now in ${query.tz})`,
    });
  }
}

const ledgerQueryShape = {
  wallet: hexAddressSchema,
  /** Absent: every year. */
  year: yearSchema.optional(),
  tz: tzSchema,
};

/** GET /api/ledger?wallet=&year=&tz= and GET /api/ledger/summary (there `year` is required). */
export const ledgerQuerySchema = z.strictObject(ledgerQueryShape).superRefine(yearNotInFuture);
export const ledgerSummaryQuerySchema = z
  .strictObject({ ...ledgerQueryShape, year: yearSchema })
  .superRefine(yearNotInFuture);
/** GET /api/ledger.csv?wallet=&year=&format=&tz= (format defaults to the app's own columns). */
export const ledgerCsvQuerySchema = z
  .strictObject({ ...ledgerQueryShape, format: z.enum(ledgerCsvFormats).default('tidewatch') })
  .superRefine(yearNotInFuture);
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;
export type LedgerCsvQuery = z.infer<typeof ledgerCsvQuerySchema>;

/** An amount of one token: raw integer and its exact decimal string. */
const ledgerTokenAmountSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** Raw integer (smallest unit) as text. */
  amount: z.string(),
  /** The same, decimals applied, exact (e.g. '1.000000000000000001'). */
  amount_display: z.string(),
});
export type LedgerTokenAmount = z.infer<typeof ledgerTokenAmountSchema>;

const ledgerRowKinds = [
  'stake',
  'withdraw',
  'reward',
  'opening_balance',
  'v3_deposit',
  'v3_withdraw',
  'v3_fees',
  'v3_reward',
  'fee_only',
  // A recorded send read back from its receipt (issue 42): the LP burned at the pair for its two tokens, the
  // Dragon's Lair left (dQUICK out, QUICK in), old QUICK converted to new at 1:1000 (neither income nor disposal).
  'lp_removed',
  'lair_exit',
  'redenomination',
  // The vaults tool's positions (issue 45): tokens into a vault for its shares and back, shares staked and
  // unstaked (no value changes hands: they stay the wallet's), QUICK into the Dragon's Lair for dQUICK.
  'vault_deposit',
  'vault_withdraw',
  'vault_stake',
  'vault_unstake',
  'lair_enter',
  // A V3 position closed through Tidewatch (issue 46): its NFT burned; nothing moves.
  'v3_burn',
] as const;
export type LedgerRowKind = (typeof ledgerRowKinds)[number];

/**
 * The gas of a row's transaction, on its first row only: 'paid' (the wallet sent it), 'not_paid' (someone
 * else sent it), 'unknown' (its receipt could not be read yet: never counted as 0), 'none' (another row of
 * the same transaction carries it, or an opening balance).
 */
const ledgerGasSchema = z.object({
  status: z.enum(['paid', 'unknown', 'not_paid', 'none']),
  /** Wei, integer text. */
  fee_pol: z.string().nullable(),
  /** POL, exact decimal text. */
  fee_pol_display: z.string().nullable(),
  fee_usd: z.number().nullable(),
  pol_usd: z.number().nullable(),
  gas_used: z.string().nullable(),
  effective_gas_price: z.string().nullable(),
});
export type LedgerGas = z.infer<typeof ledgerGasSchema>;

/** One ledger row: one event of a position (or a transaction of the wallet no event explains). */
export const ledgerRowSchema = z.object({
  /** Stable: `${source}:${tx_hash}:${log_index}`, source 'v2' | 'v3' | 'tx'. */
  id: z.string(),
  /** The chain the transaction is on (issue 47: every ledger row and export names its chain). */
  chain: z.object({ id: z.number().int(), name: z.string() }),
  position: z.object({
    /** A V2 farm kind, 'v3' for a V3 position, 'vault' for a vault share, Dragon's Lair or syrup stake. */
    tool: z.enum([...farmKindList, 'v3' as const, 'vault' as const]),
    farm_address: z.string().nullable(),
    token_id: z.string().nullable(),
    label: z.string(),
  }),
  kind: z.enum(ledgerRowKinds),
  tx_hash: z.string(),
  block_number: z.number().int(),
  /** ISO-8601 UTC. */
  block_time: z.string(),
  /** The same instant in the query's time zone, 'YYYY-MM-DD HH:mm:ss'. */
  local_time: z.string(),
  /**
   * What left the wallet (stake: LP to the farm; V3 deposit: token0/token1; lp_removed: the LP burned;
   * lair_exit: dQUICK; redenomination: old QUICK).
   */
  sent: z.array(ledgerTokenAmountSchema),
  /**
   * What arrived (withdraw: LP back; reward: the reward token; V3 fees: the fee part of a Collect;
   * lp_removed: the pair's two tokens; lair_exit: QUICK; redenomination: new QUICK).
   */
  received: z.array(ledgerTokenAmountSchema),
  /** LP rows: the token0/token1 the LP stood for at its block; else empty. */
  underlying: z.array(ledgerTokenAmountSchema),
  /** The farm contract, position manager or farming center. */
  counterparty: z.string().nullable(),
  /** Worth at its block; null = unknown (`usd_error` says why). */
  usd: z.number().nullable(),
  usd_error: z.string().nullable(),
  gas: ledgerGasSchema,
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** Sums over rows: known USD parts summed, rows with an unknown part counted apart (never as 0). */
const ledgerTotalsSchema = z.object({
  rows: z.number().int(),
  /** Income (rewards, V3 fees) whose USD is known (0 when there is none); rows of unknown USD counted apart. */
  income_usd: z.number().nullable(),
  income_usd_unknown_rows: z.number().int(),
  /** Gas the wallet paid, wei integer text and POL exact decimal. */
  gas_pol: z.string(),
  gas_pol_display: z.string(),
  gas_usd: z.number(),
  /** Transactions whose receipt is unknown. */
  gas_unknown_rows: z.number().int(),
  /** Transactions whose gas is known in POL but not in USD. */
  gas_usd_unknown_rows: z.number().int(),
  deposits_usd: z.number(),
  withdrawals_usd: z.number(),
  /** Rows whose USD is unknown. */
  usd_unknown_rows: z.number().int(),
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

/** GET /api/ledger: the rows (chain order) and their totals. */
export const ledgerSchema = z.object({
  wallet: z.string(),
  /** Null: every year. */
  year: z.number().int().nullable(),
  tz: z.string(),
  /** The newest block the rows were read up to (the history's scanned block); 0 before any. */
  final_block: z.number().int(),
  rows: z.array(ledgerRowSchema),
  totals: ledgerTotalsSchema,
});
export type Ledger = z.infer<typeof ledgerSchema>;

const rowIds = z.array(z.string());

/** GET /api/ledger/summary: a calendar year's income by token, gas, deposits and withdrawals, and the rows behind each. */
export const yearSummarySchema = z.object({
  wallet: z.string(),
  year: z.number().int(),
  tz: z.string(),
  final_block: z.number().int(),
  income: z.array(
    z.object({
      token: ledgerTokenAmountSchema,
      usd: z.number(),
      usd_unknown_rows: z.number().int(),
      row_ids: rowIds,
    }),
  ),
  gas: z.object({
    pol: z.string(),
    pol_display: z.string(),
    usd: z.number(),
    unknown_rows: z.number().int(),
    usd_unknown_rows: z.number().int(),
    row_ids: rowIds,
  }),
  deposits: z.object({
    usd: z.number(),
    usd_unknown_rows: z.number().int(),
    row_ids: rowIds,
    by_token: z.array(ledgerTokenAmountSchema),
  }),
  withdrawals: z.object({
    usd: z.number(),
    usd_unknown_rows: z.number().int(),
    row_ids: rowIds,
    by_token: z.array(ledgerTokenAmountSchema),
  }),
  rows: z.array(ledgerRowSchema),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;

/**
 * A position's one profit at one snapshot (issue 42): the figure the returns, the books, the dashboard and the
 * CSV exports all show for that position and moment, with its parts named:
 *   total profit = value now + withdrawn + claimed rewards + pending rewards − deposited − gas
 * V3's swap fees (`fees_usd`: collected + uncollected) are already inside withdrawn and value now, named apart.
 * Each figure null when a part is unknown; `unknown_because` says why total profit is unknown though its parts
 * are known (events not final yet, an NFT transferred).
 */
export const positionProfitSchema = z.object({
  as_of_block: z.number().int(),
  value_now_usd: z.number().nullable(),
  deposited_usd: z.number().nullable(),
  withdrawn_usd: z.number().nullable(),
  claimed_rewards_usd: z.number().nullable(),
  pending_rewards_usd: z.number().nullable(),
  fees_usd: z.number().nullable().optional(),
  gas_usd: z.number().nullable(),
  total_profit_usd: z.number().nullable(),
  unknown_because: z.string().nullable(),
});
export type PositionProfit = z.infer<typeof positionProfitSchema>;

/**
 * A position's books (the farm detail's and the V3 position history's `books`):
 *   total profit = value now + withdrawn + rewards claimed − deposited − gas (rotki's "vs USD"): `profit`'s
 *   total without the rewards not yet claimed (an accountant counts a reward once it is claimed)
 * Each figure null when a part is unknown; `prices` says which prices each figure used.
 */
export const positionBooksSchema = z.object({
  /** The newest snapshot's block: value now and pending rewards are read there. */
  as_of_block: z.number().int(),
  /** Which prices each figure used, in one sentence. */
  prices: z.string(),
  /**
   * The position at its newest snapshot: V2 the staked LP's worth, V3 its liquidity plus uncollected fees.
   * Pending rewards are not in it (`pending_rewards_usd`, apart, not in the total profit).
   */
  value_now_usd: z.number().nullable(),
  deposited_usd: z.number().nullable(),
  withdrawn_usd: z.number().nullable(),
  /** Claims, each at its block's price. */
  rewards_income_usd: z.number().nullable(),
  pending_rewards_usd: z.number().nullable(),
  /** Gas the wallet paid for this position's transactions: wei integer text. */
  gas_pol: z.string(),
  gas_usd: z.number().nullable(),
  /** Transactions whose receipt is unknown. */
  gas_unknown_rows: z.number().int(),
  /** Events whose USD is unknown. */
  usd_unknown_rows: z.number().int(),
  total_profit_usd: z.number().nullable(),
  /** The one profit of the same snapshot, pending rewards included (issue 42). */
  profit: positionProfitSchema.optional(),
});
export type PositionBooks = z.infer<typeof positionBooksSchema>;
