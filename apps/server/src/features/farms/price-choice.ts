import {
  AppError,
  type FarmPriceChoiceRequest,
  type FarmPriceChoiceResponse,
  type FarmPriceChoices,
  type PriceChoice,
  type PriceChoiceChangeRequest,
  type PriceChoiceChangeRequestBody,
  type SessionUser,
  tokenPriceChoices,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress, isAddressEqual } from 'viem';
import type { Operators } from '../../core/auth/operators.ts';
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
import {
  deletePriceChoiceRequests,
  findPriceChoiceRequests,
  upsertPriceChoiceRequest,
} from './price-choice-requests-repository.ts';

type PriceChoiceDeps = {
  db: Kysely<Database>;
  chainId: number;
  cmc?: CoinMarketCapClient | undefined;
  /** Old QUICK and old dQUICK: named 'QUICK (old)' / 'dQUICK (old)' here as on every other screen. */
  oldTokens?: OldTokens | undefined;
  /** Who may change a source: a token's price source changes every user's figures (decision 033). */
  operators: Operators;
  now?: () => Date;
};

type RequestRow = Awaited<ReturnType<typeof findPriceChoiceRequests>>[number];

const toChangeRequest = (row: RequestRow): PriceChoiceChangeRequest => ({
  requested_by: row.email ?? row.wallet_address ?? `account ${row.user_id}`,
  price_source: tokenPriceChoices.find((c) => c === row.price_source) ?? 'onchain',
  coinmarketcap_id: row.coinmarketcap_id,
  note: row.note,
  created_at: row.created_at,
});

/** A farm's token price choices (issue 30, finding 2; decision 021): read them, change one. */
export function createPriceChoiceService(deps: PriceChoiceDeps) {
  const { db, chainId, operators } = deps;
  const now = deps.now ?? (() => new Date());

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

  async function getPriceChoices(farmAddress: string, user: SessionUser): Promise<FarmPriceChoices> {
    const tokens = await tokensOfFarm(farmAddress);
    const canChange = await operators.isOperator(user);
    const requests = await findPriceChoiceRequests(
      db,
      tokens.map((t) => t.id),
      canChange ? undefined : user.id,
    );
    return {
      can_change: canChange,
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
            chosen_by: token.price_choice_by,
            chosen_at: token.price_choice_at,
            change_requests: requests.filter((r) => r.token_id === token.id).map(toChangeRequest),
          };
        }),
      ),
    };
  }

  /** The farm's token `address` names, and the CoinMarketCap listing a body picks (400s naming the field). */
  async function resolveChoice(
    farmAddress: string,
    body: { token_address: string; price_source: string; coinmarketcap_id?: number | undefined },
  ) {
    const tokens = await tokensOfFarm(farmAddress);
    const token = tokens.find((t) => isAddressEqual(t.address as Address, body.token_address as Address));
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
    return { token, chosen };
  }

  /**
   * Changes one token's price source. Back to on-chain: the token's stored history is revalued with the
   * on-chain prices kept beside each snapshot, in the same transaction as the choice. To the price API:
   * from the next snapshot on (the API has no past prices), and the chart marks the change.
   */
  async function setPriceChoice(
    farmAddress: string,
    user: SessionUser,
    body: FarmPriceChoiceRequest,
  ): Promise<FarmPriceChoiceResponse> {
    // Checked before anything is read or written: a refused call changes nothing of anyone's figures.
    if (!(await operators.isOperator(user)))
      throw new AppError(
        'FORBIDDEN',
        "a token's price source is the operator's choice, as it changes every user's figures: ask for a change instead",
      );
    const { token, chosen } = await resolveChoice(farmAddress, body);
    const revalued = await db.transaction().execute(async (trx) => {
      await setTokenPriceChoice(trx, token.id, chosen, { by: operators.nameOf(user), at: now() });
      await deletePriceChoiceRequests(trx, token.id);
      return chosen ? 0 : revalueTokenToOnchain(trx, token.id);
    });
    return {
      token_address: getAddress(token.address),
      price_source: body.price_source,
      coinmarketcap_id: chosen?.id ?? token.coinmarketcap_id,
      revalued_snapshots: revalued,
    };
  }

  /** A user asks the operator for another source; the operator sees it beside the token's choice. */
  async function requestPriceChoice(
    farmAddress: string,
    user: SessionUser,
    body: PriceChoiceChangeRequestBody,
  ): Promise<PriceChoiceChangeRequest> {
    const { token, chosen } = await resolveChoice(farmAddress, body);
    const createdAt = now().toISOString();
    const note = body.note ? body.note : null;
    await upsertPriceChoiceRequest(db, {
      tokenId: token.id,
      userId: user.id,
      priceSource: body.price_source,
      coinmarketcapId: chosen?.id ?? null,
      note,
      createdAt,
    });
    return {
      requested_by: operators.nameOf(user),
      price_source: body.price_source,
      coinmarketcap_id: chosen?.id ?? null,
      note,
      created_at: createdAt,
    };
  }

  return { getPriceChoices, setPriceChoice, requestPriceChoice };
}
