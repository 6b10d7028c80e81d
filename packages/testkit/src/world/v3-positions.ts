import { type Address, isAddressEqual } from 'viem';
import type { Anvil } from '../anvil.ts';
import { TxSender } from './tx-sender.ts';
import { depositAndFarm } from './v3-farming.ts';
import { approveAll, fundToken, impersonate, mintPositions, type PositionMint } from './v3-liquidity.ts';
import { floorToSpacing, TICK_SPACING } from './v3-math.ts';
import type { V3PoolKey } from './v3-spec.ts';
import { readV3PoolPrice } from './v3-swap.ts';
import type { V3World } from './v3-types.ts';

/** Range offsets (in spacings of 60 from the current tick) the added positions cycle through: in, below, above. */
const rangeCycle: readonly [number, number][] = [
  [-10, 10],
  [-40, -20],
  [20, 40],
  [-5, 25],
  [-60, -45],
];

/**
 * Gives `owner` `count` more positions (for benchmarks and scale tests: `npm run bench:v3` uses 50), minted by
 * the deployer with `owner` as recipient, alternating between the world's pools and cycling through ranges in,
 * below and above the current price. The last `farmed` of them (all in the incentive's pool, in range) are
 * deposited in FarmingCenter by the owner (impersonated when it is not one of anvil's accounts) and entered in the
 * world's eternal incentive. Returns the new token ids, farmed ones last.
 * @example const ids = await addV3Positions(anvil, v3World, { owner: wallet, count: 50, farmed: 5 });
 */
export async function addV3Positions(
  anvil: Anvil,
  v3World: V3World,
  input: { owner: Address; count: number; farmed?: number },
): Promise<bigint[]> {
  const farmed = input.farmed ?? 0;
  if (!Number.isInteger(input.count) || input.count < 0 || farmed < 0 || farmed > input.count) {
    throw new Error(`count ${input.count} and farmed ${farmed}: need 0 <= farmed <= count`);
  }
  const poolKeys = Object.keys(v3World.pools) as V3PoolKey[];
  const ticks = new Map<V3PoolKey, number>();
  for (const key of poolKeys) ticks.set(key, (await readV3PoolPrice(anvil, v3World.pools[key].address)).tick);

  const tx = new TxSender(anvil);
  const mints: PositionMint[] = [];
  for (let i = 0; i < input.count; i++) {
    const isFarmed = i >= input.count - farmed;
    const poolKey = isFarmed ? v3World.incentive.pool : (poolKeys[i % poolKeys.length] as V3PoolKey);
    const [low, high] = isFarmed
      ? (rangeCycle[0] as [number, number])
      : (rangeCycle[i % rangeCycle.length] as [number, number]);
    const base = floorToSpacing(ticks.get(poolKey) ?? 0);
    mints.push(
      await deployerFundedMint(tx, v3World, poolKey, {
        owner: input.owner,
        tickLower: base + low * TICK_SPACING,
        tickUpper: base + high * TICK_SPACING,
      }),
    );
  }
  const ids = await mintPositions(anvil, tx, v3World.positionManager, mints);

  if (farmed > 0) {
    await impersonate(anvil, input.owner);
    const farming = new TxSender(anvil);
    for (const tokenId of ids.slice(input.count - farmed)) {
      await depositAndFarm(farming, {
        owner: input.owner,
        tokenId,
        positionManager: v3World.positionManager,
        farmingCenter: v3World.farmingCenter,
        key: v3World.incentive.key,
      });
    }
    await farming.assertAllSucceeded();
  }
  return ids;
}

/**
 * Mints one position of a world pool for `owner`, paid by the deployer (who is given the tokens): any range,
 * e.g. FULL_RANGE (the extreme ticks) or a range in the MYST-WETH pool (a token without a price). Amounts in base
 * units; by default 10 whole tokens of each side. Returns its token id.
 * @example const tokenId = await mintV3Position(anvil, v3World, { pool: 'MYST-WETH', owner, ...FULL_RANGE });
 */
export async function mintV3Position(
  anvil: Anvil,
  v3World: V3World,
  input: {
    pool: V3PoolKey;
    owner: Address;
    tickLower: number;
    tickUpper: number;
    amount0?: bigint;
    amount1?: bigint;
  },
): Promise<bigint> {
  const tx = new TxSender(anvil);
  const mint = await deployerFundedMint(tx, v3World, input.pool, input);
  const [tokenId] = await mintPositions(anvil, tx, v3World.positionManager, [mint]);
  return tokenId as bigint;
}

/** Funds the deployer with a pool's tokens, approves the position manager and describes the mint. Sends only. */
async function deployerFundedMint(
  tx: TxSender,
  v3World: V3World,
  poolKey: V3PoolKey,
  input: { owner: Address; tickLower: number; tickUpper: number; amount0?: bigint; amount1?: bigint },
): Promise<PositionMint> {
  const d = v3World.accounts.deployer.address;
  const pool = v3World.pools[poolKey];
  const amount0 = input.amount0 ?? 10n ** BigInt(tokenDecimals(v3World, pool.token0) + 1);
  const amount1 = input.amount1 ?? 10n ** BigInt(tokenDecimals(v3World, pool.token1) + 1);
  await fundToken(tx, v3World, tokenKey(v3World, pool.token0), d, amount0);
  await fundToken(tx, v3World, tokenKey(v3World, pool.token1), d, amount1);
  await approveAll(tx, d, [pool.token0, pool.token1], v3World.positionManager);
  return {
    from: d,
    recipient: input.owner,
    token0: pool.token0,
    token1: pool.token1,
    tickLower: input.tickLower,
    tickUpper: input.tickUpper,
    amount0Desired: amount0,
    amount1Desired: amount1,
  };
}

function tokenKey(v3World: V3World, address: Address) {
  const found = Object.values(v3World.tokens).find((t) => isAddressEqual(t.address, address));
  if (!found) throw new Error(`no world token at ${address}`);
  return found.key;
}

const tokenDecimals = (v3World: V3World, address: Address) =>
  v3World.tokens[tokenKey(v3World, address)].decimals;
