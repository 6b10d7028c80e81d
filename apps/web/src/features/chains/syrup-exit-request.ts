import type { TokenAmount } from '@tidewatch/shared/recovery';
import { recoveryAbis } from '@tidewatch/shared/recovery-abis';
import { type Abi, type Address, formatUnits, getAddress, isAddressEqual, parseUnits } from 'viem';
import type { TransactionRequest } from '../transactions/index.ts';

/** Base (issue 47): the chain its syrups are exited on, and the pools and QUICK QuickSwap's stake list names there. */
export type BaseSyrups = { chainId: number; quick: Address; pools: readonly Address[] };

type HoldingAmount = {
  token: { address: string; symbol: string; decimals: number };
  amount: string;
  usd: number | null;
};
type SyrupStake = { pool: string; staked: HoldingAmount; earned: HoldingAmount };

const toTokenAmount = (held: HoldingAmount, raw?: bigint): TokenAmount => {
  const exact = raw ?? parseUnits(held.amount, held.token.decimals);
  return {
    address: held.token.address,
    symbol: held.token.symbol,
    decimals: held.token.decimals,
    raw: exact.toString(),
    amount: formatUnits(exact, held.token.decimals),
    usd: raw === undefined ? held.usd : null,
  };
};

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
