import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import { type Abi, type Address, isAddressEqual, maxUint128 } from 'viem';
import type { TransactionRequest } from '../transactions/index.ts';
import { type HoldingAmount, toTokenAmount } from './holding-amount.ts';

/** Base's QuickSwap V4 position manager, from the registry the action checks the position against. */
export type ChainPositionManager = { chainId: number; positionManager: Address };

type Position = { token_id: string; fees: readonly [HoldingAmount, HoldingAmount] };

/**
 * Collecting a V4 (Algebra Integral) position's fees on Base to the wallet: the position manager's `collect`, the
 * same function as Algebra V1.0's (the V3 actions' fragment, checked against Integral's npm artifact). Integral
 * keeps a farmed NFT in the wallet, so the owner collects either way. Built at run time on Base: the NFT must be the
 * wallet's on the registry's position manager, and what arrives is a static `collect` from the wallet now.
 */
export function v4CollectRequest(position: Position, chain: ChainPositionManager): TransactionRequest {
  const abi = v3ActionAbis.positionManager as Abi;
  const tokenId = BigInt(position.token_id);
  return {
    stepKind: 'v3_collect',
    contractLabel: `V4 position manager on Base (position #${position.token_id})`,
    functionSignature: 'collect((uint256,address,uint128,uint128))',
    receives: position.fees.map((fee) => toTokenAmount(fee)),
    polUsd: null,
    chainId: chain.chainId,
    key: `base-v4-collect:${position.token_id}`,
    async prepare({ client, account, chainId }) {
      if (chainId !== chain.chainId) throw new Error(`the wallet is on chain ${chainId}, not Base`);
      const owner = (await client.readContract({
        address: chain.positionManager,
        abi,
        functionName: 'ownerOf',
        args: [tokenId],
      })) as Address;
      if (!isAddressEqual(owner, account)) {
        throw new Error(`position #${position.token_id} belongs to ${owner}, not to this wallet`);
      }
      const args = [{ tokenId, recipient: account, amount0Max: maxUint128, amount1Max: maxUint128 }];
      const { result } = await client.simulateContract({
        account,
        address: chain.positionManager,
        abi,
        functionName: 'collect',
        args,
      });
      const [amount0, amount1] = result as readonly [bigint, bigint];
      return {
        address: chain.positionManager,
        abi,
        functionName: 'collect',
        args,
        receives: [toTokenAmount(position.fees[0], amount0), toTokenAmount(position.fees[1], amount1)],
      };
    },
  };
}
