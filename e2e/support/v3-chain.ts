import type { Anvil, V3World, World } from '@tidewatch/testkit';
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  maxUint128,
  maxUint256,
  parseAbi,
} from 'viem';

/*
 * The V3 journey's own reads of the chain, apart from the app's code: which positions a wallet has, what each
 * would pay out, where its pool's price is, what Merkl still owes and what tokens cost. The ABIs are written out
 * here from the facts sheet (not taken from the code under test), so a wrong fragment there cannot hide here.
 */

const positionManagerAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
  'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
  'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
  'function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
const farmingCenterAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function l2Nfts(uint256 l2Id) view returns (uint96 nonce, address operator, uint256 tokenId)',
]);
const farmingRewardsAbi = parseAbi([
  'struct IncentiveKey { address rewardToken; address bonusRewardToken; address pool; uint256 startTime; uint256 endTime; }',
  'function collectRewards(IncentiveKey key, uint256 tokenId) returns (uint256 reward, uint256 bonusReward)',
]);
const lairAbi = parseAbi(['function dQUICKForQUICK(uint256 dQUICKAmount) view returns (uint256)']);
const factoryAbi = parseAbi(['function poolByPair(address tokenA, address tokenB) view returns (address)']);
const poolAbi = parseAbi([
  'function globalState() view returns (uint160 price, int24 tick, uint16 fee, uint16 timepointIndex, uint8 communityFeeToken0, uint8 communityFeeToken1, bool unlocked)',
]);
const erc20Abi = parseAbi([
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
]);
const distributorAbi = parseAbi([
  'function claimed(address user, address token) view returns (uint208 amount, uint48 timestamp, bytes32 merkleRoot)',
]);
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
]);

export type ChainToken = { address: Address; symbol: string; decimals: number };

/** One position as the chain answers for it now. */
export type ChainPosition = {
  tokenId: bigint;
  /** The NFT's owner on the position manager: the FarmingCenter for a farmed one. */
  nftOwner: Address;
  isFarmed: boolean;
  pool: Address;
  token0: ChainToken;
  token1: ChainToken;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  /** globalState().tick of its pool. */
  poolTick: number;
  /** tickLower <= tick < tickUpper. */
  isInRange: boolean;
  /** A static decreaseLiquidity of all its liquidity: what the liquidity stands for. */
  amounts: [bigint, bigint];
  /** A static collect after it, less the amounts: the uncollected fees. */
  fees: [bigint, bigint];
};

/**
 * The ids of a wallet's positions: the NFTs it holds on the position manager, and those it deposited in farming
 * (the FarmingCenter L2 NFTs it holds, each naming its position).
 */
export async function readWalletPositionIds(
  anvil: Anvil,
  v3World: V3World,
  wallet: Address,
): Promise<{ owned: bigint[]; farmed: bigint[] }> {
  const c = anvil.client;
  const npm = { address: v3World.positionManager, abi: positionManagerAbi } as const;
  const center = { address: v3World.farmingCenter, abi: farmingCenterAbi } as const;
  const owned: bigint[] = [];
  const ownedCount = await c.readContract({ ...npm, functionName: 'balanceOf', args: [wallet] });
  for (let i = 0n; i < ownedCount; i++) {
    owned.push(await c.readContract({ ...npm, functionName: 'tokenOfOwnerByIndex', args: [wallet, i] }));
  }
  const farmed: bigint[] = [];
  const l2Count = await c.readContract({ ...center, functionName: 'balanceOf', args: [wallet] });
  for (let i = 0n; i < l2Count; i++) {
    const l2Id = await c.readContract({ ...center, functionName: 'tokenOfOwnerByIndex', args: [wallet, i] });
    const [, , tokenId] = await c.readContract({ ...center, functionName: 'l2Nfts', args: [l2Id] });
    farmed.push(tokenId);
  }
  return { owned, farmed };
}

/** A token's symbol and decimals as its contract answers. */
export async function readToken(anvil: Anvil, address: Address): Promise<ChainToken> {
  const [symbol, decimals] = await Promise.all([
    anvil.client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
    anvil.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  return { address: getAddress(address), symbol, decimals };
}

/** globalState().tick of a pool. */
export async function readPoolTick(anvil: Anvil, pool: Address): Promise<number> {
  const [, tick] = await anvil.client.readContract({
    address: pool,
    abi: poolAbi,
    functionName: 'globalState',
  });
  return tick;
}

/**
 * A position now: its range, its pool's tick, and what burning it would pay, by an eth_call of the position
 * manager's multicall [decreaseLiquidity(all), collect(max)] from the NFT's owner, as the pool computes it.
 */
export async function readChainPosition(
  anvil: Anvil,
  v3World: V3World,
  tokenId: bigint,
): Promise<ChainPosition> {
  const c = anvil.client;
  const npm = { address: v3World.positionManager, abi: positionManagerAbi } as const;
  const nftOwner = getAddress(await c.readContract({ ...npm, functionName: 'ownerOf', args: [tokenId] }));
  const [, , token0, token1, tickLower, tickUpper, liquidity] = await c.readContract({
    ...npm,
    functionName: 'positions',
    args: [tokenId],
  });
  const pool = await c.readContract({
    address: v3World.factory,
    abi: factoryAbi,
    functionName: 'poolByPair',
    args: [token0, token1],
  });
  const poolTick = await readPoolTick(anvil, pool);
  const decrease = encodeFunctionData({
    abi: positionManagerAbi,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
  });
  const collect = encodeFunctionData({
    abi: positionManagerAbi,
    functionName: 'collect',
    args: [{ tokenId, recipient: nftOwner, amount0Max: maxUint128, amount1Max: maxUint128 }],
  });
  if (liquidity === 0n) throw new Error(`position ${tokenId} has no liquidity: the journey expects some`);
  const { data } = await c.call({
    account: nftOwner,
    to: v3World.positionManager,
    data: encodeFunctionData({
      abi: positionManagerAbi,
      functionName: 'multicall',
      args: [[decrease, collect]],
    }),
  });
  const [decreased, collected] = decodeFunctionResult({
    abi: positionManagerAbi,
    functionName: 'multicall',
    data: data as Hex,
  }) as readonly Hex[];
  const decode = (functionName: 'decreaseLiquidity' | 'collect', result: Hex) =>
    decodeFunctionResult({ abi: positionManagerAbi, functionName, data: result }) as readonly [
      bigint,
      bigint,
    ];
  const [amount0, amount1] = decode('decreaseLiquidity', decreased!);
  const [collected0, collected1] = decode('collect', collected!);
  return {
    tokenId,
    nftOwner,
    isFarmed: nftOwner === getAddress(v3World.farmingCenter),
    pool: getAddress(pool),
    token0: await readToken(anvil, token0),
    token1: await readToken(anvil, token1),
    tickLower,
    tickUpper,
    liquidity,
    poolTick,
    isInRange: tickLower <= poolTick && poolTick < tickUpper,
    amounts: [amount0, amount1],
    fees: [collected0 - amount0, collected1 - amount1],
  };
}

/**
 * A farmed position's pending rewards in the world's eternal incentive: a static collectRewards through the
 * FarmingCenter from the owner of its L2 NFT, as QuickSwap's interface reads them. Returns reward and bonus reward,
 * base units.
 */
export async function readPendingFarmingRewards(
  anvil: Anvil,
  v3World: V3World,
  owner: Address,
  tokenId: bigint,
): Promise<[bigint, bigint]> {
  const { result } = await anvil.client.simulateContract({
    account: owner,
    address: v3World.farmingCenter,
    abi: farmingRewardsAbi,
    functionName: 'collectRewards',
    args: [v3World.incentive.key, tokenId],
  });
  return [result[0], result[1]];
}

/** Merkl's distributor: the cumulative amount `user` has claimed of `token`. */
export async function readMerklClaimed(
  anvil: Anvil,
  v3World: V3World,
  user: Address,
  token: Address,
): Promise<bigint> {
  const [amount] = await anvil.client.readContract({
    address: v3World.merkl.distributor,
    abi: distributorAbi,
    functionName: 'claimed',
    args: [user, token],
  });
  return amount;
}

/**
 * The price rule's last step ('pool'): USD per whole `token` from its V3 pool's own price now (globalState's sqrt
 * price, decimals applied) and the other side's USD price.
 */
export async function readPoolDerivedPrice(
  anvil: Anvil,
  pool: { address: Address; token0: ChainToken; token1: ChainToken },
  token: Address,
  otherUsd: number,
): Promise<number> {
  const [sqrtPriceX96] = await anvil.client.readContract({
    address: pool.address,
    abi: poolAbi,
    functionName: 'globalState',
  });
  const scale = 10n ** 18n;
  const token1PerToken0 =
    Number(
      (sqrtPriceX96 * sqrtPriceX96 * 10n ** BigInt(pool.token0.decimals) * scale) /
        (2n ** 192n * 10n ** BigInt(pool.token1.decimals)),
    ) / 1e18;
  return getAddress(token) === getAddress(pool.token0.address)
    ? token1PerToken0 * otherUsd
    : otherUsd / token1PerToken0;
}

/**
 * USD per whole token now by the price rule's on-chain routes in this world, from the V2 pairs' reserves: USDC
 * $1; WMATIC and WETH through their USDC pair (the deeper market); new QUICK as old QUICK / 1000 (old QUICK
 * through its WMATIC pair; new QUICK's own pair is thinner); new dQUICK as new QUICK x its lair's
 * dQUICKForQUICK(1e18); MYST has none (null: the V3 tool prices it from its pool, readPoolDerivedPrice). Others
 * are not needed here.
 */
export async function readUsdPrice(anvil: Anvil, world: World, token: Address): Promise<number | null> {
  const t = world.tokens;
  const viaPair = async (pair: Address, quote: { price: number; decimals: number }, decimals: number) => {
    const [r0, r1] = await anvil.client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: 'getReserves',
    });
    const token0 = await anvil.client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' });
    const [own, other] = getAddress(token0) === getAddress(token) ? [r0, r1] : [r1, r0];
    return (Number(other) / 10 ** quote.decimals / (Number(own) / 10 ** decimals)) * quote.price;
  };
  const usdc = { price: 1, decimals: t.USDC.decimals };
  switch (getAddress(token)) {
    case t.USDC.address:
      return 1;
    case t.WMATIC.address:
      return viaPair(world.pairs['WMATIC-USDC'].address, usdc, t.WMATIC.decimals);
    case t.WETH.address:
      return viaPair(world.pairs['WETH-USDC'].address, usdc, t.WETH.decimals);
    case t.NEW_QUICK.address: {
      const wmatic = (await readUsdPrice(anvil, world, t.WMATIC.address))!;
      const oldQuick = await viaPair(
        world.pairs['QUICK-WMATIC'].address,
        { price: wmatic, decimals: t.WMATIC.decimals },
        t.QUICK.decimals,
      );
      return oldQuick / 1000;
    }
    case t.NEW_DQUICK.address: {
      const ratio = await anvil.client.readContract({
        address: t.NEW_DQUICK.address,
        abi: lairAbi,
        functionName: 'dQUICKForQUICK',
        args: [10n ** 18n],
      });
      return ((await readUsdPrice(anvil, world, t.NEW_QUICK.address))! * Number(ratio)) / 1e18;
    }
    case t.MYST.address:
      return null;
    default:
      throw new Error(`the V3 journey has no price route for ${token}`);
  }
}
