import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { farmKindList } from './farm-kinds.ts';
import { ledgerRowSchema, positionBooksSchema } from './ledger.ts';
import { merklRewardsSchema, positionReturnsSchema } from './v3-positions.ts';

/**
 * GET /api/chains: each chain and whether this instance reads it. `status`: 'on' (configured, its contracts
 * checked on chain), 'off' (no RPC configured: `reason` names the variable), 'refused' (a configured address is
 * not what the registry says it is, or the RPC answers another chain: `reason` says which) or 'checking' (the
 * start-up check has not answered yet, or its RPC could not be reached: it is tried again).
 */
const chainStatusSchema = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  status: z.enum(['on', 'off', 'refused', 'checking']),
  reason: z.string().nullable(),
  products: z.array(z.enum(['v2', 'v3', 'v4', 'farms', 'syrups', 'vaults'])),
  explorer_url: z.string(),
  native_symbol: z.string(),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export const chainsAnswerSchema = z.object({ chains: z.array(chainStatusSchema) });
export type ChainsAnswer = z.infer<typeof chainsAnswerSchema>;

const tokenAmount = z.object({
  token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** Whole tokens, exact (the chain's integer amount with the token's decimals). */
  amount: z.string(),
  /** null: the token has no price on this chain (never 0 for unknown). */
  usd: z.number().nullable(),
});

/**
 * A concentrated-liquidity position: QuickSwap V4 (Algebra Integral) on Base, V3 (Algebra V1.0) on Polygon. Its pool
 * (a custom pool names its deployer), range and amounts.
 */
const integralPositionSchema = z.object({
  token_id: z.string(),
  /** Deposited in Algebra farming (Polygon's FarmingCenter holds the NFT for the wallet). */
  is_farmed: z.boolean(),
  pool: z.string(),
  /** A custom pool's deployer (its salt holds it); null for the factory's own pools. */
  custom_deployer: z.string().nullable(),
  tick_lower: z.number().int(),
  tick_upper: z.number().int(),
  current_tick: z.number().int(),
  in_range: z.boolean(),
  liquidity: z.string(),
  /** What the liquidity stands for at the pool's price now (a burn's rounding). */
  amounts: z.tuple([tokenAmount, tokenAmount]),
  /** Uncollected fees: tokens owed plus the fee growth inside the range since the last collect. */
  fees: z.tuple([tokenAmount, tokenAmount]),
  value_usd: z.number().nullable(),
});

/** LP of a QuickSwap V2 pair held in the wallet: its share of the reserves. */
const v2HoldingSchema = z.object({
  pair: z.string(),
  lp_balance: z.string(),
  amounts: z.tuple([tokenAmount, tokenAmount]),
  value_usd: z.number().nullable(),
});

/** QUICK staked in a syrup pool: the stake, what it earned, and whether the pool still pays. */
const syrupHoldingSchema = z.object({
  pool: z.string(),
  staked: tokenAmount,
  earned: tokenAmount,
  ends_at: z.string(),
  has_ended: z.boolean(),
  value_usd: z.number().nullable(),
});

/** LP staked in a QuickSwap V2 farm (single or dual rewards): what the LP stands for, what it earned, its end. */
const farmStakeSchema = z.object({
  farm: z.string(),
  kind: z.enum(farmKindList),
  /** Whole LP tokens staked, exact. */
  staked_lp: z.string(),
  /** The staked LP's share of the pair's reserves. */
  amounts: z.tuple([tokenAmount, tokenAmount]),
  /** Rewards earned, A then B on a dual farm. */
  earned: z.array(tokenAmount),
  ends_at: z.string(),
  has_ended: z.boolean(),
  value_usd: z.number().nullable(),
});

/**
 * GET /api/quickswap/chains/:chain_id/holdings?wallet_address=: what a wallet holds in QuickSwap on one chain, all
 * read at `block_number` (one request to the chain), every figure naming its chain.
 */
export const chainHoldingsSchema = z.object({
  chain_id: z.number().int(),
  chain_name: z.string(),
  wallet_address: z.string(),
  block_number: z.string(),
  block_timestamp: z.string(),
  /** Algebra Integral positions (Base). */
  v4_positions: z.array(integralPositionSchema),
  /** Algebra V1.0 positions, held or farmed (Polygon). */
  v3_positions: z.array(integralPositionSchema),
  v2_positions: z.array(v2HoldingSchema),
  /** LP staked in V2 farms (Polygon's farm index). */
  farms: z.array(farmStakeSchema),
  syrups: z.array(syrupHoldingSchema),
  /** Everything above added up; null when a non-zero amount has no price. */
  total_usd: z.number().nullable(),
  /**
   * The wallet's Merkl rewards on this chain, claimable at Merkl (not in `total_usd`, as the V3 tool keeps them
   * apart): pending = Merkl's cumulative amount − the chain's distributor's `claimed`. Read by the tool's own
   * read of a chain beside Polygon (the V3 tool shows Polygon's); absent from snapshots and from Polygon's answer.
   */
  merkl: merklRewardsSchema.nullable().optional(),
});
export type ChainHoldings = z.infer<typeof chainHoldingsSchema>;
export type IntegralPosition = z.infer<typeof integralPositionSchema>;

export const chainIdParamsSchema = z.strictObject({
  chain_id: z.coerce
    .number({ error: 'must be a chain id' })
    .int('must be a chain id')
    .positive('must be a chain id'),
});
export const chainHoldingsQuerySchema = z.strictObject({ wallet_address: hexAddressSchema });

/** POST /api/quickswap/chains/:chain_id/tracked: track one of the user's wallets on that chain. */
export const trackChainWalletBodySchema = z.strictObject({ wallet_address: hexAddressSchema });
export const trackedChainWalletIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'must be a tracking id' })
    .int('must be a tracking id')
    .positive('must be a tracking id'),
});

/**
 * A wallet the user tracks on a chain beside Polygon: what it holds in QuickSwap there joins the portfolio, taken
 * at `snapshot`'s block (its total; the positions as 'Every chain' lists them), followed automatically after.
 */
export const trackedChainWalletSchema = z.object({
  id: z.number().int(),
  chain_id: z.number().int(),
  chain_name: z.string(),
  wallet_address: z.string(),
  tracked_at: z.string(),
  snapshot: z
    .object({
      block_number: z.string(),
      created_on: z.string(),
      total_usd: z.number().nullable(),
      positions: z.number().int(),
    })
    .nullable(),
  /** Why the last automatic snapshot failed (the chain unreachable, say), and when; null after a success. */
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type TrackedChainWallet = z.infer<typeof trackedChainWalletSchema>;

/** GET /api/quickswap/chains/tracked: the user's tracked wallets on every chain beside Polygon. */
export const trackedChainWalletsSchema = z.object({ wallets: z.array(trackedChainWalletSchema) });
export type TrackedChainWallets = z.infer<typeof trackedChainWalletsSchema>;

/**
 * A V4 position of a tracked wallet with its books (V3's: deposits, withdrawals, fees, gas and the one profit, as of
 * the newest snapshot whose events are final) and their rows, each naming its chain. `books` is null while the
 * position's history is still being read (`books_note` says so).
 */
const chainPositionBooksSchema = z.object({
  token_id: z.string(),
  /** 'WETH-USDC V4 #3 on Base'. */
  label: z.string(),
  books: positionBooksSchema.nullable(),
  /** Against holding its tokens (V3's returns, of the books' snapshot): the pool's part, fees earned. */
  returns: positionReturnsSchema.nullable(),
  books_note: z.string().nullable(),
  /** The position's ledger rows (deposits, withdrawals, fees collected), chain order. */
  rows: z.array(ledgerRowSchema),
});

/**
 * GET /api/quickswap/chains/tracked/:id/history: a tracked wallet's snapshots on its chain, newest first (at most
 * 100): its total then (null when a price was unknown) and how many positions it held; and the books of each V4
 * position it holds (gas in `native_symbol`, the chain's native token).
 */
export const chainWalletHistorySchema = z.object({
  id: z.number().int(),
  chain_name: z.string(),
  native_symbol: z.string(),
  positions: z.array(chainPositionBooksSchema),
  points: z.array(
    z.object({
      block_number: z.string(),
      created_on: z.string(),
      total_usd: z.number().nullable(),
      positions: z.number().int(),
    }),
  ),
});
export type ChainWalletHistory = z.infer<typeof chainWalletHistorySchema>;
