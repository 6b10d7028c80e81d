import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { priceChoiceSchema } from './import-wizard.ts';

/** Where a token's price comes from by the user's choice (decision 021): its on-chain route, or the price API. */
export const tokenPriceChoices = ['onchain', 'coinmarketcap'] as const;

/** A request to the operator for another price source of a token (decision 033). */
export const priceChoiceChangeRequestSchema = z.object({
  /** The requester's e-mail or wallet (the operator reads it; a user sees their own). */
  requested_by: z.string(),
  price_source: z.enum(tokenPriceChoices),
  coinmarketcap_id: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type PriceChoiceChangeRequest = z.infer<typeof priceChoiceChangeRequestSchema>;

/** One token of a farm as its price-choice panel shows it: the choice, the on-chain price, the API listings. */
export const farmTokenPriceSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  price_source: z.enum(tokenPriceChoices),
  coinmarketcap_id: z.number().int().nullable(),
  /** The on-chain price at the newest snapshot; null when no route prices it. */
  onchain_price_usd: z.number().nullable(),
  /**
   * Where the newest snapshot's price came from: 'pair', 'lair', 'redenomination', 'pool' (the farm's own
   * pair) or 'coinmarketcap'; null before the token's first snapshot.
   */
  newest_price_source: z.string().nullable().optional(),
  /** CoinMarketCap listings for the token (empty without a CoinMarketCap key). */
  candidates: z.array(priceChoiceSchema),
  /** Who set the source from a farm page (an operator's e-mail or wallet); null: as the token's import set it. */
  chosen_by: z.string().nullable(),
  /** When (ISO-8601); null: at the token's import. */
  chosen_at: z.string().nullable(),
  /** Users' requests for another source: the operator sees them all, anyone else only their own. */
  change_requests: z.array(priceChoiceChangeRequestSchema),
});
export type FarmTokenPrice = z.infer<typeof farmTokenPriceSchema>;

/** GET /api/quickswap/farm/details/{address}/price-choices */
export const farmPriceChoicesSchema = z.object({
  /**
   * Whether this user may change a source: a token's price source changes every user's figures, so only the
   * instance's operator may (decision 033); everyone else sees it read-only and may ask for a change.
   */
  can_change: z.boolean(),
  tokens: z.array(farmTokenPriceSchema),
});
export type FarmPriceChoices = z.infer<typeof farmPriceChoicesSchema>;

/**
 * PUT /api/quickswap/farm/details/{address}/price-choice: one token's price source; `coinmarketcap_id` (one
 * of the token's candidates) with 'coinmarketcap'.
 */
export const farmPriceChoiceRequestSchema = z
  .strictObject({
    token_address: hexAddressSchema,
    price_source: z.enum(tokenPriceChoices),
    coinmarketcap_id: z.number().int().positive().optional(),
  })
  .refine((body) => body.price_source === 'onchain' || body.coinmarketcap_id !== undefined, {
    message: "required when price_source is 'coinmarketcap'",
    path: ['coinmarketcap_id'],
  });
export type FarmPriceChoiceRequest = z.infer<typeof farmPriceChoiceRequestSchema>;

/** The choice as stored, and how many stored snapshots (token, pool, farm, position) were revalued with it. */
export const farmPriceChoiceResponseSchema = z.object({
  token_address: z.string(),
  price_source: z.enum(tokenPriceChoices),
  coinmarketcap_id: z.number().int().nullable(),
  revalued_snapshots: z.number().int(),
});
export type FarmPriceChoiceResponse = z.infer<typeof farmPriceChoiceResponseSchema>;

/**
 * POST /api/quickswap/farm/details/{address}/price-choice-request: ask the operator for another source of one of
 * the farm's tokens; a second request of the same user for the same token replaces the first.
 */
export const priceChoiceChangeRequestBodySchema = z
  .strictObject({
    token_address: hexAddressSchema,
    price_source: z.enum(tokenPriceChoices),
    coinmarketcap_id: z.number().int().positive().optional(),
    note: z.string().trim().max(500, 'at most 500 characters').optional(),
  })
  .refine((body) => body.price_source === 'onchain' || body.coinmarketcap_id !== undefined, {
    message: "required when price_source is 'coinmarketcap'",
    path: ['coinmarketcap_id'],
  });
export type PriceChoiceChangeRequestBody = z.infer<typeof priceChoiceChangeRequestBodySchema>;
