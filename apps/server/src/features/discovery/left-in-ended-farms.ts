import type { LeftInEndedFarms } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { findIndexRows } from '../../core/farm-index/index-repository.ts';
import { findAndValueWalletFarms } from '../../core/farm-index/wallet-farms.ts';
import { type DiscoveryContext, indexAge, requireChain } from './context.ts';
import { findWalletAddresses } from './repository.ts';

/**
 * The dashboard's 'left in ended farms': per wallet of the user, the stake and unclaimed rewards still in
 * farms ended by the chain's clock, valued as find my farms values them (unknown prices counted apart,
 * never as 0).
 */
export async function leftInEndedFarms(ctx: DiscoveryContext, userId: number): Promise<LeftInEndedFarms> {
  const chain = requireChain(ctx);
  const wallets = await findWalletAddresses(ctx.db, userId, ctx.chainId);
  // Ended by the chain's clock, as the recovery plan decides it: the index's flag is as old as its refresh.
  const { timestamp } = await chain.publicClient.getBlock({ blockTag: 'latest' });
  const ended = await findIndexRows(ctx.db, ctx.chainId, { endedBy: new Date(Number(timestamp) * 1000) });
  const results = await Promise.all(
    wallets.map(async (w) => {
      const { found } = await findAndValueWalletFarms(chain, ctx.pipeline, ended, getAddress(w.address));
      let value = 0;
      let unpriced = 0;
      for (const f of found) {
        const parts = [
          ...(f.staked > 0n ? [f.stakedUsd] : []),
          ...f.earnedUsd.filter((_, k) => f.earned[k]! > 0n),
        ];
        if (parts.some((usd) => usd === null)) unpriced += 1;
        value += parts.reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
      }
      return { wallet_address: getAddress(w.address), farms: found.length, value_usd: value, unpriced };
    }),
  );
  return { wallets: results, index: await indexAge(ctx) };
}
