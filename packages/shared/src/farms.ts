import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { farmKindList } from './farm-kinds.ts';
import { positionBooksSchema } from './ledger.ts';

/**
 * Farm wire contracts (spec section 3 names, defined once). Conventions on the wire:
 * - shares are fractions 0..1 (the screen shows percentages);
 * - token amounts are exact decimal strings in whole tokens (`"12.5"`, never base units, never floats);
 * - USD figures are numbers, and `null` when unknown (shown as unknown, never $0.00);
 * - instants are ISO-8601 strings; `block_number` is the block every figure of a snapshot was read at.
 * Extra fields beside the spec's names are allowed (kind, reward tokens, apr, period_finish, block_number).
 */

/** A farm's kind on the wire (`kind`): the keys of the kinds table (farm-kinds.ts). */
export const farmKindSchema = z.enum(farmKindList);

const usd = z.number().nullable();
const share = z.number().nullable();
const amount = z.string();
const instant = z.string();

export const tokenRefSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});
export type TokenRef = z.infer<typeof tokenRefSchema>;

export const poolSnapshotSchema = z.object({
  total_liquidity_usd: usd,
  created_on: instant,
  reserve0: amount,
  reserve1: amount,
  total_supply: amount,
  /** USD per whole token0/token1 used for this snapshot (null when unknown). */
  price0_usd: usd,
  price1_usd: usd,
  block_number: z.number().int(),
});
export type PoolSnapshot = z.infer<typeof poolSnapshotSchema>;

export const poolSchema = z.object({
  address: z.string(),
  token0: tokenRefSchema,
  token1: tokenRefSchema,
  snapshot: poolSnapshotSchema.nullable(),
});
export type Pool = z.infer<typeof poolSchema>;

const farmSnapshotBase = {
  total_liquidity_usd: usd,
  share_of_pool: share,
  created_on: instant,
  /** A fraction (0.25 = 25 %); 0 once the period has finished; null when a price is unknown. */
  apr: z.number().nullable(),
  /** The farm's periodFinish as an instant (1970-01-01T00:00:00.000Z, i.e. 0, for a farm never funded). */
  period_finish: instant,
  /** True once periodFinish (non-zero: 0 means never funded) was at or before the snapshot block's time. */
  is_ended: z.boolean(),
  /** Farm total staked LP, whole LP tokens. */
  total_supply: amount,
  block_number: z.number().int(),
};

/** Liquidity-mining farm snapshot; `reward_rate` is whole reward tokens per second. */
export const lpFarmSnapshotSchema = z.object({ ...farmSnapshotBase, reward_rate: amount });
/** Dual-mining farm snapshot: both reward rates (whole tokens per second) and the paused flag. */
export const dualFarmSnapshotSchema = z.object({
  ...farmSnapshotBase,
  reward_rate_a: amount,
  reward_rate_b: amount,
  is_paused: z.boolean(),
});
export type LpFarmSnapshot = z.infer<typeof lpFarmSnapshotSchema>;
export type DualFarmSnapshot = z.infer<typeof dualFarmSnapshotSchema>;

const farmBase = {
  address: z.string(),
  /** The quickswap.exchange URL the farm was imported from. */
  url: z.string(),
  chain_id: z.number().int(),
};

export const lpFarmSchema = z.object({
  ...farmBase,
  kind: z.literal('lp'),
  reward_token: tokenRefSchema,
  snapshot: lpFarmSnapshotSchema.nullable(),
});
export const dualFarmSchema = z.object({
  ...farmBase,
  kind: z.literal('dual'),
  reward_token_a: tokenRefSchema,
  reward_token_b: tokenRefSchema,
  snapshot: dualFarmSnapshotSchema.nullable(),
});
export type LpFarm = z.infer<typeof lpFarmSchema>;
export type DualFarm = z.infer<typeof dualFarmSchema>;

/**
 * Where each price behind a figure came from (decision 021), by token address: 'pair', 'lair',
 * 'redenomination', 'hub' (its pair with WETH or another hub), 'pool' (the farm's own pair) or 'coinmarketcap' (chosen by the user); null when
 * unknown (points stored before issue 30).
 */
export const priceSourcesSchema = z.record(z.string(), z.string().nullable()).nullable();
export type TokenPriceSources = z.infer<typeof priceSourcesSchema>;

/** Marks on a history row or chart point: its price sources, and whether one differs from the point before. */
const priceSourceMarks = {
  price_sources: priceSourcesSchema.optional(),
  /** A token's price came from another source than in the point before: the figure may jump with no trade. */
  price_source_changed: z.boolean().optional(),
};

const positionBase = {
  ...priceSourceMarks,
  account_address: z.string(),
  /** USD value of the staked LP. */
  total_liquidity_usd: usd,
  /** Staked LP, whole LP tokens. */
  staked: amount,
  share_of_farm: share,
  created_on: instant,
  block_number: z.number().int(),
};

/** Account position snapshot (liquidity mining): `earned` in whole reward tokens. */
export const lpPositionSnapshotSchema = z.object({
  ...positionBase,
  earned: amount,
  earned_in_usd: usd,
});
/** Account position snapshot (dual mining). */
export const dualPositionSnapshotSchema = z.object({
  ...positionBase,
  earned_a: amount,
  earned_a_in_usd: usd,
  earned_b: amount,
  earned_b_in_usd: usd,
});
export type LpPositionSnapshot = z.infer<typeof lpPositionSnapshotSchema>;
export type DualPositionSnapshot = z.infer<typeof dualPositionSnapshotSchema>;

/** A tracked pair's automatic snapshots: when the next one is due, and the last failure if the last one failed. */
export const automaticSnapshotSchema = z.object({
  next_at: z.string(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type AutomaticSnapshot = z.infer<typeof automaticSnapshotSchema>;

/**
 * The history job of a tracked pair (issue 13): 'pending' | 'running' | 'done' | 'failed' |
 * 'unavailable' (the RPC has no archive state) | 'off' (BACKFILL_DAYS=0). `message` is the one line
 * to show ("building history: 34 of 90 days"), null once there is nothing to say.
 */
export const historyStatusSchema = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed', 'unavailable', 'off']),
  days_done: z.number().int(),
  days_total: z.number().int(),
  message: z.string().nullable(),
});
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/** Profit and loss of a position against holding (issue 13): numbers, or null where a price is unknown. */
export const returnsSchema = z.object({
  first_staked_on: z.string().nullable(),
  deposited_usd: z.number().nullable(),
  withdrawn_usd: z.number().nullable(),
  rewards_claimed_usd: z.number().nullable(),
  rewards_pending_usd: z.number().nullable(),
  value_usd: z.number().nullable(),
  hodl_value_usd: z.number().nullable(),
  pnl_usd: z.number().nullable(),
  il_usd: z.number().nullable(),
  il_percent: z.number().nullable(),
  /** Why a figure above is null, in one line (a price unknown at some block, no history yet); else null. */
  unknown_because: z.string().nullable().optional(),
  /** The position's one total profit (its books' `profit`, gas off), and why the figures above differ from it. */
  total_profit_usd: z.number().nullable().optional(),
  total_profit_note: z.string().nullable().optional(),
});
export type Returns = z.infer<typeof returnsSchema>;

/** One point of the detail's chart: position value, HODL value and cumulative rewards (USD) at a snapshot. */
export const returnsPointSchema = z.object({
  created_on: z.string(),
  block_number: z.number().int(),
  value_usd: z.number().nullable(),
  hodl_value_usd: z.number().nullable(),
  rewards_usd: z.number().nullable(),
  ...priceSourceMarks,
});
export type ReturnsPoint = z.infer<typeof returnsPointSchema>;

/**
 * Farm list item {farm, pool, farm_position_snapshot}. `account_address` says whose position it is
 * (null on the All list without an account); `farm_position_snapshot` is that account's latest, or null.
 */
export const lpFarmListItemSchema = z.object({
  farm: lpFarmSchema,
  pool: poolSchema,
  account_address: z.string().nullable(),
  farm_position_snapshot: lpPositionSnapshotSchema.nullable(),
  /** Present for a tracked (farm, account) pair once the scheduler knows it. */
  automatic_snapshot: automaticSnapshotSchema.nullable().optional(),
  history: historyStatusSchema.nullable().optional(),
});
export const dualFarmListItemSchema = z.object({
  farm: dualFarmSchema,
  pool: poolSchema,
  account_address: z.string().nullable(),
  farm_position_snapshot: dualPositionSnapshotSchema.nullable(),
  automatic_snapshot: automaticSnapshotSchema.nullable().optional(),
  history: historyStatusSchema.nullable().optional(),
});
export type LpFarmListItem = z.infer<typeof lpFarmListItemSchema>;
export type DualFarmListItem = z.infer<typeof dualFarmListItemSchema>;
export const farmListItemSchema = z.union([lpFarmListItemSchema, dualFarmListItemSchema]);
export type FarmListItem = z.infer<typeof farmListItemSchema>;

/** GET farmable-pools, get-tracked-pools, dual-mining/farms, dual-mining/tracked-farms: arrays of items. */
export const lpFarmListSchema = z.array(lpFarmListItemSchema);
export const dualFarmListSchema = z.array(dualFarmListItemSchema);

/**
 * GET /api/quickswap/farm/details/{address}?account=: the account's position history, newest first.
 * With `account` it is private to a user tracking that pair, and carries `returns`, `chart` (oldest
 * first) and `history`; without, pool and farm figures only (the position fields empty or null).
 */
const positionExtras = {
  returns: returnsSchema.nullable(),
  chart: z.array(returnsPointSchema),
  history: historyStatusSchema.nullable(),
  /** The accountant's figures of the account's position (issue 35); null without an account. */
  books: positionBooksSchema.nullable().optional(),
};
export const lpFarmDetailSchema = z.object({
  farm: lpFarmSchema,
  pool: poolSchema,
  account_address: z.string().nullable(),
  farm_position_snapshots: z.array(lpPositionSnapshotSchema),
  ...positionExtras,
});
export const dualFarmDetailSchema = z.object({
  farm: dualFarmSchema,
  pool: poolSchema,
  account_address: z.string().nullable(),
  farm_position_snapshots: z.array(dualPositionSnapshotSchema),
  ...positionExtras,
});
export const farmDetailSchema = z.union([lpFarmDetailSchema, dualFarmDetailSchema]);
export type FarmDetail = z.infer<typeof farmDetailSchema>;

export const farmDetailQuerySchema = z.strictObject({ account: hexAddressSchema.optional() });
export const farmListQuerySchema = z.strictObject({ account: hexAddressSchema.optional() });
/** DELETE /api/quickswap/tracked/{address}?wallet_address=&delete_history=: stop tracking a farm with a wallet. */
export const untrackQuerySchema = z.strictObject({
  wallet_address: hexAddressSchema,
  delete_history: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
});
export const untrackResponseSchema = z.object({
  untracked: z.literal(true),
  deleted_snapshots: z.number().int(),
});
export type UntrackResponse = z.infer<typeof untrackResponseSchema>;

/** GET /api/quickswap/farm/details/{address}/positions.csv?account=: whose positions (required). */
export const positionsCsvQuerySchema = z.strictObject({ account: hexAddressSchema });
export const addressParamsSchema = z.strictObject({ address: hexAddressSchema });

/** Tracking request (both products). */
export const trackFarmSchema = z.strictObject({
  farm_address: hexAddressSchema,
  wallet_address: hexAddressSchema,
});
export type TrackFarm = z.infer<typeof trackFarmSchema>;

/**
 * Tracking answer: the farm list item for that wallet. `is_new` is false when it was already tracked
 * (idempotent). `snapshot_error` carries why the first position snapshot could not be taken (the
 * tracking itself still stands; a refresh retries).
 */
export const trackLpFarmResponseSchema = z.object({
  is_new: z.boolean(),
  item: lpFarmListItemSchema,
  snapshot_error: z.string().nullable(),
});
export const trackDualFarmResponseSchema = z.object({
  is_new: z.boolean(),
  item: dualFarmListItemSchema,
  snapshot_error: z.string().nullable(),
});

/** POST /api/quickswap/create-snapshots (liquidity mining). */
export const createLpSnapshotsSchema = z.strictObject({
  address: hexAddressSchema,
  account_address: hexAddressSchema,
});
/** POST /api/quickswap/dual-mining/snapshots. */
export const createDualSnapshotsSchema = z.strictObject({
  farm_address: hexAddressSchema,
  account_address: hexAddressSchema,
});
/** POST /api/quickswap/token-snapshots (no body). */
export const tokenSnapshotsResponseSchema = z.object({
  count: z.number().int(),
  created_on: instant,
  block_number: z.number().int().nullable(),
});
export type TokenSnapshotsResponse = z.infer<typeof tokenSnapshotsResponseSchema>;

/** GET /api/lp-tools/tools. A product's name is a farm kind's route segment ('lp-mining', 'dual-mining'). */
export const toolFarmSchema = z.object({
  address: z.string(),
  pool: z.object({ token0: z.object({ symbol: z.string() }), token1: z.object({ symbol: z.string() }) }),
});
export const toolProductSchema = z.object({ name: z.string(), farms: z.array(toolFarmSchema) });
export const toolSchema = z.object({
  id: z.string(),
  name: z.string(),
  products: z.array(toolProductSchema),
});
export const toolsResponseSchema = z.object({ tools: z.array(toolSchema) });
export type ToolsResponse = z.infer<typeof toolsResponseSchema>;

/**
 * GET /api/quickswap/tracked-summary (bearer): every farm the user tracks, one item per (farm, wallet),
 * with that wallet's latest position. For the dashboard's LP summary and the blockchain page
 * (filter on `farm.chain_id`).
 */
/**
 * The V3 positions the user tracks (issue 34), for the dashboard's third section: how many, and the sum of
 * their newest snapshots' values. The sum counts the known values only; `unknown` says how many were left
 * out (no snapshot yet, or a token without a price); `value_usd` is null when none is known while some are
 * tracked. Absent from answers of servers before issue 34: none tracked.
 */
export const v3TrackedSummarySchema = z.object({
  count: z.number().int(),
  value_usd: usd,
  unknown: z.number().int(),
});
export type V3TrackedSummary = z.infer<typeof v3TrackedSummarySchema>;

export const trackedSummarySchema = z.object({
  lp_mining: lpFarmListSchema,
  dual_mining: dualFarmListSchema,
  v3_positions: v3TrackedSummarySchema.default({ count: 0, value_usd: 0, unknown: 0 }),
});
export type TrackedSummary = z.infer<typeof trackedSummarySchema>;

const portfolioTotals = {
  positions: z.number().int(),
  value_usd: z.number(),
  change_24h_usd: z.number(),
  /** Σ each position's one total profit (its books' `profit`: pending rewards in, gas out). */
  pnl_usd: z.number(),
  unknown: z.object({ value: z.number().int(), change_24h: z.number().int(), pnl: z.number().int() }),
};

/**
 * GET /api/quickswap/portfolio: the user's tracked positions of every kind (V2 farm stakes, V3 NFTs) added up,
 * each at its newest snapshot whose events are final (its books' moment). Each sum counts only the positions
 * whose figure is known; `unknown` says how many were left out of each (a price no source knew, no
 * snapshot 24 hours ago, no history of deposits), so an unknown part is never counted as zero. `kinds`: the
 * same sums per kind of position, which add up to the totals; `chains`: the same per chain (Polygon, Base: issue
 * 47), in order of first position.
 */
export const portfolioSchema = z.object({
  ...portfolioTotals,
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), ...portfolioTotals })).optional(),
  chains: z.array(z.object({ chain_id: z.number().int(), name: z.string(), ...portfolioTotals })).optional(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
