import { integralAbis } from '@tidewatch/shared/integral-abis';
import { deadlineAfter, minimumAmounts } from '@tidewatch/shared/recovery-calls';
import { closePositionCall, v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  type PublicClient,
  parseUnits,
  zeroAddress,
} from 'viem';
import type { PreparedCall, TransactionRequest } from '../transactions/index.ts';
import { type HoldingAmount, toTokenAmount } from './holding-amount.ts';
import type { ChainPositionManager } from './v4-collect-request.ts';

type Position = {
  token_id: string;
  amounts: readonly [HoldingAmount, HoldingAmount];
  fees: readonly [HoldingAmount, HoldingAmount];
};

const abi = v3ActionAbis.positionManager as Abi;
const encode = (call: { abi: readonly unknown[]; functionName: string; args: readonly unknown[] }) =>
  encodeFunctionData(call as never);
const decode = <T>(functionName: string, data: Hex) =>
  decodeFunctionResult({ abi, functionName, data } as never) as T;

async function staticCall(client: PublicClient, account: Address, to: Address, data: Hex): Promise<Hex> {
  return (await client.call({ account, to, data })).data ?? '0x';
}

/** What a close pays, as the holdings answer last showed it: the liquidity's amounts plus the fees. */
function shownPayout(position: Position) {
  return position.amounts.map((amount, i) => {
    const fee = position.fees[i]!;
    const raw = parseUnits(amount.amount, amount.token.decimals) + parseUnits(fee.amount, fee.token.decimals);
    return toTokenAmount(amount, raw);
  });
}

/**
 * Closing a V4 (Algebra Integral) position on Base: one multicall of the position manager, `decreaseLiquidity` of
 * all of it (minimums: a static decreaseLiquidity now less the slippage the person set; the deadline on Base's clock),
 * `collect` of everything owed, then `burn` — the V3 actions' own builder: Integral's manager has these functions
 * as Algebra V1.0's (integral-abis.test.ts checks the fragments). Built at run time on Base from the registry's
 * manager, the NFT checked to be the wallet's and read now; what arrives is the multicall's own static result.
 */
export function v4CloseRequest(
  position: Position,
  chain: ChainPositionManager & { wNative: Address },
  slippageBps: number,
): TransactionRequest {
  const tokenId = BigInt(position.token_id);
  return {
    stepKind: 'v3_close',
    contractLabel: `V4 position manager on Base (position #${position.token_id})`,
    functionSignature: 'multicall(decreaseLiquidity, collect, burn)',
    receives: shownPayout(position),
    polUsd: null,
    chainId: chain.chainId,
    key: `base-v4-close:${position.token_id}`,
    async prepare({ client, account, chainId, latestBlockTimestamp }) {
      if (chainId !== chain.chainId) throw new Error(`the wallet is on chain ${chainId}, not Base`);
      const npm = chain.positionManager;
      const [owner, read] = await Promise.all([
        client.readContract({
          address: npm,
          abi,
          functionName: 'ownerOf',
          args: [tokenId],
        }) as Promise<Address>,
        client.readContract({
          address: npm,
          abi: integralAbis.positionManager,
          functionName: 'positions',
          args: [tokenId],
        }),
      ]);
      if (!isAddressEqual(owner, account)) {
        throw new Error(`position #${position.token_id} belongs to ${owner}, not to this wallet`);
      }
      const [, , token0, token1, , , , liquidity] = read;
      let amountsMin: readonly [bigint, bigint] = [0n, 0n];
      if (liquidity > 0n) {
        const decrease = encode({
          abi,
          functionName: 'decreaseLiquidity',
          args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n }],
        });
        const out = decode<readonly [bigint, bigint]>(
          'decreaseLiquidity',
          await staticCall(client, account, npm, decrease),
        );
        amountsMin = minimumAmounts([out[0], out[1]] as const, slippageBps);
      }
      const call = closePositionCall(
        { tokenId, token0, token1, liquidity, isDeposited: false, incentive: null },
        { positionManager: npm, farmingCenter: zeroAddress, wNative: chain.wNative },
        { account, amountsMin, deadline: deadlineAfter(await latestBlockTimestamp()) },
        encode,
      ) as PreparedCall;
      const results = decode<readonly Hex[]>(
        'multicall',
        await staticCall(client, account, npm, encode(call)),
      );
      // The collect is the one before the burn: everything the position paid out.
      const [paid0, paid1] = decode<readonly [bigint, bigint]>('collect', results.at(-2) ?? '0x');
      return {
        ...call,
        receives: [toTokenAmount(position.amounts[0], paid0), toTokenAmount(position.amounts[1], paid1)],
      };
    },
  };
}
