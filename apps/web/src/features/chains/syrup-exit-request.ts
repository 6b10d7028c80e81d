import { recoveryAbis } from '@tidewatch/shared/recovery-abis';
import { type Abi, type Address, getAddress, isAddressEqual } from 'viem';
import type { TransactionRequest } from '../transactions/index.ts';
import { type HoldingAmount, toTokenAmount } from './holding-amount.ts';

/** Base (issue 47): the chain its syrups are exited on, and the pools and QUICK QuickSwap's stake list names there. */
export type BaseSyrups = { chainId: number; quick: Address; pools: readonly Address[] };

type SyrupStake = { pool: string; staked: HoldingAmount; earned: HoldingAmount };

/**
 * Taking a stake out of a syrup pool on Base, ended or not: `exit()` pays back the staked QUICK and what it earned.
 * Built in the browser at run time from the chain as the wallet sees it on Base: the pool must be one QuickSwap lists
 * there and stake Base's QUICK, and what arrives is read from it now (balanceOf, earned). The wallet is asked to
 * switch to Base first; nothing is reported to the server (its books read Polygon).
 */
export function syrupExitRequest(stake: SyrupStake, base: BaseSyrups): TransactionRequest {
  const pool = getAddress(stake.pool);
  const abi = recoveryAbis.farm as Abi;
  return {
    stepKind: 'exit',
    contractLabel: `syrup pool on Base (earns ${stake.earned.token.symbol})`,
    functionSignature: 'exit()',
    receives: [toTokenAmount(stake.staked), toTokenAmount(stake.earned)],
    polUsd: null,
    chainId: base.chainId,
    key: `base-syrup-exit:${pool}`,
    async prepare({ client, account, chainId }) {
      if (chainId !== base.chainId) throw new Error(`the wallet is on chain ${chainId}, not Base`);
      if (!base.pools.some((listed) => isAddressEqual(listed, pool))) {
        throw new Error(`${pool} is not a syrup pool QuickSwap lists on Base`);
      }
      const read = <T>(functionName: string, args: readonly unknown[] = []) =>
        client.readContract({ address: pool, abi, functionName, args }) as Promise<T>;
      const [stakingToken, staked, earned] = await Promise.all([
        read<Address>('stakingToken'),
        read<bigint>('balanceOf', [account]),
        read<bigint>('earned', [account]),
      ]);
      if (!isAddressEqual(stakingToken, base.quick)) {
        throw new Error(`${pool} stakes ${stakingToken}, not Base's QUICK: not a syrup pool`);
      }
      return {
        address: pool,
        abi,
        functionName: 'exit',
        args: [],
        receives: [toTokenAmount(stake.staked, staked), toTokenAmount(stake.earned, earned)],
      };
    },
  };
}
