import { recoveryAbis, removedAmounts } from '@tidewatch/shared/recovery-calls';
import type { Anvil, WorldFarm } from '@tidewatch/testkit';
import { type Abi, type Address, getAddress, zeroAddress } from 'viem';
import { expect } from 'vitest';

/** A change of the wallet's balance of one token, in base units. */
export type BalanceChange = [token: Address, delta: bigint];

/**
 * A wallet's side of the recovery, read with the test's own client: its stakes and rewards in farms, its
 * balances of the tokens the plan moves (`tracked`, by a name for failure messages), and the test's own
 * arithmetic for what a step pays, from chain reads at the latest block.
 */
export function createWalletLedger(
  anvil: Anvil,
  wallet: Address,
  options: { factory: Address; tracked: Record<string, Address> },
) {
  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
    anvil.client.readContract({ address, abi: abi as Abi, functionName, args }) as Promise<T>;
  const tokenBalance = (token: Address, holder: Address) =>
    read<bigint>(token, recoveryAbis.erc20, 'balanceOf', [holder]);
  const balanceOf = (token: Address) => tokenBalance(token, wallet);
  const tracked = Object.entries(options.tracked);
  const readBalances = async () =>
    new Map(await Promise.all(tracked.map(async ([, token]) => [token, await balanceOf(token)] as const)));

  return {
    read,
    balanceOf,
    readBalances,
    /** LP tokens the wallet has staked in `farm`. */
    stakeIn: (farm: WorldFarm) =>
      read<bigint>(
        farm.address,
        farm.kind === 'lp' ? recoveryAbis.farm : recoveryAbis.dualFarm,
        'balanceOf',
        [wallet],
      ),
    /** Its unclaimed rewards in `farm`, A then B. */
    earnedIn: (farm: WorldFarm) =>
      farm.kind === 'lp'
        ? Promise.all([read<bigint>(farm.address, recoveryAbis.farm, 'earned', [wallet])])
        : Promise.all(
            (['earnedA', 'earnedB'] as const).map((name) =>
              read<bigint>(farm.address, recoveryAbis.dualFarm, name, [wallet]),
            ),
          ),
    /** The wallet's balance of each tracked token moved by exactly `changes` since `before`; the rest did not move. */
    async expectBalanceChanges(before: Map<Address, bigint>, changes: BalanceChange[]) {
      const after = await readBalances();
      const expected = new Map(changes);
      const byName = (of: (token: Address) => bigint) =>
        Object.fromEntries(tracked.map(([name, token]) => [name, of(token)]));
      expect(byName((token) => after.get(token)! - before.get(token)!)).toEqual(
        byName((token) => expected.get(token) ?? 0n),
      );
    },
    /**
     * What removing the wallet's whole LP of `pair` pays now, as balance changes: Uniswap V2's burn (the
     * protocol's fee minted first, `removedAmounts`) of the wallet's LP and any the pair itself holds.
     */
    async expectedRemoval(pair: Address): Promise<{ liquidity: bigint; changes: BalanceChange[] }> {
      const [liquidity, ownLp, [reserve0, reserve1], totalSupply, kLast, token0, token1, feeTo] =
        await Promise.all([
          balanceOf(pair),
          tokenBalance(pair, pair),
          read<readonly [bigint, bigint, number]>(pair, recoveryAbis.pair, 'getReserves'),
          read<bigint>(pair, recoveryAbis.pair, 'totalSupply'),
          read<bigint>(pair, recoveryAbis.pair, 'kLast'),
          read<Address>(pair, recoveryAbis.pair, 'token0'),
          read<Address>(pair, recoveryAbis.pair, 'token1'),
          read<Address>(options.factory, recoveryAbis.factory, 'feeTo'),
        ]);
      const [balance0, balance1] = await Promise.all([
        tokenBalance(token0, pair),
        tokenBalance(token1, pair),
      ]);
      const paid = removedAmounts({
        liquidity: liquidity + ownLp,
        reserve0,
        reserve1,
        totalSupply,
        kLast,
        feeOn: feeTo !== zeroAddress,
        balance0,
        balance1,
      });
      return {
        liquidity,
        changes: [
          [pair, -liquidity],
          [getAddress(token0), paid.amount0],
          [getAddress(token1), paid.amount1],
        ],
      };
    },
  };
}
