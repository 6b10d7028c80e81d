import type { RecoveryStep } from '@tidewatch/shared/recovery';
import {
  buildStepCall,
  deadlineAfter,
  minimumAmounts,
  permitTypedData,
  recoveryAbis,
  removedAmounts,
} from '@tidewatch/shared/recovery-calls';
import { isSameAddress } from '@tidewatch/shared/same-address';
import type { Abi, Address, Hex, TypedDataDefinition } from 'viem';
import { getWalletErrorCode } from '../../lib/wallet/wallet-messages.ts';
import type { PreparedCall, PrepareTools } from './types.ts';

/** UniswapV2Pair's `factory()`, whose `feeTo` says whether the protocol fee is minted before a burn. */
const pairFactoryAbi = [
  {
    type: 'function',
    name: 'factory',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
] as const;

const zeroAddress = '0x0000000000000000000000000000000000000000';

/** Answers of a wallet that cannot sign typed data: unsupported (4200), or no such method (-32601). */
const cannotSignCodes = new Set([4200, -32601, -32004]);

/** The least of each token to accept, in the order of the step's `receives` (tokenA, tokenB). */
async function readMinimumAmounts(
  step: RecoveryStep,
  pair: Address,
  liquidity: bigint,
  tools: PrepareTools,
  slippageBps: number,
): Promise<readonly [bigint, bigint]> {
  const { client } = tools;
  const read = <T>(address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ address, abi, functionName, args }) as Promise<T>;
  const [reserves, totalSupply, kLast, token0, token1, factory] = await Promise.all([
    read<readonly [bigint, bigint, number]>(pair, recoveryAbis.pair as Abi, 'getReserves'),
    read<bigint>(pair, recoveryAbis.pair as Abi, 'totalSupply'),
    read<bigint>(pair, recoveryAbis.pair as Abi, 'kLast'),
    read<Address>(pair, recoveryAbis.pair as Abi, 'token0'),
    read<Address>(pair, recoveryAbis.pair as Abi, 'token1'),
    read<Address>(pair, pairFactoryAbi as Abi, 'factory'),
  ]);
  const [feeTo, balance0, balance1] = await Promise.all([
    read<Address>(factory, recoveryAbis.factory as Abi, 'feeTo'),
    read<bigint>(token0, recoveryAbis.erc20 as Abi, 'balanceOf', [pair]),
    read<bigint>(token1, recoveryAbis.erc20 as Abi, 'balanceOf', [pair]),
  ]);
  const { amount0, amount1 } = removedAmounts({
    liquidity,
    reserve0: reserves[0],
    reserve1: reserves[1],
    totalSupply,
    kLast,
    feeOn: !isSameAddress(feeTo, zeroAddress),
    balance0,
    balance1,
  });
  const isToken0First = isSameAddress(step.receives[0]?.address, token0);
  return minimumAmounts(
    [isToken0First ? amount0 : amount1, isToken0First ? amount1 : amount0] as const,
    slippageBps,
  );
}

/** A 65-byte signature's r, s and v, as the router's permit arguments take them. */
function splitSignature(signature: Hex): { r: Hex; s: Hex; v: number } {
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return { r: `0x${signature.slice(2, 66)}`, s: `0x${signature.slice(66, 130)}`, v: v < 27 ? v + 27 : v };
}

/**
 * Removing a pair's liquidity through the router, built from fresh reads: minimum amounts from the pair's
 * reserves, supply, kLast and the factory's feeTo at `slippageBps`; the deadline from the latest block's
 * time. An allowance the router already has: `removeLiquidity`. Otherwise a permit signed in the wallet and
 * `removeLiquidityWithPermit` (one transaction); a wallet that cannot sign typed data gets `approve` first,
 * as its own step, and `removeLiquidity` when the step runs again.
 */
export async function buildRemoveLiquidityCall(
  step: RecoveryStep,
  router: Address,
  slippageBps: number,
  tools: PrepareTools,
): Promise<PreparedCall> {
  const pair = step.spends?.address as Address | undefined;
  if (!pair) throw new Error('the remove liquidity step names no LP token');
  const liquidity = BigInt(step.spends?.raw ?? '0');
  const { client, account, chainId } = tools;
  const [amountsMin, blockTime, allowance] = await Promise.all([
    readMinimumAmounts(step, pair, liquidity, tools, slippageBps),
    tools.latestBlockTimestamp(),
    client.readContract({
      address: pair,
      abi: recoveryAbis.erc20 as Abi,
      functionName: 'allowance',
      args: [account, router],
    }) as Promise<bigint>,
  ]);
  const deadline = deadlineAfter(blockTime);
  const asCall = (call: ReturnType<typeof buildStepCall>) => ({ ...call, abi: call.abi as Abi });
  const withoutPermit = {
    stepKind: 'remove_liquidity' as const,
    contractLabel: step.contract_label,
    functionSignature: 'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
    receives: step.receives,
  };
  if (allowance >= liquidity) {
    return { ...asCall(buildStepCall(step, { account, deadline, amountsMin })), instead: withoutPermit };
  }
  const nonce = (await client.readContract({
    address: pair,
    abi: recoveryAbis.pair as Abi,
    functionName: 'nonces',
    args: [account],
  })) as bigint;
  const typed = permitTypedData({
    pair,
    chainId,
    owner: account,
    spender: router,
    value: liquidity,
    nonce,
    deadline,
  });
  try {
    const lp = `${step.spends?.amount ?? ''} ${step.spends?.symbol ?? 'LP'}`;
    const signature = await tools.signTypedData(
      typed as unknown as TypedDataDefinition,
      `a permit for ${lp} to the router ${router}`,
    );
    return asCall(buildStepCall(step, { account, deadline, amountsMin, permit: splitSignature(signature) }));
  } catch (error) {
    const code = getWalletErrorCode(error);
    if (code === undefined || !cannotSignCodes.has(code)) throw error;
    return {
      address: pair,
      abi: recoveryAbis.erc20 as Abi,
      functionName: 'approve',
      args: [router, liquidity],
      instead: {
        stepKind: 'approve',
        contractLabel: `${step.spends?.symbol ?? 'LP'} token (your wallet cannot sign a permit: approve the router first)`,
        functionSignature: 'approve(address,uint256)',
        receives: [],
      },
    };
  }
}
