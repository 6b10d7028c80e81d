import {
  algebraEternalFarming,
  algebraFactory,
  farmingCenter as farmingCenterArtifact,
  merklDistributor,
  nonfungiblePositionManager,
} from '@tidewatch/contracts';
import type { Address } from 'viem';
import type { Anvil } from '../anvil.ts';
import type { MerklReward } from '../merkl/tree.ts';
import type { TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';
import { deployAlgebraContracts } from './v3-contracts.ts';
import { createEternalIncentive, depositAndFarm, incentiveIdOf } from './v3-farming.ts';
import {
  approveAll,
  fundToken,
  mintPositions,
  type PositionMint,
  positionLiquidity,
  tokenUnits,
} from './v3-liquidity.ts';
import { floorToSpacing, sqrtPriceX96FromAmounts } from './v3-math.ts';
import { deployMerklDistributor, merklToken, publishMerklRewards } from './v3-merkl.ts';
import {
  v3IncentiveSpec as incentiveSpec,
  merklTreeSpecs,
  V3_ACCRUAL_SECONDS,
  type V3PoolKey,
  type V3PositionKey,
  v3PoolSpecs,
  v3PositionSpecs,
  v3SwapSpecs,
} from './v3-spec.ts';
import { readV3PoolPrice, swapV3 } from './v3-swap.ts';
import type { V3IncentiveKey, V3World, V3WorldPool, V3WorldPosition } from './v3-types.ts';
import { makeWrappedNativeUnwrap } from './wrapped-native.ts';

const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];
/** createPool deploys a 22 kB pool and its data storage operator: about 6.6M gas, over the kit's default 6M. */
const CREATE_POOL_GAS = 12_000_000;

/**
 * Deploys QuickSwap V3 (Algebra V1.0, the published bytecode) and Merkl's distributor on a chain that already
 * has the V2 world, and uses that world's tokens (WMATIC as WNative): the Algebra wiring of the facts sheet,
 * pools WMATIC-USDC and WETH-USDC started at the V2 pairs' prices with the deployer's wide liquidity, the user's
 * positions below, inside and above the current price and one deposited in FarmingCenter and farming an eternal
 * incentive (new dQUICK, WMATIC bonus), swaps so fees accrue, an hour so rewards accrue, and Merkl rewards of
 * the user in the distributor's current tree (part of them claimed from an earlier tree). The V2 world is left
 * as it was, except for token balances and the chain clock. See v3-spec.ts for the figures.
 * @example
 * const world = await deployQuickswapWorld(anvil);
 * const v3World = await deployV3World(anvil, world);
 * v3World.positions.inRange.tokenId;
 */
export async function deployV3World(anvil: Anvil, world: World): Promise<V3World> {
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const wNative = world.tokens.WMATIC.address;

  // As on Polygon, the position manager's WNative unwraps (collect as POL).
  await makeWrappedNativeUnwrap(anvil, world);
  const setUp = new TxSender(anvil);
  const contracts = await deployAlgebraContracts(anvil, setUp, d, wNative);
  const distributor = await deployMerklDistributor(setUp, d);
  for (const [, spec] of entries(v3PoolSpecs)) {
    const [token0, token1, amount0, amount1] = sortedPoolTokens(
      world,
      spec.tokenA,
      spec.tokenB,
      spec.priceFrom,
    );
    await setUp.call(
      d,
      contracts.positionManager,
      nonfungiblePositionManager.abi,
      'createAndInitializePoolIfNecessary',
      [token0, token1, sqrtPriceX96FromAmounts(amount0, amount1)],
      { gas: CREATE_POOL_GAS },
    );
  }
  await setUp.assertAllSucceeded();
  const pools = await readPools(anvil, world, contracts.factory);

  // Liquidity: the deployer's wide range in each pool, then the user's positions.
  const funding = new TxSender(anvil);
  const mints: PositionMint[] = [];
  for (const [key, spec] of entries(v3PoolSpecs)) {
    const pool = pools[key];
    const base = floorToSpacing(pool.initialTick);
    const { ticksEachSide, amountA, amountB } = spec.deployerLiquidity;
    mints.push(
      await fundedMint(funding, world, pool, {
        from: d,
        recipient: d,
        ticks: [base - ticksEachSide, base + ticksEachSide],
        amountA,
        amountB,
      }),
    );
  }
  const positionKeys = Object.keys(v3PositionSpecs) as V3PositionKey[];
  for (const key of positionKeys) {
    const spec = v3PositionSpecs[key];
    const base = floorToSpacing(pools[spec.pool].initialTick);
    mints.push(
      await fundedMint(funding, world, pools[spec.pool], {
        from: user,
        recipient: user,
        ticks: [base + spec.ticks[0], base + spec.ticks[1]],
        amountA: spec.amountA,
        amountB: spec.amountB,
      }),
    );
  }
  for (const account of [d, user]) {
    const tokens = Object.values(pools).flatMap((p) => [p.token0, p.token1]);
    await approveAll(funding, account, [...new Set(tokens)], contracts.positionManager);
  }
  const tokenIds = await mintPositions(anvil, funding, contracts.positionManager, mints);
  const userTokenIds = tokenIds.slice(Object.keys(v3PoolSpecs).length);

  // The eternal incentive, and the farmed position deposited and entered in it.
  const { timestamp } = await anvil.client.getBlock();
  const key: V3IncentiveKey = {
    rewardToken: world.tokens[incentiveSpec.rewardToken].address,
    bonusRewardToken: world.tokens[incentiveSpec.bonusRewardToken].address,
    pool: pools[incentiveSpec.pool].address,
    startTime: timestamp,
    endTime: timestamp + BigInt(incentiveSpec.days * 86_400),
  };
  const reward = tokenUnits(world, incentiveSpec.rewardToken, incentiveSpec.reward);
  const bonusReward = tokenUnits(world, incentiveSpec.bonusRewardToken, incentiveSpec.bonusReward);
  const farming = new TxSender(anvil);
  await fundToken(farming, world, incentiveSpec.rewardToken, d, reward);
  await fundToken(farming, world, incentiveSpec.bonusRewardToken, d, bonusReward);
  await createEternalIncentive(farming, {
    maker: d,
    eternalFarming: contracts.eternalFarming,
    key,
    reward,
    bonusReward,
    rewardRate: incentiveSpec.rewardRate,
    bonusRewardRate: incentiveSpec.bonusRewardRate,
  });
  for (const [i, positionKey] of positionKeys.entries()) {
    if (!v3PositionSpecs[positionKey].isFarmed) continue;
    await depositAndFarm(farming, {
      owner: user,
      tokenId: userTokenIds[i] as bigint,
      positionManager: contracts.positionManager,
      farmingCenter: contracts.farmingCenter,
      key,
    });
  }
  await farming.assertAllSucceeded();

  const merkl = await setUpMerklRewards(anvil, world, distributor);
  for (const swap of v3SwapSpecs) {
    await swapV3(
      anvil,
      { pools, tokens: world.tokens, accounts: world.accounts, swapRouter: contracts.swapRouter },
      { pool: swap.pool, tokenIn: swap.tokenIn, amountIn: tokenUnits(world, swap.tokenIn, swap.amountIn) },
    );
  }
  await anvil.increaseTime(V3_ACCRUAL_SECONDS);

  const positions = {} as Record<V3PositionKey, V3WorldPosition>;
  for (const [i, positionKey] of positionKeys.entries()) {
    const spec = v3PositionSpecs[positionKey];
    const tokenId = userTokenIds[i] as bigint;
    const mint = mints[Object.keys(v3PoolSpecs).length + i] as PositionMint;
    positions[positionKey] = {
      key: positionKey,
      tokenId,
      pool: spec.pool,
      poolAddress: pools[spec.pool].address,
      tickLower: mint.tickLower,
      tickUpper: mint.tickUpper,
      liquidity: await positionLiquidity(anvil, contracts.positionManager, tokenId),
      owner: user,
      isFarmed: spec.isFarmed,
      l2TokenId: spec.isFarmed ? await l2TokenIdOf(anvil, contracts.farmingCenter, tokenId) : null,
    };
  }
  const incentiveId = incentiveIdOf(key);
  const [, , virtualPool] = await anvil.client.readContract({
    address: contracts.eternalFarming,
    abi: algebraEternalFarming.abi,
    functionName: 'incentives',
    args: [incentiveId],
  });

  return {
    chainId: world.chainId,
    rpcUrl: world.rpcUrl,
    ...contracts,
    wNative,
    pools,
    positions,
    incentive: {
      key,
      id: incentiveId,
      pool: incentiveSpec.pool,
      rewardToken: incentiveSpec.rewardToken,
      bonusRewardToken: incentiveSpec.bonusRewardToken,
      reward,
      bonusReward,
      rewardRate: incentiveSpec.rewardRate,
      bonusRewardRate: incentiveSpec.bonusRewardRate,
      virtualPool,
    },
    merkl,
    tokens: world.tokens,
    accounts: world.accounts,
    deployedAtBlock: await anvil.client.getBlockNumber(),
  };
}

/** A pool's tokens sorted by address, with the V2 pair's reserves of each (the starting price). */
function sortedPoolTokens(
  world: World,
  tokenA: TokenKey,
  tokenB: TokenKey,
  pairKey: keyof World['pairs'],
): [Address, Address, bigint, bigint] {
  const pair = world.pairs[pairKey];
  if (pair.tokenA !== tokenA || pair.tokenB !== tokenB)
    throw new Error(`pair ${pairKey} is not ${tokenA}-${tokenB}`);
  const a = world.tokens[tokenA].address;
  const b = world.tokens[tokenB].address;
  return BigInt(a) < BigInt(b) ? [a, b, pair.reserveA, pair.reserveB] : [b, a, pair.reserveB, pair.reserveA];
}

async function readPools(
  anvil: Anvil,
  world: World,
  factory: Address,
): Promise<Record<V3PoolKey, V3WorldPool>> {
  const pools = {} as Record<V3PoolKey, V3WorldPool>;
  for (const [key, spec] of entries(v3PoolSpecs)) {
    const [token0, token1] = sortedPoolTokens(world, spec.tokenA, spec.tokenB, spec.priceFrom);
    const address = await anvil.client.readContract({
      address: factory,
      abi: algebraFactory.abi,
      functionName: 'poolByPair',
      args: [token0, token1],
    });
    const { tick, sqrtPriceX96 } = await readV3PoolPrice(anvil, address);
    pools[key] = {
      key,
      address,
      token0,
      token1,
      tokenA: spec.tokenA,
      tokenB: spec.tokenB,
      initialTick: tick,
      initialSqrtPriceX96: sqrtPriceX96,
    };
  }
  return pools;
}

/** Gives `from` the whole-token amounts of a pool's tokens and describes the mint of a position with them. */
async function fundedMint(
  tx: TxSender,
  world: World,
  pool: V3WorldPool,
  input: {
    from: Address;
    recipient: Address;
    ticks: readonly [number, number];
    amountA: number;
    amountB: number;
  },
): Promise<PositionMint> {
  const amountA = tokenUnits(world, pool.tokenA, input.amountA);
  const amountB = tokenUnits(world, pool.tokenB, input.amountB);
  await fundToken(tx, world, pool.tokenA, input.from, amountA);
  await fundToken(tx, world, pool.tokenB, input.from, amountB);
  const isAFirst = world.tokens[pool.tokenA].address === pool.token0;
  return {
    from: input.from,
    recipient: input.recipient,
    token0: pool.token0,
    token1: pool.token1,
    tickLower: input.ticks[0],
    tickUpper: input.ticks[1],
    amount0Desired: isAFirst ? amountA : amountB,
    amount1Desired: isAFirst ? amountB : amountA,
  };
}

async function l2TokenIdOf(anvil: Anvil, farmingCenter: Address, tokenId: bigint): Promise<bigint> {
  const [l2TokenId] = await anvil.client.readContract({
    address: farmingCenter,
    abi: farmingCenterArtifact.abi,
    functionName: 'deposits',
    args: [tokenId],
  });
  return l2TokenId;
}

/**
 * Merkl rewards as merklTreeSpecs says: the earlier tree published and the user's reward in it claimed with its
 * proof, then the current tree published. The API's `claimed` of each current reward is what the distributor
 * says was claimed.
 */
async function setUpMerklRewards(
  anvil: Anvil,
  world: World,
  distributor: Address,
): Promise<V3World['merkl']> {
  const v3World = { tokens: world.tokens, accounts: world.accounts, merkl: { distributor } };
  const toRewards = (
    specs: readonly { recipient: keyof World['accounts']; token: TokenKey; amount: number }[],
  ) =>
    specs.map(
      (spec): MerklReward => ({
        recipient: world.accounts[spec.recipient].address,
        token: merklToken(world, spec.token),
        amount: tokenUnits(world, spec.token, spec.amount),
      }),
    );
  const earlier = toRewards(merklTreeSpecs.claimedEarlier);
  const earlierTree = await publishMerklRewards(anvil, v3World, earlier);
  const claims = new TxSender(anvil);
  for (const reward of earlier) {
    await claims.call(reward.recipient, distributor, merklDistributor.abi, 'claim', [
      [reward.recipient],
      [reward.token.address],
      [reward.amount],
      [earlierTree.proofOf(reward.recipient, reward.token.address)],
    ]);
  }
  await claims.assertAllSucceeded();

  const current = toRewards(merklTreeSpecs.current);
  const tree = await publishMerklRewards(anvil, v3World, current);
  const rewards: MerklReward[] = [];
  for (const reward of current) {
    const [claimed] = await anvil.client.readContract({
      address: distributor,
      abi: merklDistributor.abi,
      functionName: 'claimed',
      args: [reward.recipient, reward.token.address],
    });
    rewards.push({ ...reward, claimed });
  }
  return { distributor, rewards, root: tree.root };
}
