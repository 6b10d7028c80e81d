import type { RecoveryStep } from '@tidewatch/shared/recovery';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import {
  type Abi,
  type Address,
  encodePacked,
  formatUnits,
  getAddress,
  getCreate2Address,
  isAddressEqual,
  keccak256,
} from 'viem';
import { buildRemoveLiquidityCall, type TransactionRequest } from '../transactions/index.ts';
import { type HoldingAmount, toTokenAmount } from './holding-amount.ts';

/** QuickSwap's V2 on a chain beside Polygon, from the registry: its factory, router and pair init-code hash. */
export type ChainV2 = { chainId: number; factory: Address; router: Address; pairInitCodeHash: `0x${string}` };

type V2Holding = { pair: string; lp_balance: string; amounts: readonly [HoldingAmount, HoldingAmount] };

/** The pair the factory creates for two tokens (CREATE2, the tokens sorted), as Uniswap V2's library derives it. */
function pairFor(v2: ChainV2, tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA];
  return getCreate2Address({
    from: v2.factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: v2.pairInitCodeHash,
  });
}

/**
 * Removing a wallet's V2 liquidity on Base: all the LP it holds of the pair, through Base's V2 router, as the
 * recovery plan removes liquidity on Polygon (buildRemoveLiquidityCall: minimums from the pair's reserves less the
 * slippage, a permit signed in the wallet, or `approve` first when it cannot sign one). Built at run time on Base:
 * the pair must be the registry factory's own for its tokens (its CREATE2 address), and the LP is read now.
 */
export function v2RemoveRequest(holding: V2Holding, v2: ChainV2, slippageBps: number): TransactionRequest {
  const pair = getAddress(holding.pair);
  const contractLabel = 'QuickSwap V2 router on Base';
  return {
    stepKind: 'remove_liquidity',
    contractLabel,
    functionSignature:
      'removeLiquidityWithPermit(address,address,uint256,uint256,uint256,address,uint256,bool,uint8,bytes32,bytes32)',
    receives: holding.amounts.map((amount) => toTokenAmount(amount)),
    polUsd: null,
    chainId: v2.chainId,
    key: `base-v2-remove:${pair}`,
    async prepare(tools) {
      if (tools.chainId !== v2.chainId) throw new Error(`the wallet is on chain ${tools.chainId}, not Base`);
      const read = <T>(functionName: string, args: readonly unknown[] = []) =>
        tools.client.readContract({
          address: pair,
          abi: recoveryAbis.pair as Abi,
          functionName,
          args,
        }) as Promise<T>;
      const [token0, token1, balance] = await Promise.all([
        read<Address>('token0'),
        read<Address>('token1'),
        read<bigint>('balanceOf', [tools.account]),
      ]);
      if (!isAddressEqual(pairFor(v2, token0, token1), pair)) {
        throw new Error(`${pair} is not a pair of QuickSwap's V2 factory on Base`);
      }
      if (balance === 0n) throw new Error('this wallet holds none of this LP now');
      const [a, b] = holding.amounts;
      const inOrder = isAddressEqual(a.token.address as Address, token0) ? [a, b] : [b, a];
      const step: RecoveryStep = {
        id: `remove_liquidity:${pair}`,
        kind: 'remove_liquidity',
        contract: v2.router,
        contract_label: contractLabel,
        function: 'removeLiquidity',
        spends: {
          address: pair,
          symbol: `${inOrder[0]!.token.symbol}-${inOrder[1]!.token.symbol} LP`,
          decimals: 18,
          raw: balance.toString(),
          amount: formatUnits(balance, 18),
          usd: null,
        },
        spender: null,
        receives: inOrder.map((amount) => toTokenAmount(amount!)),
        usd: null,
        gas: null,
        is_ready: true,
        note: null,
        vault: null,
      };
      return buildRemoveLiquidityCall(step, v2.router, slippageBps, tools);
    },
  };
}
