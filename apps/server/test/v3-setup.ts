import {
  dragonLair,
  farmingCenter,
  nonfungiblePositionManager,
  pair as pairArtifact,
  testErc20,
  v3Abis,
} from '@tidewatch/contracts';
import {
  deployV3World,
  type MerklServer,
  startMerklServer,
  type TokenKey,
  type V3World,
  v3WorldAppEnv,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  maxUint128,
  maxUint256,
  toHex,
} from 'viem';
import { startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import type { ThrottleLimits } from '../src/core/throttle/limits.ts';
import type { V3Contracts } from '../src/features/v3-positions/reads/contracts.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

/**
 * The V3 tests' world: the local chain with the V2 world and QuickSwap V3 (Algebra V1.0's own bytecode) on
 * it, a Merkl API stand-in, and the app wired to all of it; a user whose saved wallets are the world's user
 * and idle accounts. Beside it, the chain's own answers the tests compare the app's figures with, read by
 * the test apart from the server's code.
 */
export type V3TestWorld = {
  t: TestChain;
  v3World: V3World;
  merkl: MerklServer;
  testApp: TestApp;
  contracts: V3Contracts;
  user: { token: string; userId: number };
  close(): Promise<void>;
};

export async function startV3TestWorld(): Promise<V3TestWorld> {
  const t = await startTestChain();
  const v3World = await deployV3World(t.anvil, t.world);
  const merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
  const testApp = await createV3App(t, v3World, merkl);
  const { email, token } = await createConfirmedUser(testApp);
  const db = testApp.database.db;
  const found = await sql<{ id: number }>`select id from users where email = ${email}`.execute(db);
  const userId = found.rows[0]!.id;
  const at = new Date().toISOString();
  for (const address of [t.world.accounts.user.address, t.world.accounts.idle.address]) {
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
      values (${userId}, 'MetaMask', ${address}, ${t.world.chainId}, ${at}, ${at})`.execute(db);
  }
  return {
    t,
    v3World,
    merkl,
    testApp,
    contracts: {
      poolDeployer: v3World.poolDeployer,
      positionManager: v3World.positionManager,
      farmingCenter: v3World.farmingCenter,
      eternalFarming: v3World.eternalFarming,
    },
    user: { token, userId },
    async close() {
      await testApp.close();
      await merkl.stop();
      await t.stop();
    },
  };
}

/** The app wired to the V3 world's chain, contracts and Merkl stand-in; `throttles` tunes its limits. */
export async function createV3App(
  t: TestChain,
  v3World: V3World,
  merkl: MerklServer,
  throttles?: Partial<ThrottleLimits>,
): Promise<TestApp> {
  const prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) };
  return createTestApp({
    env: {
      ...worldAppEnv(t.world),
      ...v3WorldAppEnv(v3World, { merklApiUrl: merkl.url }),
      MERKL_API_TIMEOUT_MS: '300',
    },
    deps: { chain: t.chain, prices, ...(throttles ? { throttles } : {}) },
  });
}

/** What the chain itself would pay for a position at `block`, and who may collect it. */
export type ChainPays = {
  /** The NFT's owner on the position manager (the FarmingCenter for a farmed one). */
  nftOwner: Address;
  liquidity: bigint;
  /** A static decreaseLiquidity of all the liquidity: what the liquidity stands for. */
  amounts: [bigint, bigint];
  /** A static collect after it, less the amounts: the uncollected fees. */
  fees: [bigint, bigint];
};

/**
 * eth_call of the position manager's multicall [decreaseLiquidity(all), collect(max)] from the NFT's owner at
 * `block`: what burning the position would pay, as the pool computes it. A farmed NFT's owner on the position
 * manager is the FarmingCenter, and a call from it is what exiting farming and withdrawing would lead to,
 * without sending anything (exitFarming does not touch the pool's liquidity).
 */
export async function chainPays(w: V3TestWorld, tokenId: bigint, block: bigint): Promise<ChainPays> {
  const c = w.t.anvil.client;
  const npm = { address: w.v3World.positionManager, abi: nonfungiblePositionManager.abi } as const;
  const nftOwner = await c.readContract({
    ...npm,
    functionName: 'ownerOf',
    args: [tokenId],
    blockNumber: block,
  });
  const position = await c.readContract({
    ...npm,
    functionName: 'positions',
    args: [tokenId],
    blockNumber: block,
  });
  const liquidity = position[6];
  const collect = encodeFunctionData({
    abi: nonfungiblePositionManager.abi,
    functionName: 'collect',
    args: [{ tokenId, recipient: nftOwner, amount0Max: maxUint128, amount1Max: maxUint128 }],
  });
  const decrease = encodeFunctionData({
    abi: nonfungiblePositionManager.abi,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
  });
  // decreaseLiquidity refuses zero liquidity: a position with none pays its fees only.
  const calls = liquidity > 0n ? [decrease, collect] : [collect];
  const answer = await callAs(
    w,
    nftOwner,
    w.v3World.positionManager,
    encodeFunctionData({
      abi: nonfungiblePositionManager.abi,
      functionName: 'multicall',
      args: [calls],
    }),
    block,
  );
  const results = decodeFunctionResult({
    abi: nonfungiblePositionManager.abi,
    functionName: 'multicall',
    data: answer,
  });
  const decode = (functionName: 'collect' | 'decreaseLiquidity', data: Hex) =>
    decodeFunctionResult({ abi: nonfungiblePositionManager.abi, functionName, data }) as readonly [
      bigint,
      bigint,
    ];
  const amounts = liquidity > 0n ? decode('decreaseLiquidity', results[0]!) : ([0n, 0n] as const);
  const collected = decode('collect', results.at(-1)!);
  return {
    nftOwner: getAddress(nftOwner),
    liquidity,
    amounts: [amounts[0], amounts[1]],
    fees: [collected[0] - amounts[0], collected[1] - amounts[1]],
  };
}

/** A static collectRewards(key, tokenId) through the FarmingCenter from the L2 owner at `block`. */
export async function chainPendingRewards(
  w: V3TestWorld,
  owner: Address,
  tokenId: bigint,
  block: bigint,
): Promise<[bigint, bigint]> {
  const data = encodeFunctionData({
    abi: farmingCenter.abi,
    functionName: 'collectRewards',
    args: [w.v3World.incentive.key, tokenId],
  });
  const answer = await callAs(w, owner, w.v3World.farmingCenter, data, block);
  const [reward, bonus] = decodeFunctionResult({
    abi: farmingCenter.abi,
    functionName: 'collectRewards',
    data: answer,
  });
  return [reward, bonus];
}

/** EternalFarming's rewards(owner, token) at `block`: collected but not claimed. */
export function chainUnclaimed(
  w: V3TestWorld,
  owner: Address,
  token: Address,
  block: bigint,
): Promise<bigint> {
  return w.t.anvil.client.readContract({
    address: w.v3World.eternalFarming,
    abi: v3Abis.eternalFarming,
    functionName: 'rewards',
    args: [owner, token],
    blockNumber: block,
  });
}

/** Merkl's distributor claimed(user, token).amount at `block`. */
export async function chainClaimed(
  w: V3TestWorld,
  user: Address,
  token: Address,
  block: bigint,
): Promise<bigint> {
  const [amount] = await w.t.anvil.client.readContract({
    address: w.v3World.merkl.distributor,
    abi: v3Abis.merklDistributor,
    functionName: 'claimed',
    args: [user, token],
    blockNumber: block,
  });
  return amount;
}

async function callAs(w: V3TestWorld, from: Address, to: Address, data: Hex, block: bigint): Promise<Hex> {
  const request = w.t.anvil.client.request as (args: { method: string; params: unknown[] }) => Promise<Hex>;
  return request({ method: 'eth_call', params: [{ from, to, data }, toHex(block)] });
}

/**
 * USD per whole token at `block` by the price rule's routes in this world, from the V2 pairs' reserves: USDC
 * $1; WMATIC and WETH through their USDC pair; old QUICK through its WMATIC pair; new QUICK as old / 1000 (its
 * own pair is thinner); each dQUICK as its QUICK × its lair's dQUICKForQUICK(1e18); MYST has none.
 */
export async function priceAt(
  w: Pick<V3TestWorld, 't'>,
  token: Address,
  block: bigint,
): Promise<number | null> {
  const { tokens, pairs } = w.t.world;
  const c = w.t.anvil.client;
  const key = (Object.keys(tokens) as TokenKey[]).find((k) => tokens[k].address === getAddress(token))!;
  const viaPair = async (pairKey: keyof typeof pairs, quotePrice: number) => {
    const address = pairs[pairKey].address;
    const [r0, r1] = await c.readContract({
      address,
      abi: pairArtifact.abi,
      functionName: 'getReserves',
      blockNumber: block,
    });
    const token0 = await c.readContract({ address, abi: pairArtifact.abi, functionName: 'token0' });
    const decimalsOf = async (a: Address) =>
      Number(await c.readContract({ address: a, abi: testErc20.abi, functionName: 'decimals' }));
    const other = getAddress(token0) === getAddress(tokens[key].address) ? 1 : 0;
    const [rToken, rQuote] = other === 1 ? [r0, r1] : [r1, r0];
    const quote = other === 1 ? pairs[pairKey].token1 : pairs[pairKey].token0;
    const dToken = await decimalsOf(tokens[key].address);
    const dQuote = await decimalsOf(quote);
    return (Number(rQuote) / 10 ** dQuote / (Number(rToken) / 10 ** dToken)) * quotePrice;
  };
  switch (key) {
    case 'USDC':
      return 1;
    case 'WMATIC':
      return viaPair('WMATIC-USDC', 1);
    case 'WETH':
      return viaPair('WETH-USDC', 1);
    case 'QUICK':
      return viaPair('QUICK-WMATIC', (await priceAt(w, tokens.WMATIC.address, block))!);
    case 'NEW_QUICK':
      return (await priceAt(w, tokens.QUICK.address, block))! / 1000;
    case 'NEW_DQUICK':
    case 'DQUICK': {
      const ratio = await c.readContract({
        address: tokens[key].address,
        abi: dragonLair.abi,
        functionName: 'dQUICKForQUICK',
        args: [10n ** 18n],
        blockNumber: block,
      });
      const quick = key === 'DQUICK' ? tokens.QUICK : tokens.NEW_QUICK;
      return ((await priceAt(w, quick.address, block))! * Number(ratio)) / 1e18;
    }
    case 'MYST':
      return null;
    default:
      throw new Error(`no price route for ${key} in the V3 tests`);
  }
}

/** `raw` whole tokens at `price` (null: unknown), as a person would compute it. */
export const usdOf = (raw: bigint, decimals: number, price: number | null) =>
  price === null ? null : Number(formatUnits(raw, decimals)) * price;
