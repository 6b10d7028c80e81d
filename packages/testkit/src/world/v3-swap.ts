import { algebraPool, algebraSwapRouter } from '@tidewatch/contracts';
import { type Address, isAddressEqual } from 'viem';
import type { Anvil } from '../anvil.ts';
import type { TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import { approveAll, fundToken, NO_DEADLINE } from './v3-liquidity.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO, sqrtRatioAtTick, TICK_SPACING } from './v3-math.ts';
import type { V3PoolKey } from './v3-spec.ts';
import type { V3World } from './v3-types.ts';

type SwapWorld = Pick<V3World, 'pools' | 'tokens' | 'accounts' | 'swapRouter'>;

/** A pool's price as globalState() reports it. */
export type V3PoolPrice = { tick: number; sqrtPriceX96: bigint };

/** globalState().price and .tick of a world pool. */
export async function readV3PoolPrice(anvil: Anvil, pool: Address): Promise<V3PoolPrice> {
  const [sqrtPriceX96, tick] = await anvil.client.readContract({
    address: pool,
    abi: algebraPool.abi,
    functionName: 'globalState',
  });
  return { tick, sqrtPriceX96 };
}

/**
 * Swaps `amountIn` of `tokenIn` for the pool's other token through Algebra's SwapRouter (exactInputSingle) from
 * the deployer, who is given the tokens first, so prices move and fees accrue to the liquidity in range. With
 * `limitSqrtPrice` the swap stops at that price and takes only what it used. Returns the amount paid out.
 * @example await swapV3(anvil, v3World, { pool: 'WMATIC-USDC', tokenIn: 'USDC', amountIn: 10_000n * 10n ** 6n });
 */
export async function swapV3(
  anvil: Anvil,
  v3World: SwapWorld,
  input: { pool: V3PoolKey; tokenIn: TokenKey; amountIn: bigint; limitSqrtPrice?: bigint },
): Promise<bigint> {
  const pool = v3World.pools[input.pool];
  const tokenIn = v3World.tokens[input.tokenIn].address;
  const isToken0In = isAddressEqual(tokenIn, pool.token0);
  if (!isToken0In && !isAddressEqual(tokenIn, pool.token1)) {
    throw new Error(`${input.tokenIn} is not a token of ${input.pool}`);
  }
  const d = v3World.accounts.deployer.address;
  const tx = new TxSender(anvil);
  await fundToken(tx, v3World, input.tokenIn, d, input.amountIn);
  await approveAll(tx, d, [tokenIn], v3World.swapRouter);
  await tx.assertAllSucceeded();

  const params = {
    tokenIn,
    tokenOut: isToken0In ? pool.token1 : pool.token0,
    recipient: d,
    deadline: NO_DEADLINE,
    amountIn: input.amountIn,
    amountOutMinimum: 0n,
    // Past the extreme prices by one, as the router expects a limit strictly inside (MIN, MAX).
    limitSqrtPrice: input.limitSqrtPrice ?? (isToken0In ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n),
  };
  const { result: amountOut } = await anvil.client.simulateContract({
    account: d,
    address: v3World.swapRouter,
    abi: algebraSwapRouter.abi,
    functionName: 'exactInputSingle',
    args: [params],
  });
  await tx.call(d, v3World.swapRouter, algebraSwapRouter.abi, 'exactInputSingle', [params]);
  await tx.assertAllSucceeded();
  return amountOut;
}

/** Whole tokens the deployer offers when it moves a price to a tick: far more than any world pool can take. */
const PRICE_MOVE_BUDGET_WHOLE = 10n ** 15n;

/**
 * Moves a pool's price to exactly the sqrt price of `toTick` with one swap by the deployer (token0 in to go down,
 * token1 in to go up), however far: the swap stops at that price. Returns the pool's price after it.
 * @example await moveV3Price(anvil, v3World, { pool: 'WMATIC-USDC', toTick: v3World.positions.inRange.tickUpper + 60 });
 */
export async function moveV3Price(
  anvil: Anvil,
  v3World: SwapWorld,
  input: { pool: V3PoolKey; toTick: number },
): Promise<V3PoolPrice> {
  const pool = v3World.pools[input.pool];
  const target = sqrtRatioAtTick(input.toTick);
  const before = await readV3PoolPrice(anvil, pool.address);
  if (before.sqrtPriceX96 === target) return before;
  const isDown = target < before.sqrtPriceX96;
  const tokenIn = isDown ? tokenKeyOf(v3World, pool.token0) : tokenKeyOf(v3World, pool.token1);
  const amountIn = PRICE_MOVE_BUDGET_WHOLE * 10n ** BigInt(v3World.tokens[tokenIn].decimals);
  await swapV3(anvil, v3World, { pool: input.pool, tokenIn, amountIn, limitSqrtPrice: target });
  return readV3PoolPrice(anvil, pool.address);
}

/**
 * Moves a pool's price out of a range or back into it: 'below' puts the tick one spacing under tickLower,
 * 'above' one spacing over tickUpper (both out of range: in range is tickLower <= tick < tickUpper), 'inside'
 * in the middle of the range. Any V3WorldPosition is a range.
 * @example await movePriceAcrossRange(anvil, v3World, v3World.positions.inRange, 'above');
 */
export async function movePriceAcrossRange(
  anvil: Anvil,
  v3World: SwapWorld,
  range: { pool: V3PoolKey; tickLower: number; tickUpper: number },
  to: 'below' | 'above' | 'inside',
): Promise<V3PoolPrice> {
  const toTick =
    to === 'below'
      ? range.tickLower - TICK_SPACING
      : to === 'above'
        ? range.tickUpper + TICK_SPACING
        : Math.floor((range.tickLower + range.tickUpper) / 2);
  return moveV3Price(anvil, v3World, { pool: range.pool, toTick });
}

function tokenKeyOf(v3World: SwapWorld, address: Address): TokenKey {
  const found = Object.values(v3World.tokens).find((t) => isAddressEqual(t.address, address));
  if (!found) throw new Error(`no world token at ${address}`);
  return found.key;
}
