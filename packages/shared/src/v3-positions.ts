import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { tokenRefSchema } from './farms.ts';
import { positionBooksSchema } from './ledger.ts';

/**
 * QuickSwap V3 positions (issue 34): concentrated-liquidity positions of QuickSwap's Algebra V1.0 pools,
 * their swap fees, Algebra farming rewards and Merkl rewards. The product's third tool
 * ('quickswap / v3-positions'), beside the two V2 farm kinds. Wire conventions as in farms.ts: token
 * amounts are exact decimal strings in whole tokens, USD numbers are null when unknown (never 0), instants
 * are ISO-8601, `block_number` is the block every figure was read at.
 */

/** The tool's labels and URL segment live zod-free in v3-tool.ts, for the start-up bundle. */
export { v3Tool } from './v3-tool.ts';

const usd = z.number().nullable();

/** A position id is a uint256. */
const largestTokenId = 2n ** 256n - 1n;
const amount = z.string();

/** An amount of one token with its USD (null: no price). */
export const v3TokenAmountSchema = z.object({
  token: tokenRefSchema,
  amount,
  usd,
});
export type V3TokenAmount = z.infer<typeof v3TokenAmountSchema>;

/** A pool at the read block: Algebra V1's globalState and liquidity, its price as people read it. */
export const v3PoolSchema = z.object({
  address: z.string(),
  token0: tokenRefSchema,
  token1: tokenRefSchema,
  /** globalState().tick and .price (sqrtPriceX96, a decimal string). */
  tick: z.number().int(),
  sqrt_price_x96: z.string(),
  /** In-range liquidity of the pool. */
  liquidity: z.string(),
  /** The current dynamic fee, hundredths of a bip (globalState().fee: 100 = 0.01 %). */
  fee: z.number().int(),
  /** token1 per token0 at the current price, decimals applied. */
  price: z.string(),
  /** USD per whole token0 / token1 by the app's price rule (null: unknown). */
  price0_usd: usd,
  price1_usd: usd,
});
export type V3Pool = z.infer<typeof v3PoolSchema>;

/** An Algebra eternal farming incentive a position is deposited in. */
export const v3IncentiveSchema = z.object({
  /** keccak256(abi.encode(IncentiveKey)). */
  id: z.string(),
  reward_token: tokenRefSchema,
  bonus_reward_token: tokenRefSchema.nullable(),
  start_time: z.string(),
  end_time: z.string(),
  is_ended: z.boolean(),
});
export type V3Incentive = z.infer<typeof v3IncentiveSchema>;

/**
 * A position's range, which never changes for a position: its ticks and the same as prices, token1 per token0
 * (decimals applied), the one figure both a position read and the tracked list send.
 */
const rangeFields = {
  tick_lower: z.number().int(),
  tick_upper: z.number().int(),
  price_lower: z.string(),
  price_upper: z.string(),
};

/** One position (an NFT of QuickSwap's NonfungiblePositionManager), valued at one block. */
export const v3PositionSchema = z.object({
  token_id: z.string(),
  /** Who can collect: the NFT's owner, or for a farmed position the owner of its FarmingCenter L2 NFT. */
  owner: z.string(),
  /** Deposited in Algebra farming (FarmingCenter holds the NFT). */
  is_farmed: z.boolean(),
  pool: v3PoolSchema,
  ...rangeFields,
  /** The pool's tick is within [tick_lower, tick_upper). */
  in_range: z.boolean(),
  liquidity: z.string(),
  /** What the liquidity stands for at the pool's current price: token0, token1. */
  amounts: z.tuple([v3TokenAmountSchema, v3TokenAmountSchema]),
  /** Uncollected swap fees (a static collect from the owner): token0, token1; null when it could not be read. */
  fees: z.tuple([v3TokenAmountSchema, v3TokenAmountSchema]).nullable(),
  /**
   * Algebra farming: the incentive, rewards pending (static collectRewards) and collected-but-unclaimed.
   * Unclaimed rewards belong to an owner, not a position (EternalFarming's rewards(owner, token)): in one read
   * each owner's amount of a token is on the lowest token id whose incentive pays it (the others list none),
   * so adding positions up never counts it twice. `pending` is empty when its static call failed
   * (rewards_usd then null). The incentive `is_ended` once detached from its pool (an eternal incentive pays
   * while attached); start_time / end_time are the key's, ISO-8601.
   */
  farming: z
    .object({
      incentive: v3IncentiveSchema,
      pending: z.array(v3TokenAmountSchema),
      unclaimed: z.array(v3TokenAmountSchema),
    })
    .nullable(),
  /** USD of `amounts`, of `fees`, of farming rewards (pending + unclaimed); null when a part has no price. */
  value_usd: usd,
  fees_usd: usd,
  rewards_usd: usd,
  /** Tracked by the signed-in user with this owner as the wallet. */
  is_tracked: z.boolean(),
  block_number: z.number().int(),
});
export type V3Position = z.infer<typeof v3PositionSchema>;
/** A position's range (tick_lower … price_upper), as a position read and the tracked list both send it. */
export type V3Range = Pick<V3Position, 'tick_lower' | 'tick_upper' | 'price_lower' | 'price_upper'>;

/**
 * Merkl rewards of a wallet: pending = the API's cumulative `amount` − the distributor's on-chain
 * `claimed(user, token)`. `status` 'unknown': the API never answered, or the distributor did not answer
 * `claimed` (the card says "Merkl rewards unknown", never $0); 'stale': the API is down or answered garbage, the last known value is shown with its
 * age (`as_of`).
 */
export const merklRewardsSchema = z.object({
  status: z.enum(['ok', 'stale', 'unknown']),
  as_of: z.string().nullable(),
  rewards: z.array(v3TokenAmountSchema),
  usd,
});
export type MerklRewards = z.infer<typeof merklRewardsSchema>;

/** GET /api/quickswap/v3/positions?wallet_address=: a saved or watch-only wallet's positions, owned and farmed. */
export const v3WalletQuerySchema = z.strictObject({ wallet_address: hexAddressSchema });
export const v3WalletPositionsSchema = z.object({
  wallet_address: z.string(),
  block_number: z.number().int(),
  positions: z.array(v3PositionSchema),
  merkl: merklRewardsSchema,
  /**
   * Whether the user may act on these positions from Tidewatch (issue 46): false for a watch-only wallet (it
   * proved no ownership; its actions are shown disabled).
   */
  can_act: z.boolean(),
  /**
   * The contracts an action is sent to (the operator's configuration, checksummed): the browser builds every call
   * on these and checks them on chain before it asks the wallet.
   */
  contracts: z.object({
    position_manager: z.string(),
    farming_center: z.string(),
    merkl_distributor: z.string(),
    wnative: z.string(),
  }),
});
export type V3WalletPositions = z.infer<typeof v3WalletPositionsSchema>;

/**
 * GET /api/quickswap/v3/positions/:token_id: one position by id (public data), valued at the latest block.
 * POST /api/quickswap/v3/lookup {query}: a pasted position id or the exchange's position URL -> its id.
 */
export const v3TokenIdParamsSchema = z.strictObject({
  token_id: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a position id (a whole number)')
    // 78 digits reach past 2^256 − 1; such an id cannot be encoded for a chain read (never a 500).
    .refine(
      (digits) => !/^\d+$/.test(digits) || BigInt(digits) <= largestTokenId,
      'must be a position id (at most 2^256 − 1)',
    ),
});
/**
 * GET …/positions/:token_id?block=: the position valued at that block instead of the latest (the block a
 * tracked position's page shows its returns and books as of, `as_of_block`, so all its figures are one block's).
 */
export const v3PositionQuerySchema = z.strictObject({
  block: z.coerce
    .number({ error: 'must be a block number' })
    .int('must be a block number (a whole number)')
    .positive('must be a block number (a whole number)')
    .max(Number.MAX_SAFE_INTEGER, 'must be a block number the chain can have')
    .optional(),
});
export const v3LookupSchema = z.strictObject({ query: z.string().trim().min(1).max(300) });
export const v3LookupResponseSchema = z.object({ token_id: z.string() });

/** POST /api/quickswap/v3/track {token_id, wallet_address}: track a position with a saved or watch-only wallet. */
export const v3TrackSchema = z.strictObject({
  token_id: v3TokenIdParamsSchema.shape.token_id,
  wallet_address: hexAddressSchema,
});

/** DELETE /api/quickswap/v3/tracked-positions/:id: the tracked entry's id (v3TrackedPositionSchema.id). */
export const v3TrackedIdParamsSchema = z.strictObject({
  id: z.coerce.number().int('must be a tracked position id').positive().max(2_147_483_647),
});

/**
 * POST /api/quickswap/v3/positions/:token_id/refresh {wallet_address} (body) and GET
 * …/positions/:token_id/history(.csv)?wallet_address= (query): a tracked position, by the wallet it is
 * tracked with.
 */
export const v3TrackedWalletSchema = z.strictObject({ wallet_address: hexAddressSchema });

/**
 * A tracked position as the tool's 'Tracked' tab and the dashboard list it: its range (stored when it was first
 * tracked, so known without a chain read) and its newest snapshot.
 */
export const v3TrackedPositionSchema = z.object({
  id: z.number().int(),
  token_id: z.string(),
  wallet_address: z.string(),
  pool: z.object({ address: z.string(), token0: tokenRefSchema, token1: tokenRefSchema }),
  ...rangeFields,
  /** The newest snapshot (null before the first one). */
  snapshot: z.lazy(() => v3PositionSnapshotSchema).nullable(),
});
export type V3TrackedPosition = z.infer<typeof v3TrackedPositionSchema>;
export const v3TrackedPositionsSchema = z.object({ positions: z.array(v3TrackedPositionSchema) });

/** One stored snapshot of a tracked position (scheduled, or taken on refresh). */
export const v3PositionSnapshotSchema = z.object({
  created_on: z.string(),
  block_number: z.number().int(),
  in_range: z.boolean(),
  tick: z.number().int(),
  liquidity: z.string(),
  amount0: amount,
  amount1: amount,
  fees0: amount.nullable(),
  fees1: amount.nullable(),
  value_usd: usd,
  fees_usd: usd,
  /** Deposited in Algebra farming at the snapshot's block: only then are there farming rewards to show. */
  is_farmed: z.boolean(),
  /** Farming rewards (pending + unclaimed); null when a reward token has no price (or when not farmed). */
  rewards_usd: usd,
  price0_usd: usd,
  price1_usd: usd,
});
export type V3PositionSnapshot = z.infer<typeof v3PositionSnapshotSchema>;

/** A position's event from the chain, valued at its block. */
export const v3PositionEventSchema = z.object({
  kind: z.enum([
    'increase_liquidity',
    'decrease_liquidity',
    'collect',
    'transfer',
    'farm_entered',
    'farm_ended',
    'reward_claimed',
    // Algebra's collectRewards while still farmed: rewards moved to the owner's balance without a FarmEnded.
    'rewards_collected',
  ]),
  block_number: z.number().int(),
  block_time: z.string(),
  tx_hash: z.string(),
  /** IncreaseLiquidity's actualLiquidity / DecreaseLiquidity's liquidity (null for other events). */
  liquidity: z.string().nullable(),
  amounts: z.array(v3TokenAmountSchema),
  usd,
});
export type V3PositionEvent = z.infer<typeof v3PositionEventSchema>;

/**
 * A concentrated-liquidity position's returns against holding its tokens (a V3 position's, a V4 position's on Base),
 * fees earned and rewards apart.
 */
export const positionReturnsSchema = z.object({
  /** USD put in (IncreaseLiquidity at their blocks) and taken out (DecreaseLiquidity + collected fees). */
  deposited_usd: usd,
  withdrawn_usd: usd,
  value_now_usd: usd,
  /** What the deposited tokens would be worth now, held. */
  hodl_usd: usd,
  /** value now + withdrawn − hodl, without fees and rewards: the pool's part (impermanent loss). */
  vs_hodl_usd: usd,
  fees_earned_usd: usd,
  rewards_usd: usd,
  /** The position's one total profit (its books' `profit`), and why the figures above differ from it. */
  total_profit_usd: usd.optional(),
  total_profit_note: z.string().nullable().optional(),
});

/**
 * GET /api/quickswap/v3/positions/:token_id/history?wallet_address=: a tracked position's snapshots, its
 * events rebuilt from the chain, and its returns against holding, fees earned and rewards apart.
 */
export const v3PositionHistorySchema = z.object({
  token_id: z.string(),
  wallet_address: z.string(),
  snapshots: z.array(v3PositionSnapshotSchema),
  events: z.array(v3PositionEventSchema),
  returns: positionReturnsSchema.nullable(),
  /** The accountant's figures (issue 35): income, gas, total profit; null before any snapshot. */
  books: positionBooksSchema.nullable().optional(),
  /**
   * The block `returns` and `books` are as of (one snapshot: the newest at or below the block the events were
   * read to, else the newest); the page reads the position at it (…/positions/:token_id?block=), so every
   * figure it shows is that block's. Null before any snapshot.
   */
  as_of_block: z.number().int().nullable().optional(),
});
export type V3PositionHistory = z.infer<typeof v3PositionHistorySchema>;

/**
 * GET /api/quickswap/v3/merkl/claims?wallet_address=: what the wallet can claim from Merkl now (issue 46), for
 * one `claim` of all its tokens: per token the current tree's cumulative amount and proof (Merkl's API), only
 * where that tree is the distributor's root on chain and the amount exceeds what it already claimed
 * (`claimed(user, token)`), with what the claim pays (`claimable`); `left_to_claim` is what the API counts as
 * earned but not in the live tree yet (its `pending`, or a tree the distributor does not hold yet). `status`
 * 'unavailable': Merkl's API did not answer (nothing can be claimed through Tidewatch until it does).
 */
export const merklClaimsSchema = z.object({
  wallet_address: z.string(),
  distributor: z.string(),
  block_number: z.number().int(),
  status: z.enum(['ok', 'unavailable']),
  claims: z.array(
    z.object({
      token: tokenRefSchema,
      /** The tree's cumulative amount for the wallet and token, base units (what `claim` is given). */
      cumulative_raw: z.string(),
      proof: z.array(z.string()),
      claimable: v3TokenAmountSchema,
      /** The same in base units: what the claim transfers. */
      claimable_raw: z.string(),
    }),
  ),
  left_to_claim: z.array(v3TokenAmountSchema),
  /** USD of everything claimable now (null when a token has no price). */
  claimable_usd: usd,
});
export type MerklClaims = z.infer<typeof merklClaimsSchema>;
