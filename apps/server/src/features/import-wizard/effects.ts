import { AppError, type PriceChoice, quickswapFarmsUrl, type TokenRole } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, isAddressEqual } from 'viem';
import type { Database } from '../../core/db/index.ts';
import { isLostWriteRace } from '../../core/db/write-conflicts.ts';
import { findFarmByAddress, type TokenInput, upsertImportedFarm } from '../../core/farms/repository.ts';
import type { CmcCandidate, CoinMarketCapClient } from '../../core/prices/coinmarketcap-source.ts';
import { toPriceChoice } from '../../core/prices/price-choice.ts';
import type { CollectedSnapshots, SnapshotPipeline } from '../../core/snapshots/index.ts';
import { type StateUpdate, updateImportState } from './repository.ts';
import { revalueCollected } from './revalue.ts';
import { choiceRoles, roleTokens, type StoredImport } from './stored-import.ts';

/** The effects of the wizard's steps that talk to the chain, CoinMarketCap or the farms tables. */

const isZero = (amount: string) => /^0(\.0*)?$/.test(amount);

/**
 * Entering FETCHING_FARM_ABI: every chain read of the import at one pinned block (the farms writer's
 * one-multicall path: farm, pair, tokens, positions), plus on-chain prices at that block. The later
 * FETCHING_* steps only present it. `dropEmptyPositions`: accounts defaulted to all the user's wallets,
 * so only those with a stake or earnings get a position snapshot.
 */
export async function gatherReads(
  writer: SnapshotPipeline,
  stored: StoredImport,
  accounts: string[],
  dropEmptyPositions: boolean,
): Promise<CollectedSnapshots> {
  const collected = await writer.collectSnapshots({
    farms: [{ address: stored.farmAddress as `0x${string}`, kind: stored.kind }],
    accounts: accounts as `0x${string}`[],
    // The user has not chosen CoinMarketCap ids yet: price from the chain, revalue after the choice.
    coinmarketcapIds: new Map(),
  });
  if (!dropEmptyPositions) return collected;
  return {
    ...collected,
    positions: collected.positions.filter(
      (p) => !isZero(p.staked) || p.earned.some((e) => !isZero(e.amount)),
    ),
  };
}

/**
 * Entering FETCHING_TOKEN_COINMARKETCAP_DATA: candidates per role from CoinMarketCap (by contract
 * address, then by symbol), or, without CMC_API_KEY, none: prices then come from on-chain pairs.
 */
export async function fetchCandidates(
  cmc: CoinMarketCapClient | undefined,
  stored: StoredImport,
): Promise<StoredImport> {
  if (!cmc) return { ...stored, priceSource: 'onchain', choices: {} };
  const roles = choiceRoles(stored.kind);
  const tokens = roleTokens(stored).filter((t) => (roles as string[]).includes(t.role));
  const byAddress = new Map<string, Promise<CmcCandidate[]>>();
  for (const token of tokens) {
    const key = token.address.toLowerCase();
    if (!byAddress.has(key))
      byAddress.set(key, cmc.findCandidates({ address: token.address, symbol: token.symbol }));
  }
  // All look-ups settle together: one failure fails the step without leaving another one unobserved.
  const listed = new Map(
    await Promise.all([...byAddress].map(async ([key, lookup]) => [key, await lookup] as const)),
  );
  // Every candidate's current price in one request, so a person can set it beside the on-chain price.
  const quotes = await cmc.getQuotes([...listed.values()].flat().map((c) => c.id));
  const found = new Map(
    [...listed].map(([key, candidates]) => [key, candidates.map((c) => toPriceChoice(c, quotes, key))]),
  );
  const choices: Partial<Record<TokenRole, PriceChoice[]>> = {};
  for (const token of tokens) choices[token.role as TokenRole] = found.get(token.address.toLowerCase()) ?? [];
  return { ...stored, priceSource: 'coinmarketcap', choices };
}

/** Entering CREATING_TOKEN_SNAPSHOTS: quotes for the chosen CoinMarketCap ids, figures recomputed. */
export async function revalueWithSelections(
  cmc: CoinMarketCapClient | undefined,
  stored: StoredImport,
): Promise<StoredImport> {
  if (!cmc || !stored.collected) return stored;
  const idByAddress = new Map<string, number>();
  for (const token of roleTokens(stored)) {
    const selection = stored.selections[token.role as TokenRole];
    if (selection && !idByAddress.has(token.address.toLowerCase()))
      idByAddress.set(token.address.toLowerCase(), selection.coinmarketcap_id);
  }
  if (idByAddress.size === 0) return stored;
  const quotes = await cmc.getQuotes([...idByAddress.values()]);
  const usdByAddress = new Map([...idByAddress].map(([key, id]) => [key, quotes.get(id)?.usd ?? null]));
  return { ...stored, collected: revalueCollected(stored.collected, usdByAddress) };
}

/**
 * The farm URL to store: the pasted quickswap farm page, else QuickSwap's farm list for its kind (a page
 * that exists: today's interface has none per farm, so a made-up `#/quick/…` link would lead nowhere).
 */
function farmUrlOf(stored: StoredImport): string {
  if (stored.farmUrl) return stored.farmUrl;
  return quickswapFarmsUrl(stored.kind, stored.collected?.farms[0]?.isEnded ?? false);
}

/**
 * Leaving CREATING_POSITION_SNAPSHOTS: tokens, pool and farm (with the user's names and price choices)
 * and every snapshot, and the import's move to 'completed', in ONE transaction: all or nothing.
 */
export async function completeImport(
  deps: { db: Kysely<Database>; chainId: number; writer?: SnapshotPipeline | undefined },
  userId: number,
  stored: StoredImport,
  update: StateUpdate,
): Promise<boolean> {
  const { writer, chainId } = deps;
  const collected = stored.collected;
  if (!writer || !collected) throw new AppError('INTERNAL', 'the import has no gathered reads to write');
  const tokens = roleTokens(stored);
  const seen = new Set<string>();
  const inputOf = (role: string): TokenInput => {
    const token = tokens.find((t) => t.role === role)!;
    const key = token.address.toLowerCase();
    // One token may fill two roles (WMATIC as token1 and reward B): the first choice made for it wins.
    const selection = tokens
      .filter((t) => isAddressEqual(t.address as Address, token.address as Address))
      .map((t) => stored.selections[t.role as TokenRole])
      .find(Boolean);
    const isFirst = !seen.has(key);
    seen.add(key);
    return {
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      ...(selection && isFirst
        ? { coinmarketcapId: selection.coinmarketcap_id, coinmarketcapSlug: selection.coinmarketcap_slug }
        : {}),
    };
  };
  const farm = collected.read.farms[0]!;
  const rewardRoles = stored.kind === 'dual' ? ['reward_a', 'reward_b'] : ['reward'];
  const completing = deps.db.transaction().execute(async (trx) => {
    if (await findFarmByAddress(trx, chainId, stored.farmAddress)) {
      throw new AppError('CONFLICT', 'this farm is already imported');
    }
    await upsertImportedFarm(
      trx,
      {
        chainId,
        farm: { address: stored.farmAddress, kind: stored.kind, url: farmUrlOf(stored), createdBy: userId },
        pool: { address: farm.pair.address, token0: inputOf('token0'), token1: inputOf('token1') },
        rewardTokens: rewardRoles.map(inputOf),
      },
      update.now,
    );
    await writer.writeSnapshots(trx, collected);
    const isMoved = await updateImportState(trx, update);
    // Rolls the whole transaction back: another window completed or moved this import meanwhile.
    if (!isMoved)
      throw new AppError('CONFLICT', 'this import moved on in another window: reload it to continue');
    return true;
  });
  // Another session importing the same farm at the same moment: its farm, tokens or snapshots went in first (or
  // the database broke a deadlock between the two). Nothing of this one was written: it is a conflict, not a fault.
  return completing.catch((error: unknown) => {
    if (isLostWriteRace(error)) throw new AppError('CONFLICT', 'this farm was imported meanwhile: reload it');
    throw error;
  });
}
