import type { FindMyFarmsResponse } from '@tidewatch/shared';
import { formatUnits } from 'viem';
import { findImportedAddresses, findIndexRows } from '../../core/farm-index/index-repository.ts';
import { toIndexedFarm } from '../../core/farm-index/indexed-farm.ts';
import { findAndValueWalletFarms } from '../../core/farm-index/wallet-farms.ts';
import { type DiscoveryContext, indexAge, requireChain, requireSavedWallet } from './context.ts';
import { findTrackedFarmAddresses } from './repository.ts';

/**
 * Find my farms: every index farm where one of the user's wallets has stake or unclaimed rewards, valued,
 * ended farms first (their rewards no longer grow: what is left there is waiting), then by value.
 */
export async function findMyFarms(
  ctx: DiscoveryContext,
  userId: number,
  wallet: string,
): Promise<FindMyFarmsResponse> {
  const chain = requireChain(ctx);
  const address = await requireSavedWallet(ctx, userId, wallet);
  const rows = await findIndexRows(ctx.db, ctx.chainId);
  const { found, blockNumber } = await findAndValueWalletFarms(chain, ctx.pipeline, rows, address);
  const trackedSet = await findTrackedFarmAddresses(ctx.db, userId, address);
  const imported = await findImportedAddresses(
    ctx.db,
    ctx.chainId,
    found.map((f) => f.farm.address),
  );
  const total = (f: (typeof found)[number]) =>
    (f.stakedUsd ?? 0) + f.earnedUsd.reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
  const ordered = [...found].sort(
    (a, b) => b.farm.is_ended - a.farm.is_ended || total(b) - total(a) || a.farm.id - b.farm.id,
  );
  return {
    wallet_address: address,
    block_number: Number(blockNumber),
    checked: rows.length,
    index: await indexAge(ctx),
    farms: ordered.map(({ farm, staked, earned, stakedUsd, earnedUsd }) => {
      const indexed = toIndexedFarm(farm, imported, ctx.oldTokens);
      const rewards = [indexed.reward_token_a, ...(indexed.reward_token_b ? [indexed.reward_token_b] : [])];
      return {
        farm: indexed,
        staked: formatUnits(staked, 18),
        staked_usd: stakedUsd,
        earned: rewards.map((r, k) => ({
          symbol: r.symbol,
          amount: formatUnits(earned[k] ?? 0n, r.decimals),
          usd: earnedUsd[k] ?? null,
        })),
        is_tracked: trackedSet.has(farm.address.toLowerCase()),
      };
    }),
  };
}
