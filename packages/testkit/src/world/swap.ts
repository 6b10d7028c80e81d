import { dragonLair, pair as pairArtifact, testErc20 } from '@tidewatch/contracts';
import { isAddressEqual } from 'viem';
import type { Anvil } from '../anvil.ts';
import { lairSpecs, type PairKey, type TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';

/**
 * Swaps `amountIn` of `tokenIn` through a world pair as a router would (tokens sent to the pair, then
 * `swap` for the most the constant-product formula with Uniswap V2's 0.3 % fee allows), from the
 * deployer, so prices move and fees accrue to LPs. Returns the amount of the other token paid out.
 * @example await swapExactIn(anvil, world, { pair: 'WETH-USDC', tokenIn: 'USDC', amountIn: 100_000n * 10n ** 6n });
 */
export async function swapExactIn(
  anvil: Anvil,
  world: World,
  input: { pair: PairKey; tokenIn: TokenKey; amountIn: bigint },
): Promise<bigint> {
  const pair = world.pairs[input.pair];
  const tokenIn = world.tokens[input.tokenIn].address;
  const [reserve0, reserve1] = await anvil.client.readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
  });
  const isToken0In = isAddressEqual(pair.token0, tokenIn);
  const [reserveIn, reserveOut] = isToken0In ? [reserve0, reserve1] : [reserve1, reserve0];
  const amountInWithFee = input.amountIn * 997n;
  const amountOut = (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);

  const d = world.accounts.deployer.address;
  const tx = new TxSender(anvil);
  if (input.tokenIn in lairSpecs) {
    await tx.call(d, tokenIn, dragonLair.abi, 'transfer', [pair.address, input.amountIn]);
  } else {
    await tx.call(d, tokenIn, testErc20.abi, 'mint', [pair.address, input.amountIn]);
  }
  const [out0, out1] = isToken0In ? [0n, amountOut] : [amountOut, 0n];
  await tx.call(d, pair.address, pairArtifact.abi, 'swap', [out0, out1, d, '0x']);
  await tx.assertAllSucceeded();
  return amountOut;
}
