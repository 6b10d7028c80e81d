import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { farmKindSchema, tokenRefSchema } from './farms.ts';

/** One farm of the farm index: every QuickSwap farm the configured factories deployed (issue 14). */
export const indexedFarmSchema = z.object({
  address: z.string(),
  kind: farmKindSchema,
  pair_address: z.string(),
  token0: tokenRefSchema,
  token1: tokenRefSchema,
  reward_token_a: tokenRefSchema,
  reward_token_b: tokenRefSchema.nullable(),
  /** Whole reward tokens per second. */
  reward_rate_a: z.string(),
  reward_rate_b: z.string().nullable(),
  period_finish: z.string(),
  is_ended: z.boolean(),
  is_paused: z.boolean(),
  /** Whole LP tokens staked. */
  total_staked: z.string(),
  tvl_usd: z.number().nullable(),
  apr: z.number().nullable(),
  /** Already imported into Tidewatch (its own page and tracking exist). */
  is_imported: z.boolean(),
});
export type IndexedFarm = z.infer<typeof indexedFarmSchema>;

/** GET /api/quickswap/farm-index: one page of the index, sorted and filtered. */
export const farmIndexQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['tvl', 'apr']).default('tvl'),
  order: z.enum(['desc', 'asc']).default('desc'),
  /** A token symbol or part of one (any case), or an address or its start (a farm, its pair or a token). */
  token: z.string().trim().min(1).max(42).optional(),
  status: z.enum(['all', 'active', 'ended']).default('all'),
  kind: farmKindSchema.optional(),
  /** 'mine': only farms where one of the signed-in user's wallets has stake or unclaimed rewards. */
  holdings: z.enum(['any', 'mine']).default('any'),
});
export type FarmIndexQuery = z.infer<typeof farmIndexQuerySchema>;

export const farmIndexPageSchema = z.object({
  items: z.array(indexedFarmSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** When the index was last refreshed; null before its first refresh. */
  refreshed_at: z.string().nullable(),
  /** The last refresh failed after that: the index keeps its last state. */
  last_error: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type FarmIndexPage = z.infer<typeof farmIndexPageSchema>;

/** POST /api/quickswap/find-my-farms: which index farms a saved wallet has stake or rewards in. */
export const findMyFarmsSchema = z.strictObject({ wallet_address: hexAddressSchema });
export const indexStateSchema = z.object({
  refreshed_at: z.string().nullable(),
  is_stale: z.boolean(),
  is_empty: z.boolean(),
});
export const walletFarmSchema = z.object({
  farm: indexedFarmSchema,
  /** Whole LP tokens staked by the wallet. */
  staked: z.string(),
  /** The stake in USD; null when a price is unknown (never 0 for unknown). */
  staked_usd: z.number().nullable(),
  /** Unclaimed rewards, whole tokens, A then B, each with its USD value (null = unknown). */
  earned: z.array(z.object({ symbol: z.string(), amount: z.string(), usd: z.number().nullable() })),
  is_tracked: z.boolean(),
});
export const findMyFarmsResponseSchema = z.object({
  wallet_address: z.string(),
  block_number: z.number().int(),
  checked: z.number().int(),
  /**
   * The index the search ran over: when it was last refreshed (null: never built), whether that is older
   * than two days, and whether it lists no farm at all. An empty or stale index is said, not taken for a
   * wallet with nothing.
   */
  index: indexStateSchema,
  /** Ended farms first (rewards there no longer grow), then by value, highest first. */
  farms: z.array(walletFarmSchema),
});
export type WalletFarm = z.infer<typeof walletFarmSchema>;
export type FindMyFarmsResponse = z.infer<typeof findMyFarmsResponseSchema>;

/**
 * GET /api/quickswap/left-in-ended-farms: per saved or watch-only wallet of the user, what it still has in
 * ended farms (stake and unclaimed rewards), in USD; `unpriced` counts farms where a part has no price.
 */
export const leftInEndedFarmsSchema = z.object({
  wallets: z.array(
    z.object({
      wallet_address: z.string(),
      farms: z.number().int(),
      value_usd: z.number(),
      unpriced: z.number().int(),
    }),
  ),
  index: indexStateSchema,
});
export type LeftInEndedFarms = z.infer<typeof leftInEndedFarmsSchema>;

/** POST /api/quickswap/track-discovered: import (when needed) and track index farms with a saved wallet. */
export const trackDiscoveredSchema = z.strictObject({
  wallet_address: hexAddressSchema,
  farm_addresses: z.array(hexAddressSchema).min(1).max(200),
});
export const trackDiscoveredResponseSchema = z.object({
  tracked: z.array(z.string()),
  already_tracked: z.array(z.string()),
});
export type TrackDiscoveredResponse = z.infer<typeof trackDiscoveredResponseSchema>;
