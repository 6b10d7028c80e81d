import { AppError, type MerklRewards } from '@tidewatch/shared';
import { type ChainEntry, chainEntry, chainRegistry, polygonChain } from '@tidewatch/shared/chain-registry';
import type { ChainHoldings, ChainStatus } from '@tidewatch/shared/chains';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { OtherChain } from '../../core/chain/other-chains.ts';
import type { Database } from '../../core/db/index.ts';
import { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
import { loadMerklAnswer, type MerklDeps, valueMerklRewards } from '../../core/merkl/merkl-rewards.ts';
import type { PolygonSide } from './polygon-side.ts';
import { type ChainHoldingsScope, findChainHoldings, registryScope } from './reads/find-holdings.ts';
import { type ChainValueDeps, onchainPlanner, valueChainHoldings } from './value-holdings.ts';

/** What the chains feature is wired with: the instance's own chain id (wallets are saved on it) and the others. */
export type ChainHoldingsContext = {
  db: Kysely<Database>;
  /** The chain wallets are saved and proved on (Polygon): one address is the same account on every chain. */
  walletChainId: number;
  otherChains: readonly OtherChain[];
  /** Polygon's side (the instance's chain); absent without its RPC. */
  polygon?: PolygonSide | undefined;
  /** Merkl's API client and its last-answer store: a wallet's Merkl rewards on the other chains. */
  merkl?: ChainMerkl | undefined;
};

/** What reading Merkl rewards on a chain takes besides the chain: the API client, the store and the clock. */
export type ChainMerkl = Pick<MerklDeps, 'client' | 'store' | 'now'>;

/**
 * GET /api/chains: every chain of the registry and whether this instance reads it. Polygon is the instance's own
 * chain (its reachability is the health check's); another chain is off without its RPC, and on only once the
 * start-up check found its contracts where the registry says.
 */
export async function listChains(ctx: ChainHoldingsContext): Promise<ChainStatus[]> {
  return Promise.all(
    chainRegistry.map(async (entry): Promise<ChainStatus> => {
      const base = {
        chain_id: entry.id,
        name: entry.name,
        explorer_url: entry.explorerUrl,
        native_symbol: entry.nativeCurrency.symbol,
      };
      if (entry.id === polygonChain.id) {
        return { ...base, status: 'on', reason: null, products: ['v2', 'v3', 'farms', 'syrups', 'vaults'] };
      }
      const products = (['v2', 'v4', 'syrups'] as const).filter((p) => entry.products[p] !== undefined);
      const other = ctx.otherChains.find((c) => c.entry.id === entry.id);
      if (!other) {
        return {
          ...base,
          status: 'off',
          reason: `${entry.name} is off: set ${entry.rpcVariable} to its JSON-RPC URL to read QuickSwap there`,
          products,
        };
      }
      const check = await other.check();
      return { ...base, status: check.status, reason: 'reason' in check ? check.reason : null, products };
    }),
  );
}

/**
 * GET /api/quickswap/chains/:chain_id/holdings?wallet_address=: what one of the user's saved or watch-only wallets
 * holds in QuickSwap on that chain, found in one request and valued at its block: on Base its V4 positions, V2 LP
 * and syrup stakes; on Polygon its V3 positions (held and farmed), its stakes in every indexed V2 farm and its syrup
 * stakes.
 */
export async function getChainHoldings(
  ctx: ChainHoldingsContext,
  userId: number,
  chainId: number,
  walletInput: string,
): Promise<ChainHoldings> {
  const entry = chainEntry(chainId);
  if (!entry) throw unknownChain(chainId);
  const wallet = await requireSavedWallet({ db: ctx.db, chainId: ctx.walletChainId }, userId, walletInput);
  if (entry.id !== polygonChain.id) return readHoldingsOn(ctx.otherChains, entry.id, wallet, ctx.merkl);
  if (!ctx.polygon) throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  const { chain, planPrices } = ctx.polygon;
  return findAndValue({ entry, chain, planPrices }, await ctx.polygon.scope(), wallet);
}

const unknownChain = (chainId: number) =>
  new AppError(
    'NOT_FOUND',
    `chain ${chainId} is not one Tidewatch reads: ask for Polygon (137) or Base (8453)`,
    {
      details: [
        { field: 'params.chain_id', message: 'must be a chain of the registry: 137 (Polygon), 8453 (Base)' },
      ],
    },
  );

/** A chain of the registry beside Polygon; 404 naming `params.chain_id` for any other id. */
export function otherChainEntry(chainId: number): ChainEntry {
  const entry = chainEntry(chainId);
  if (!entry || entry.id === polygonChain.id) {
    throw new AppError('NOT_FOUND', `chain ${chainId} has no holdings to read here: ask for Base (8453)`, {
      details: [{ field: 'params.chain_id', message: 'must be a chain beside Polygon, e.g. 8453 (Base)' }],
    });
  }
  return entry;
}

/**
 * What `wallet` holds in QuickSwap on a chain beside Polygon now, found in one request and valued at its block (the
 * tool's answer and every tracked snapshot); CHAIN_UNAVAILABLE while the chain is off, refused or being checked.
 */
export async function readHoldingsOn(
  otherChains: readonly OtherChain[],
  chainId: number,
  wallet: Address,
  merkl?: ChainMerkl,
): Promise<ChainHoldings> {
  const other = otherChains.find((c) => c.entry.id === chainId);
  const entry = chainEntry(chainId);
  const name = entry?.name ?? `chain ${chainId}`;
  if (!other) {
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      `${name} is off: set ${entry?.rpcVariable ?? 'its RPC'} on this server`,
    );
  }
  const check = await other.check();
  if (check.status !== 'on') {
    throw new AppError('CHAIN_UNAVAILABLE', check.reason ?? `${name} is being checked: try again shortly`);
  }
  const deps = { entry: other.entry, chain: other.chain, planPrices: onchainPlanner(other.prices) };
  const holdings = await findAndValue(deps, registryScope(other.entry), wallet);
  const distributor = other.entry.merklDistributor;
  if (!merkl || !distributor) return holdings;
  return { ...holdings, merkl: await merklRewardsOn({ ...merkl, ...deps, distributor }, wallet, holdings) };
}

/**
 * The wallet's Merkl rewards on a chain beside Polygon, at its holdings' block: the V3 tool's reading (the API's
 * cumulative amounts, or its last good answer with its age, less the distributor's `claimed` on that chain), priced
 * by that chain's rule. Merkl's faults make them stale or unknown, never the holdings.
 */
async function merklRewardsOn(
  deps: ChainMerkl & ChainValueDeps & { distributor: Address },
  wallet: Address,
  holdings: ChainHoldings,
): Promise<MerklRewards> {
  const merklDeps = { ...deps, chainId: deps.entry.id };
  const answer = await loadMerklAnswer(merklDeps, wallet);
  return valueMerklRewards(merklDeps, wallet, answer, BigInt(holdings.block_number));
}

/** The one read of a wallet's holdings on a chain, whichever chain: the lens's find, then its valuation at that block. */
async function findAndValue(
  deps: ChainValueDeps,
  scope: ChainHoldingsScope,
  wallet: Address,
): Promise<ChainHoldings> {
  return valueChainHoldings(deps, wallet, await findChainHoldings(deps.chain, scope, wallet));
}
