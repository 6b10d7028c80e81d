import {
  algebraEternalFarming,
  algebraFactory,
  algebraPool,
  farmingCenter,
  merklDistributor,
  nonfungiblePositionManager,
  testErc20,
} from '@tidewatch/contracts';
import {
  type Abi,
  type Address,
  encodeAbiParameters,
  getContractAddress,
  keccak256,
  maxUint128,
  parseAbiParameters,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import { startMerklServer } from './merkl/server.ts';
import { v3WorldAppEnv } from './world/app-config.ts';
import { deployQuickswapWorld } from './world/deploy.ts';
import type { World } from './world/types.ts';
import { deployV3World } from './world/v3-deploy.ts';
import { FULL_RANGE, sqrtPriceX96FromAmounts, sqrtRatioAtTick } from './world/v3-math.ts';
import { addV3Positions, mintV3Position } from './world/v3-positions.ts';
import { merklTreeSpecs, type V3PoolKey, v3PositionSpecs } from './world/v3-spec.ts';
import { movePriceAcrossRange, moveV3Price, readV3PoolPrice, swapV3 } from './world/v3-swap.ts';
import type { V3World } from './world/v3-types.ts';

let anvil: Anvil;
let world: World;
let v3World: V3World;

beforeAll(async () => {
  anvil = await startAnvil();
  world = await deployQuickswapWorld(anvil);
  const started = performance.now();
  v3World = await deployV3World(anvil, world);
  console.info(`V3 world deploy ${Math.round(performance.now() - started)} ms`);
});

afterAll(async () => {
  await anvil?.stop();
});

/** readContract on the test's node; each call site knows what its function returns. */
function read(args: {
  address: Address;
  abi: readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
}) {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for several ABIs; each call site knows its result.
  return anvil.client.readContract(args as any) as Promise<any>;
}

describe('deployV3World', () => {
  it('wires Algebra as QuickSwap V3 runs it: the factory knows its deployer and FarmingCenter, the farmings know FarmingCenter', async () => {
    expect(
      await read({ address: v3World.factory, abi: algebraFactory.abi, functionName: 'poolDeployer' }),
    ).toBe(v3World.poolDeployer);
    expect(
      await read({ address: v3World.factory, abi: algebraFactory.abi, functionName: 'farmingAddress' }),
    ).toBe(v3World.farmingCenter);
    expect(
      await read({
        address: v3World.eternalFarming,
        abi: algebraEternalFarming.abi,
        functionName: 'farmingCenter',
      }),
    ).toBe(v3World.farmingCenter);
    expect(
      await read({
        address: v3World.positionManager,
        abi: nonfungiblePositionManager.abi,
        functionName: 'WNativeToken',
      }),
    ).toBe(world.tokens.WMATIC.address);
  });

  it("starts each pool at its V2 pair's price, with Algebra's tick spacing and base fee", async () => {
    for (const pool of Object.values(v3World.pools)) {
      const pair = world.pairs[pool.key];
      const isAFirst = world.tokens[pool.tokenA].address === pool.token0;
      const [amount0, amount1] = isAFirst ? [pair.reserveA, pair.reserveB] : [pair.reserveB, pair.reserveA];
      expect(pool.initialSqrtPriceX96).toBe(sqrtPriceX96FromAmounts(amount0, amount1));
      // The tick is the one whose sqrt price is at or below the pool's.
      expect(sqrtRatioAtTick(pool.initialTick) <= pool.initialSqrtPriceX96).toBe(true);
      expect(sqrtRatioAtTick(pool.initialTick + 1) > pool.initialSqrtPriceX96).toBe(true);
      expect(await read({ address: pool.address, abi: algebraPool.abi, functionName: 'tickSpacing' })).toBe(
        60,
      );
      expect(
        await read({
          address: v3World.factory,
          abi: algebraFactory.abi,
          functionName: 'poolByPair',
          args: [pool.token1, pool.token0],
        }),
      ).toBe(pool.address);
    }
  });

  it('gives the user its positions with the ranges the spec names, below, inside and above the current price', async () => {
    for (const position of Object.values(v3World.positions)) {
      const onChain = await read({
        address: v3World.positionManager,
        abi: nonfungiblePositionManager.abi,
        functionName: 'positions',
        args: [position.tokenId],
      });
      const pool = v3World.pools[position.pool];
      expect([onChain[2], onChain[3], onChain[4], onChain[5], onChain[6]]).toEqual([
        pool.token0,
        pool.token1,
        position.tickLower,
        position.tickUpper,
        position.liquidity,
      ]);
      expect(position.liquidity > 0n).toBe(true);
      expect(position.tickUpper - position.tickLower).toBe(
        v3PositionSpecs[position.key].ticks[1] - v3PositionSpecs[position.key].ticks[0],
      );
    }
    const tickOf = async (key: V3PoolKey) => (await readV3PoolPrice(anvil, v3World.pools[key].address)).tick;
    const { belowRange, inRange, aboveRange, farmed } = v3World.positions;
    expect(belowRange.tickUpper <= (await tickOf(belowRange.pool))).toBe(true);
    expect(aboveRange.tickLower > (await tickOf(aboveRange.pool))).toBe(true);
    for (const p of [inRange, farmed]) {
      const tick = await tickOf(p.pool);
      expect(p.tickLower <= tick && tick < p.tickUpper).toBe(true);
    }
  });

  it('holds the farmed position in FarmingCenter, the user owning its L2 NFT, farming the eternal incentive with all its liquidity', async () => {
    const { farmed, inRange } = v3World.positions;
    const ownerOf = (address: Address, abi: readonly unknown[], id: bigint) =>
      read({ address, abi, functionName: 'ownerOf', args: [id] });
    expect(await ownerOf(v3World.positionManager, nonfungiblePositionManager.abi, inRange.tokenId)).toBe(
      world.accounts.user.address,
    );
    expect(await ownerOf(v3World.positionManager, nonfungiblePositionManager.abi, farmed.tokenId)).toBe(
      v3World.farmingCenter,
    );
    expect(farmed.l2TokenId).not.toBeNull();
    expect(await ownerOf(v3World.farmingCenter, farmingCenter.abi, farmed.l2TokenId as bigint)).toBe(
      world.accounts.user.address,
    );
    const [, , tokenId] = await read({
      address: v3World.farmingCenter,
      abi: farmingCenter.abi,
      functionName: 'l2Nfts',
      args: [farmed.l2TokenId],
    });
    expect(tokenId).toBe(farmed.tokenId);
    const [liquidity] = await read({
      address: v3World.eternalFarming,
      abi: algebraEternalFarming.abi,
      functionName: 'farms',
      args: [farmed.tokenId, v3World.incentive.id],
    });
    expect(liquidity).toBe(farmed.liquidity);
    const [totalReward, bonusReward, virtualPool] = await read({
      address: v3World.eternalFarming,
      abi: algebraEternalFarming.abi,
      functionName: 'incentives',
      args: [v3World.incentive.id],
    });
    expect([totalReward, bonusReward, virtualPool]).toEqual([
      v3World.incentive.reward,
      v3World.incentive.bonusReward,
      v3World.incentive.virtualPool,
    ]);
  });

  it('has fees to collect after the swaps: a static collect from the owner, through FarmingCenter for the farmed one', async () => {
    const collectAll = (tokenId: bigint) => ({
      tokenId,
      recipient: world.accounts.user.address,
      amount0Max: maxUint128,
      amount1Max: maxUint128,
    });
    const { result: inRangeFees } = await anvil.client.simulateContract({
      account: world.accounts.user.address,
      address: v3World.positionManager,
      abi: nonfungiblePositionManager.abi,
      functionName: 'collect',
      args: [collectAll(v3World.positions.inRange.tokenId)],
    });
    expect(inRangeFees[0] > 0n && inRangeFees[1] > 0n).toBe(true);
    const { result: farmedFees } = await anvil.client.simulateContract({
      account: world.accounts.user.address,
      address: v3World.farmingCenter,
      abi: farmingCenter.abi,
      functionName: 'collect',
      args: [collectAll(v3World.positions.farmed.tokenId)],
    });
    expect(farmedFees[0] > 0n && farmedFees[1] > 0n).toBe(true);
    // The position manager refuses the L2 owner: the NFT is FarmingCenter's.
    await expect(
      anvil.client.simulateContract({
        account: world.accounts.user.address,
        address: v3World.positionManager,
        abi: nonfungiblePositionManager.abi,
        functionName: 'collect',
        args: [collectAll(v3World.positions.farmed.tokenId)],
      }),
    ).rejects.toThrow(/Not approved/);
  });

  it('has farming rewards to collect: a static collectRewards through FarmingCenter pays the rate for the time farmed', async () => {
    const { result } = await anvil.client.simulateContract({
      account: world.accounts.user.address,
      address: v3World.farmingCenter,
      abi: farmingCenter.abi,
      functionName: 'collectRewards',
      args: [v3World.incentive.key, v3World.positions.farmed.tokenId],
    });
    const [reward, bonusReward] = result;
    expect(reward > 0n && bonusReward > 0n).toBe(true);
    // The only farmed liquidity, in range all along: the rate times the seconds farmed, less the virtual pool's
    // rounding down (a wei). It farmed at least the hour deploy waits, at most since the incentive's start
    // (plus a second: an eth_call may run at the next block's time).
    const { timestamp } = await anvil.client.getBlock();
    const elapsed = timestamp + 1n - v3World.incentive.key.startTime;
    const { rewardRate, bonusRewardRate } = v3World.incentive;
    expect(reward <= rewardRate * elapsed && reward + 1n >= rewardRate * 3_600n).toBe(true);
    expect(bonusReward <= bonusRewardRate * elapsed && bonusReward + 1n >= bonusRewardRate * 3_600n).toBe(
      true,
    );
  });

  it('sets the app environment to the V3 world', () => {
    expect(v3WorldAppEnv(v3World, { merklApiUrl: 'http://127.0.0.1:1' })).toEqual({
      V3_FACTORY_ADDRESS: v3World.factory,
      V3_POOL_DEPLOYER_ADDRESS: v3World.poolDeployer,
      V3_POSITION_MANAGER_ADDRESS: v3World.positionManager,
      V3_FARMING_CENTER_ADDRESS: v3World.farmingCenter,
      V3_ETERNAL_FARMING_ADDRESS: v3World.eternalFarming,
      V3_ETERNAL_FARMING_FROM_BLOCK: '0',
      MERKL_DISTRIBUTOR_ADDRESS: v3World.merkl.distributor,
      MERKL_API_URL: 'http://127.0.0.1:1',
    });
  });

  it("puts QuickSwap V3's contracts at their Polygon addresses, the npm bytecode there and wired to each other", async () => {
    const c = anvil.client;
    expect(v3World).toMatchObject({
      factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
      poolDeployer: '0x2D98E2FA9da15aa6dC9581AB097Ced7af697CB92',
      positionManager: '0x8eF88E4c7CfbbaC1C163f7eddd4B578792201de6',
      farmingCenter: '0x7F281A8cdF66eF5e9db8434Ec6D97acc1bc01E78',
      eternalFarming: '0x8a26436e41d0b5fc4C6Ed36C1976fafBe173444E',
    });
    const read = (address: Address, abi: Abi, functionName: string) =>
      c.readContract({ address, abi, functionName } as never) as Promise<Address>;
    expect(await read(v3World.positionManager, nonfungiblePositionManager.abi as Abi, 'factory')).toBe(
      v3World.factory,
    );
    expect(await read(v3World.positionManager, nonfungiblePositionManager.abi as Abi, 'poolDeployer')).toBe(
      v3World.poolDeployer,
    );
    expect(await read(v3World.factory, algebraFactory.abi as Abi, 'farmingAddress')).toBe(
      v3World.farmingCenter,
    );
    // A pool is where the real deployer's CREATE2 puts it: Polygon's init-code hash from the real pool deployer.
    const pool = Object.values(v3World.pools)[0]!;
    expect(
      getContractAddress({
        opcode: 'CREATE2',
        from: v3World.poolDeployer,
        salt: keccak256(
          encodeAbiParameters(parseAbiParameters('address, address'), [pool.token0, pool.token1]),
        ),
        bytecodeHash: '0x6ec6c9c8091d160c0aa74b2b14ba9c1717e95093bd3ac085cee99a49aab294a4',
      }),
    ).toBe(pool.address);
  });
});

describe('Merkl rewards of the V3 world', () => {
  it("serves the user's rewards with proofs the distributor accepts: a claim pays the cumulative amount less what was claimed", async () => {
    const merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
    try {
      const user = world.accounts.user.address;
      const response = await fetch(`${merkl.url}/v4/users/${user}/rewards?chainId=137`);
      const [{ rewards }] = (await response.json()) as [
        {
          rewards: {
            root: string;
            proofs: `0x${string}`[];
            token: { address: Address };
            amount: string;
            claimed: string;
          }[];
        },
      ];
      const newQuick = world.tokens.NEW_QUICK.address;
      const served = rewards.find((r) => r.token.address === newQuick);
      expect(served?.root).toBe(v3World.merkl.root);
      expect(
        await read({
          address: v3World.merkl.distributor,
          abi: merklDistributor.abi,
          functionName: 'getMerkleRoot',
        }),
      ).toBe(v3World.merkl.root);
      const earned = BigInt(served?.amount ?? 0);
      const [claimedBefore] = await read({
        address: v3World.merkl.distributor,
        abi: merklDistributor.abi,
        functionName: 'claimed',
        args: [user, newQuick],
      });
      expect(BigInt(served?.claimed ?? -1)).toBe(claimedBefore);
      // merklTreeSpecs: 250 earned in all, 100 claimed from the earlier tree.
      const whole = 10n ** 18n;
      expect([earned, claimedBefore]).toEqual([
        BigInt(merklTreeSpecs.current[0].amount) * whole,
        BigInt(merklTreeSpecs.claimedEarlier[0].amount) * whole,
      ]);

      const balance = () =>
        read({
          address: newQuick,
          abi: testErc20.abi,
          functionName: 'balanceOf',
          args: [user],
        }) as Promise<bigint>;
      const before = await balance();
      const hash = await anvil.client.writeContract({
        account: user,
        address: v3World.merkl.distributor,
        abi: merklDistributor.abi,
        functionName: 'claim',
        args: [[user], [newQuick], [earned], [served?.proofs ?? []]],
      });
      const receipt = await anvil.client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect((await balance()) - before).toBe(earned - claimedBefore);
      const [claimedAfter] = await read({
        address: v3World.merkl.distributor,
        abi: merklDistributor.abi,
        functionName: 'claimed',
        args: [user, newQuick],
      });
      expect(claimedAfter).toBe(earned);
    } finally {
      await merkl.stop();
    }
  });
});

describe('moving V3 prices', () => {
  it('swapV3 pays out the other token and moves the price', async () => {
    const pool = v3World.pools['WETH-USDC'];
    const before = await readV3PoolPrice(anvil, pool.address);
    const out = await swapV3(anvil, v3World, {
      pool: 'WETH-USDC',
      tokenIn: 'USDC',
      amountIn: 1_000n * 10n ** 6n,
    });
    expect(out > 0n).toBe(true);
    expect((await readV3PoolPrice(anvil, pool.address)).sqrtPriceX96).not.toBe(before.sqrtPriceX96);
  });

  it("moveV3Price sets the pool's price to a tick's exact sqrt price, up and down", async () => {
    const pool = v3World.pools['WETH-USDC'];
    const { tick } = await readV3PoolPrice(anvil, pool.address);
    const up = await moveV3Price(anvil, v3World, { pool: 'WETH-USDC', toTick: tick + 1_234 });
    expect(up).toEqual({ tick: tick + 1_234, sqrtPriceX96: sqrtRatioAtTick(tick + 1_234) });
    const down = await moveV3Price(anvil, v3World, { pool: 'WETH-USDC', toTick: tick - 777 });
    expect(down.sqrtPriceX96).toBe(sqrtRatioAtTick(tick - 777));
  });

  it('movePriceAcrossRange takes a position out of range on either side and back in', async () => {
    const position = v3World.positions.inRange;
    const above = await movePriceAcrossRange(anvil, v3World, position, 'above');
    expect(above.tick >= position.tickUpper).toBe(true);
    const inside = await movePriceAcrossRange(anvil, v3World, position, 'inside');
    expect(position.tickLower <= inside.tick && inside.tick < position.tickUpper).toBe(true);
    const below = await movePriceAcrossRange(anvil, v3World, position, 'below');
    expect(below.tick < position.tickLower).toBe(true);
    await movePriceAcrossRange(anvil, v3World, position, 'inside');
  });
});

describe('addV3Positions', () => {
  it('gives a wallet that is not one of anvil’s accounts N positions, the farmed ones deposited and farming', async () => {
    const wallet = '0x00000000000000000000000000000000000b3a7c' as Address;
    const ids = await addV3Positions(anvil, v3World, { owner: wallet, count: 6, farmed: 2 });
    expect(ids).toHaveLength(6);
    const balanceOf = (address: Address, abi: readonly unknown[]) =>
      read({ address, abi, functionName: 'balanceOf', args: [wallet] });
    expect(await balanceOf(v3World.positionManager, nonfungiblePositionManager.abi)).toBe(4n);
    expect(await balanceOf(v3World.farmingCenter, farmingCenter.abi)).toBe(2n);
    for (const tokenId of ids.slice(4)) {
      const [liquidity] = await read({
        address: v3World.eternalFarming,
        abi: algebraEternalFarming.abi,
        functionName: 'farms',
        args: [tokenId, v3World.incentive.id],
      });
      expect(liquidity > 0n).toBe(true);
    }
  });
});

describe('mintV3Position', () => {
  it('mints a full-range position in the pool of the token without a price, for any owner', async () => {
    const owner = world.accounts.idle.address;
    const tokenId = await mintV3Position(anvil, v3World, { pool: 'MYST-WETH', owner, ...FULL_RANGE });
    const position = await read({
      address: v3World.positionManager,
      abi: nonfungiblePositionManager.abi,
      functionName: 'positions',
      args: [tokenId],
    });
    const pool = v3World.pools['MYST-WETH'];
    expect([position[2], position[3], position[4], position[5]]).toEqual([
      pool.token0,
      pool.token1,
      -887_220,
      887_220,
    ]);
    expect(position[6] > 0n).toBe(true);
    expect(
      await read({
        address: v3World.positionManager,
        abi: nonfungiblePositionManager.abi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).toBe(owner);
  });
});
