import { type Address, isAddressEqual } from 'viem';
import type { FarmEvent } from '../chain/farm-logs.ts';
import type { FarmRef } from '../chain/farm-ref.ts';
import type { SnapshotPipeline } from '../snapshots/index.ts';
import { toTokenNumber } from '../snapshots/valuation/decimal.ts';
import { resolvePairPrices } from '../snapshots/valuation/snapshot-math.ts';

/** An event with what it was worth at its block, ready for position_events. */
export type ValuedFarmEvent = FarmEvent & {
  blockTime: Date;
  amount0: bigint | null;
  amount1: bigint | null;
  usd: number | null;
  usdError: string | null;
};

/**
 * Values events at their own blocks: one pinned read per distinct block (the pair's reserves and LP
 * supply, and the on-chain prices, in one aggregate3). A stake or withdrawal stands for
 * amount x reserve / supply of each token; a reward is its amount at the reward token's price. A price
 * unknown at that block leaves `usd` null with the reason.
 */
export async function valueEventsAtTheirBlocks(
  pipeline: SnapshotPipeline,
  farm: FarmRef,
  wallet: Address,
  events: FarmEvent[],
): Promise<ValuedFarmEvent[]> {
  const blocks = [...new Set(events.map((event) => event.blockNumber))];
  const valued: ValuedFarmEvent[] = [];
  for (const block of blocks) {
    const { read, prices } = await pipeline.readForSnapshots({ farms: [farm], accounts: [wallet], block });
    const farmRead = read.farms[0]!;
    const { pair } = farmRead;
    // As the snapshots do: a pair side no source prices takes its price from the reserve ratio.
    const sides = resolvePairPrices({
      reserve0: pair.reserve0,
      reserve1: pair.reserve1,
      decimals0: pair.token0.decimals,
      decimals1: pair.token1.decimals,
      price0: prices.get(pair.token0.address.toLowerCase())?.usd ?? null,
      price1: prices.get(pair.token1.address.toLowerCase())?.usd ?? null,
    });
    const resolved = new Map([
      [pair.token0.address.toLowerCase(), sides.price0],
      [pair.token1.address.toLowerCase(), sides.price1],
    ]);
    const priceOf = (token: { address: Address; symbol: string }) => {
      const key = token.address.toLowerCase();
      return {
        usd: resolved.get(key) ?? prices.get(key)?.usd ?? null,
        missing: `no price for ${token.symbol} at block ${block}`,
      };
    };
    for (const event of events.filter((e) => e.blockNumber === block)) {
      const blockTime = new Date(Number(read.blockTimestamp) * 1000);
      if (event.kind === 'reward_paid') {
        const token =
          farmRead.rewards.find(
            (r) => event.rewardToken && isAddressEqual(r.token.address, event.rewardToken),
          )?.token ?? farmRead.rewards[0]!.token;
        const price = priceOf(token);
        valued.push({
          ...event,
          rewardToken: token.address,
          blockTime,
          amount0: null,
          amount1: null,
          usd: price.usd === null ? null : toTokenNumber(event.amount, token.decimals) * price.usd,
          usdError: price.usd === null ? price.missing : null,
        });
        continue;
      }
      const amount0 = pair.totalSupply === 0n ? 0n : (event.amount * pair.reserve0) / pair.totalSupply;
      const amount1 = pair.totalSupply === 0n ? 0n : (event.amount * pair.reserve1) / pair.totalSupply;
      const p0 = priceOf(pair.token0);
      const p1 = priceOf(pair.token1);
      const missing = p0.usd === null ? p0.missing : p1.usd === null ? p1.missing : null;
      valued.push({
        ...event,
        blockTime,
        amount0,
        amount1,
        usd:
          p0.usd === null || p1.usd === null
            ? null
            : toTokenNumber(amount0, pair.token0.decimals) * p0.usd +
              toTokenNumber(amount1, pair.token1.decimals) * p1.usd,
        usdError: missing,
      });
    }
  }
  return valued;
}
