import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import { type Abi, type Address, decodeFunctionData, encodeFunctionResult, type Hex } from 'viem';
import { planContracts } from './plan-fixtures.ts';

/** A pair's state as the chain would answer the reads of a remove-liquidity step. */
export type PairState = {
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
  kLast: bigint;
  balance0: bigint;
  balance1: bigint;
  routerAllowance: bigint;
  nonce: bigint;
};

const factoryOfPair = [
  {
    type: 'function',
    name: 'factory',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
] as const;

/**
 * Answers eth_call for the fixture pair (WETH token0, USDC token1, a factory without feeTo), its tokens'
 * balances and the router's allowance; the router's and the pair's transactions simulate as succeeding.
 */
export function answerPairReads(state: PairState): (call: { to: Address; data: Hex }) => Hex | undefined {
  return ({ to, data }) => {
    const target = to.toLowerCase();
    const answer = (abi: Abi, result: unknown): Hex => {
      const { functionName } = decodeFunctionData({ abi, data });
      return encodeFunctionResult({ abi, functionName, result } as never);
    };
    if (target === planContracts.factory)
      return answer(recoveryAbis.factory as Abi, '0x0000000000000000000000000000000000000000');
    if (target === planContracts.weth || target === planContracts.usdc) {
      return answer(
        recoveryAbis.erc20 as Abi,
        target === planContracts.weth ? state.balance0 : state.balance1,
      );
    }
    // The router's remove functions return what they paid; the simulation only needs it to decode.
    if (target === planContracts.router) return answer(recoveryAbis.router as Abi, [1n, 1n]);
    if (target !== planContracts.pair) return undefined;
    const pairFunction = (abi: Abi) => {
      try {
        return decodeFunctionData({ abi, data }).functionName;
      } catch {
        return null;
      }
    };
    if (pairFunction(factoryOfPair as Abi) === 'factory')
      return answer(factoryOfPair as Abi, planContracts.factory);
    const name = pairFunction(recoveryAbis.pair as Abi) ?? pairFunction(recoveryAbis.erc20 as Abi);
    const results: Record<string, unknown> = {
      getReserves: [state.reserve0, state.reserve1, 0],
      totalSupply: state.totalSupply,
      kLast: state.kLast,
      token0: planContracts.weth as Address,
      token1: planContracts.usdc as Address,
      nonces: state.nonce,
      allowance: state.routerAllowance,
      approve: true,
    };
    if (name === null || !(name in results))
      throw new Error(`the fixture pair does not answer ${data.slice(0, 10)}`);
    const abi = (name === 'allowance' || name === 'approve' ? recoveryAbis.erc20 : recoveryAbis.pair) as Abi;
    return answer(abi, results[name]);
  };
}
