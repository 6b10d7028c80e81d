import {
  AppError,
  addressParamsSchema,
  type FarmPriceChoiceRequest,
  type FarmPriceChoiceResponse,
  type FarmPriceChoices,
  farmPriceChoiceRequestSchema,
  farmPriceChoiceResponseSchema,
  farmPriceChoicesSchema,
  type PriceChoice,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import { labelSymbol, type OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import {
  findFarmByAddress,
  findNewestTokenPrice,
  findTokensOfFarm,
  setTokenPriceChoice,
} from '../../core/farms/repository.ts';
import { revalueTokenToOnchain } from '../../core/history/revalue-history.ts';
import type { CoinMarketCapClient } from '../../core/prices/coinmarketcap-source.ts';
import { toPriceChoice } from '../../core/prices/price-choice.ts';
import { priceChoiceOf } from '../../core/snapshots/index.ts';

type PriceChoiceDeps = {
  db: Kysely<Database>;
  chainId: number;
  cmc?: CoinMarketCapClient | undefined;
  /** Old QUICK and old dQUICK: named 'QUICK (old)' / 'dQUICK (old)' here as on every other screen. */
  oldTokens?: OldTokens | undefined;
};

/** A farm's token price choices (issue 30, finding 2; decision 021): read them, change one. */
export function createPriceChoiceService(deps: PriceChoiceDeps) {
  const { db, chainId } = deps;

  async function tokensOfFarm(farmAddress: string) {
    const farm = await findFarmByAddress(db, chainId, farmAddress);
    if (!farm) throw new AppError('NOT_FOUND', `farm ${farmAddress} is not imported`);
    return findTokensOfFarm(db, farm);
  }

  /** CoinMarketCap listings for a token, with their Polygon contract, price and the token's own marked. */
  async function candidatesOf(token: { address: string; symbol: string }): Promise<PriceChoice[]> {
    if (!deps.cmc) return [];
    const found = await deps.cmc.findCandidates({ address: token.address, symbol: token.symbol });
    const quotes = found.length > 0 ? await deps.cmc.getQuotes(found.map((c) => c.id)) : new Map();
    return found.map((c) => toPriceChoice(c, quotes, token.address));
  }

  async function getPriceChoices(farmAddress: string): Promise<FarmPriceChoices> {
    const tokens = await tokensOfFarm(farmAddress);
    return {
      tokens: await Promise.all(
        tokens.map(async (token) => {
          const newest = await findNewestTokenPrice(db, token.id);
          return {
            address: token.address,
            symbol: deps.oldTokens ? labelSymbol(deps.oldTokens, token.address, token.symbol) : token.symbol,
            price_source: priceChoiceOf(token.price_choice),
            coinmarketcap_id: token.coinmarketcap_id,
            onchain_price_usd: newest?.onchain_price_usd ?? null,
            newest_price_source: newest?.price_source ?? null,
            candidates: await candidatesOf(token),
          };
        }),
      ),
    };
  }

  /**
   * Changes one token's price source. Back to on-chain: the token's stored history is revalued with the
   * on-chain prices kept beside each snapshot, in the same transaction as the choice. To the price API:
   * from the next snapshot on (the API has no past prices), and the chart marks the change.
   */
  async function setPriceChoice(
    farmAddress: string,
    body: FarmPriceChoiceRequest,
  ): Promise<FarmPriceChoiceResponse> {
    const tokens = await tokensOfFarm(farmAddress);
    const token = tokens.find((t) => t.address.toLowerCase() === body.token_address.toLowerCase());
    if (!token)
      throw new AppError(
        'VALIDATION_FAILED',
        `token_address: ${body.token_address} is not a token of this farm`,
      );
    let chosen: PriceChoice | undefined;
    if (body.price_source === 'coinmarketcap') {
      if (!deps.cmc)
        throw new AppError(
          'VALIDATION_FAILED',
          'price_source: no CoinMarketCap key is configured on this server',
        );
      chosen = (await candidatesOf(token)).find((c) => c.id === body.coinmarketcap_id);
      if (!chosen)
        throw new AppError(
          'VALIDATION_FAILED',
          `coinmarketcap_id: ${body.coinmarketcap_id} is not a CoinMarketCap listing of ${token.symbol}`,
        );
    }
    const revalued = await db.transaction().execute(async (trx) => {
      await setTokenPriceChoice(trx, token.id, chosen);
      return chosen ? 0 : revalueTokenToOnchain(trx, token.id);
    });
    return {
      token_address: getAddress(token.address),
      price_source: body.price_source,
      coinmarketcap_id: chosen?.id ?? token.coinmarketcap_id,
      revalued_snapshots: revalued,
    };
  }

  return { getPriceChoices, setPriceChoice };
}

/** GET and PUT /api/quickswap/farm/details/:address/price-choice(s): signed-in users. */
export const priceChoiceRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createPriceChoiceService>;
}> = async (app, { service }) => {
  app.get(
    '/api/quickswap/farm/details/:address/price-choices',
    {
      preHandler: app.requireUser,
      schema: { params: addressParamsSchema, response: { 200: farmPriceChoicesSchema } },
    },
    async (request) => service.getPriceChoices(request.params.address),
  );
  app.put(
    '/api/quickswap/farm/details/:address/price-choice',
    {
      preHandler: app.requireUser,
      schema: {
        params: addressParamsSchema,
        body: farmPriceChoiceRequestSchema,
        response: { 200: farmPriceChoiceResponseSchema },
      },
    },
    async (request) => service.setPriceChoice(request.params.address, request.body),
  );
};
