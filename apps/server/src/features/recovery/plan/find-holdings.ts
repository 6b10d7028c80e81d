import { pair } from '@tidewatch/contracts';
import { type Address, getAddress } from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { ReadPlan } from '../../../core/chain/read-plan.ts';
import { planSyrupStakes, type SyrupStake } from '../../../core/chain/syrup-stakes.ts';
import type { IndexRow } from '../../../core/farm-index/index-repository.ts';
import { planWalletFarms, type WalletFarm } from '../../../core/farm-index/wallet-farms.ts';

/** What the find stage found: the wallet's farms, and the pairs of ended farms whose LP it holds. */
export type RecoveryHoldings = {
  found: WalletFarm[];
  /** One index row per pair of an ended farm (by the index's period end) whose LP tokens the wallet holds. */
  heldPairs: IndexRow[];
  /** The listed syrup pools that have ended by the block's time where the wallet has stake or rewards. */
  syrups: SyrupStake[];
  /** The listed syrup pools still paying where the wallet has stake or rewards: taken out only when included. */
  runningSyrups: SyrupStake[];
  blockNumber: bigint;
};

/**
 * The recovery plan's find stage, in one plan at one block: the wallet's stake and rewards in every index
 * farm (find my farms' reads), and its LP balance of every pair an index farm stakes, so LP left in the
 * wallet after an earlier `exit` (a plan stopped half-way) is still removed. A pair counts when one of its
 * farms has ended by the block's time (by the index's period end: a period only ever grows). And the wallet's
 * stake and rewards in every listed syrup pool (a pool that cannot be read is left out: nothing to plan).
 */
export async function findRecoveryHoldings(
  chain: ChainClient,
  rows: IndexRow[],
  wallet: Address,
  syrups: readonly Address[],
): Promise<RecoveryHoldings> {
  const plan = new ReadPlan();
  const block = plan.addBlock(chain.multicall3Address);
  const found = planWalletFarms(plan, rows, wallet);
  const syrupStakes = planSyrupStakes(plan, wallet, syrups);
  const rowOfPair = new Map<string, IndexRow>();
  const endOfPair = new Map<string, number>();
  for (const row of rows) {
    const key = row.pair_address.toLowerCase();
    const end = Date.parse(row.period_finish) / 1000;
    // The earliest funded period end of the pair's farms: the pair counts once that one has ended.
    if (end > 0 && end < (endOfPair.get(key) ?? Number.POSITIVE_INFINITY)) {
      endOfPair.set(key, end);
      rowOfPair.set(key, row);
    }
  }
  const lpHeld = new Map<string, bigint>();
  for (const [key, row] of rowOfPair) {
    const address = getAddress(row.pair_address);
    plan.add<bigint>(
      {
        label: `pair ${address}: balanceOf(${wallet})`,
        address,
        abi: pair.abi,
        functionName: 'balanceOf',
        args: [wallet],
      },
      (v) => lpHeld.set(key, v),
    );
  }
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  const now = Number(block.timestamp);
  const heldPairs = [...rowOfPair]
    .filter(([key]) => (lpHeld.get(key) ?? 0n) > 0n && endOfPair.get(key)! <= now)
    .map(([, row]) => row);
  const stakes = syrupStakes().syrups;
  return {
    found: found(),
    heldPairs,
    syrups: stakes.filter((stake) => stake.periodFinish <= block.timestamp),
    runningSyrups: stakes.filter((stake) => stake.periodFinish > block.timestamp),
    blockNumber: block.number,
  };
}
