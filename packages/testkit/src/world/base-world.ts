import {
  pair as pairArtifact,
  pairFactory,
  router02,
  stakingRewards,
  testErc20,
  testWNative,
} from '@tidewatch/contracts';
import { integralArtifacts } from '@tidewatch/contracts/integral-artifacts';
import { baseChain } from '@tidewatch/shared/chain-registry';
import { type Address, getAddress, type Hex, maxUint256 } from 'viem';
import type { Anvil } from '../anvil.ts';
import { startAnvil } from '../anvil.ts';
import { testAccounts } from './accounts.ts';
import { placeContracts } from './place-contracts.ts';
import { TxSender } from './tx-sender.ts';
import { impersonate } from './v3-liquidity.ts';
import { sqrtPriceX96FromAmounts } from './v3-math.ts';
import { deployMerklDistributor } from './v3-merkl.ts';

type BaseTokenKey = 'WETH' | 'USDC' | 'QUICK' | 'SPRK';
type BaseToken = { address: Address; symbol: string; decimals: number };

/**
 * QuickSwap on Base as the tests and the demo find it (issue 47), on its own local node with chain id 8453:
 * Algebra Integral 1.2.1's npm bytecode (factory, pool deployer, position manager, swap router) and Uniswap V2's
 * (factory, Router02) at Base's real addresses, Base's WETH, USDC and QUICK at theirs, and QUICK syrup pools at
 * the addresses QuickSwap's stake list names. The user holds: a V2 LP of WETH/USDC, a V4 position in the WETH/USDC
 * pool (in range, with fees from swaps) and one in a custom pool (a custom deployer's QUICK/WETH pool), stakes in
 * the live QUICK syrup and in the ended one (rewards left in it).
 */
export type BaseWorld = {
  chainId: 8453;
  accounts: typeof testAccounts;
  tokens: Record<BaseTokenKey, BaseToken>;
  v2: {
    factory: Address;
    router: Address;
    pairs: { wethUsdc: Address; quickWeth: Address };
  };
  v4: {
    factory: Address;
    poolDeployer: Address;
    positionManager: Address;
    swapRouter: Address;
    /** The account that may create custom pools (CUSTOM_POOL_DEPLOYER role): the custom pool's `deployer`. */
    customDeployer: Address;
    pools: { wethUsdc: Address; quickWethCustom: Address };
    positions: { wethUsdc: bigint; quickWethCustom: bigint };
  };
  syrups: { earnQuick: Address; earnSprk: Address; ended: Address };
  /** Merkl's Distributor at its address (no tree published: nothing claimed). */
  merkl: { distributor: Address };
};

const units = (whole: bigint, decimals: number) => whole * 10n ** BigInt(decimals);
/** A position's range in the test pools (tick spacing 60, Integral's default). */
const range = { tickLower: -887_220, tickUpper: 887_220 } as const;

/** Starts a local Base (chain id 8453) and deploys the Base world on it. */
export async function startBaseWorld(): Promise<{ anvil: Anvil; world: BaseWorld; stop(): Promise<void> }> {
  const anvil = await startAnvil({ chainId: baseChain.id });
  try {
    const world = await deployBaseWorld(anvil);
    return { anvil, world, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

async function deployBaseWorld(anvil: Anvil): Promise<BaseWorld> {
  const d = testAccounts.deployer.address;
  const user = testAccounts.user.address;
  // Not an account: a contract address (see step 4).
  const customDeployer = getAddress('0x00000000000000000000000000000000c0ffee47');
  const real = baseChain.products;
  const tx = new TxSender(anvil);

  // 1. Tokens, deployed then moved to Base's addresses (before any balance exists).
  const tokenSpecs: Record<BaseTokenKey, { to?: Address; symbol: string; decimals: number }> = {
    WETH: { to: baseChain.wrappedNative, symbol: 'WETH', decimals: 18 },
    USDC: { to: baseChain.usdc, symbol: 'USDC', decimals: 6 },
    QUICK: { to: real.syrups.quick, symbol: 'QUICK', decimals: 18 },
    SPRK: { symbol: 'SPRK', decimals: 18 },
  };
  const deployed = new Map<BaseTokenKey, Address>();
  for (const [key, spec] of Object.entries(tokenSpecs) as [
    BaseTokenKey,
    (typeof tokenSpecs)[BaseTokenKey],
  ][]) {
    const artifact = key === 'WETH' ? testWNative : testErc20;
    deployed.set(key, await tx.deploy(d, artifact, [spec.symbol, spec.symbol, spec.decimals], spec.symbol));
  }

  // 2. Uniswap V2's factory and Router02, Integral's deployer, factory, position manager and router, each built
  //    with the real addresses of the others (immutables) and moved to its own.
  const v2Factory = await tx.deploy(d, pairFactory, [d], 'V2 factory');
  const v2Router = await tx.deploy(d, router02, [real.v2.factory, baseChain.wrappedNative], 'V2 router');
  const v4Deployer = await tx.deploy(
    d,
    integralArtifacts.poolDeployer,
    [real.v4.factory],
    'V4 pool deployer',
  );
  const v4Factory = await tx.deploy(d, integralArtifacts.factory, [real.v4.poolDeployer], 'V4 factory');
  const v4Npm = await tx.deploy(
    d,
    integralArtifacts.positionManager,
    // The token descriptor only draws tokenURI, which nothing here reads.
    [real.v4.factory, baseChain.wrappedNative, d, real.v4.poolDeployer],
    'V4 position manager',
  );
  const v4Router = await tx.deploy(
    d,
    integralArtifacts.swapRouter,
    [real.v4.factory, baseChain.wrappedNative, real.v4.poolDeployer],
    'V4 swap router',
  );
  // Merkl's Distributor (restated), one address on every chain: the wallet's Merkl rewards on Base.
  const distributor = await deployMerklDistributor(tx, d);
  await tx.assertAllSucceeded();
  const tokenMoves = [...deployed].flatMap(([key, from]) => {
    const to = tokenSpecs[key].to;
    return to ? [{ from, to }] : [];
  });
  await placeContracts(anvil, [
    ...tokenMoves,
    { from: v2Factory, to: real.v2.factory },
    { from: v2Router, to: real.v2.router },
    { from: v4Deployer, to: real.v4.poolDeployer },
    { from: v4Factory, to: real.v4.factory },
    { from: v4Npm, to: real.v4.positionManager },
    { from: v4Router, to: real.v4.swapRouter },
    { from: distributor, to: baseChain.merklDistributor },
  ]);
  const tokens = Object.fromEntries(
    (Object.keys(tokenSpecs) as BaseTokenKey[]).map((key) => [
      key,
      {
        address: getAddress(tokenSpecs[key].to ?? deployed.get(key)!),
        symbol: tokenSpecs[key].symbol,
        decimals: tokenSpecs[key].decimals,
      },
    ]),
  ) as Record<BaseTokenKey, BaseToken>;
  // WETH pays out native ETH on withdraw: give it the native coin its supply stands for.
  await anvil.client.setBalance({ address: tokens.WETH.address, value: 10n ** 27n });

  const mint = (token: BaseTokenKey, to: Address, whole: bigint) =>
    tx.call(d, tokens[token].address, testErc20.abi, 'mint', [to, units(whole, tokens[token].decimals)]);

  // 3. V2 pairs at 3,000 USDC per WETH and 0.01 WETH per QUICK; the user holds WETH/USDC LP.
  const pairs = {
    wethUsdc: [tokens.WETH, tokens.USDC, 100n, 300_000n],
    quickWeth: [tokens.QUICK, tokens.WETH, 100_000n, 1_000n],
  } as const;
  const pairAddresses: Record<keyof typeof pairs, Address> = { wethUsdc: '0x', quickWeth: '0x' } as never;
  for (const [key, [a, b, amountA, amountB]] of Object.entries(pairs) as [
    keyof typeof pairs,
    (typeof pairs)[keyof typeof pairs],
  ][]) {
    await tx.call(d, real.v2.factory, pairFactory.abi, 'createPair', [a.address, b.address]);
    await tx.flush();
    const address = await anvil.client.readContract({
      address: real.v2.factory,
      abi: pairFactory.abi,
      functionName: 'getPair',
      args: [a.address, b.address],
    });
    pairAddresses[key] = getAddress(address);
    await tx.call(d, a.address, testErc20.abi, 'mint', [address, units(amountA, a.decimals)]);
    await tx.call(d, b.address, testErc20.abi, 'mint', [address, units(amountB, b.decimals)]);
    await tx.call(d, address, pairArtifact.abi, 'mint', [key === 'wethUsdc' ? user : d]);
  }

  // 4. Integral pools: WETH/USDC by the factory, QUICK/WETH as a custom pool of `customDeployer`.
  const customDeployerRole = (await anvil.client.readContract({
    address: real.v4.factory,
    abi: integralArtifacts.factory.abi,
    functionName: 'CUSTOM_POOL_DEPLOYER',
  })) as Hex;
  // A custom pool's creator holds the CUSTOM_POOL_DEPLOYER role and is asked by the factory for the pool's plugin
  // (beforeCreatePoolHook, then afterCreatePoolHook): on Base that is Algebra's entry point, asking the custom
  // deployer. Here one contract plays both, answering 32 zero bytes to any call (no plugin), sending as itself.
  await anvil.client.setCode({ address: customDeployer, bytecode: '0x60206000f3' });
  await impersonate(anvil, customDeployer);
  await tx.call(d, real.v4.factory, integralArtifacts.factory.abi, 'grantRole', [
    customDeployerRole,
    customDeployer,
  ]);
  await tx.call(d, real.v4.factory, integralArtifacts.factory.abi, 'createPool', [
    tokens.WETH.address,
    tokens.USDC.address,
    '0x',
  ]);
  await tx.call(customDeployer, real.v4.factory, integralArtifacts.factory.abi, 'createCustomPool', [
    customDeployer,
    d,
    tokens.QUICK.address,
    tokens.WETH.address,
    '0x',
  ]);
  await tx.assertAllSucceeded();
  const readPool = (functionName: 'poolByPair' | 'customPoolByPair', args: readonly Address[]) =>
    anvil.client.readContract({
      address: real.v4.factory,
      abi: integralArtifacts.factory.abi,
      functionName,
      args,
    }) as Promise<Address>;
  const wethUsdcPool = getAddress(await readPool('poolByPair', [tokens.WETH.address, tokens.USDC.address]));
  const customPool = getAddress(
    await readPool('customPoolByPair', [customDeployer, tokens.QUICK.address, tokens.WETH.address]),
  );
  const sorted = (a: BaseToken, b: BaseToken) =>
    BigInt(a.address) < BigInt(b.address) ? ([a, b] as const) : ([b, a] as const);
  const priceOf = (a: BaseToken, b: BaseToken, amountA: bigint, amountB: bigint) => {
    const [t0] = sorted(a, b);
    const [amount0, amount1] = t0 === a ? [amountA, amountB] : [amountB, amountA];
    return sqrtPriceX96FromAmounts(
      units(amount0, t0.decimals),
      units(amount1, t0 === a ? b.decimals : a.decimals),
    );
  };
  await tx.call(d, wethUsdcPool, integralArtifacts.pool.abi, 'initialize', [
    priceOf(tokens.WETH, tokens.USDC, 1n, 3_000n),
  ]);
  await tx.call(d, customPool, integralArtifacts.pool.abi, 'initialize', [
    priceOf(tokens.QUICK, tokens.WETH, 100n, 1n),
  ]);

  // 5. The user's positions, minted by the deployer for the user (full range).
  for (const token of ['WETH', 'USDC', 'QUICK'] as const) {
    await mint(token, d, 10_000_000n);
    await tx.call(d, tokens[token].address, testErc20.abi, 'approve', [real.v4.positionManager, maxUint256]);
    await tx.call(d, tokens[token].address, testErc20.abi, 'approve', [real.v4.swapRouter, maxUint256]);
  }
  const mintParams = (a: BaseToken, b: BaseToken, amountA: bigint, amountB: bigint, deployer: Address) => {
    const [t0, t1] = sorted(a, b);
    const [amount0, amount1] = t0 === a ? [amountA, amountB] : [amountB, amountA];
    return {
      token0: t0.address,
      token1: t1.address,
      deployer,
      ...range,
      amount0Desired: units(amount0, t0.decimals),
      amount1Desired: units(amount1, t1.decimals),
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: user,
      deadline: maxUint256,
    };
  };
  const zero = '0x0000000000000000000000000000000000000000';
  await tx.call(d, real.v4.positionManager, integralArtifacts.positionManager.abi, 'mint', [
    mintParams(tokens.WETH, tokens.USDC, 10n, 30_000n, zero),
  ]);
  await tx.call(d, real.v4.positionManager, integralArtifacts.positionManager.abi, 'mint', [
    mintParams(tokens.QUICK, tokens.WETH, 50_000n, 500n, customDeployer),
  ]);
  // Swaps both ways in the WETH/USDC pool: fees for the position to collect.
  for (const [tokenIn, tokenOut, amount] of [
    [tokens.USDC, tokens.WETH, 6_000n],
    [tokens.WETH, tokens.USDC, 2n],
  ] as const) {
    await tx.call(d, real.v4.swapRouter, integralArtifacts.swapRouter.abi, 'exactInputSingle', [
      {
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        deployer: zero,
        recipient: d,
        deadline: maxUint256,
        amountIn: units(amount, tokenIn.decimals),
        amountOutMinimum: 0n,
        limitSqrtPrice: 0n,
      },
    ]);
  }
  await tx.assertAllSucceeded();
  const [wethUsdcId, customId] = await Promise.all(
    [0n, 1n].map(
      (index) =>
        anvil.client.readContract({
          address: real.v4.positionManager,
          abi: integralArtifacts.positionManager.abi,
          functionName: 'tokenOfOwnerByIndex',
          args: [user, index],
        }) as Promise<bigint>,
    ),
  );

  // 6. Syrups at the stake list's addresses: earn QUICK (a week), earn SPRK (a week), and one that ends in an
  //    hour (the test moves the clock past it); the user stakes QUICK in the first and the last.
  const syrupSpecs = [
    { to: real.syrups.pools[0], reward: tokens.QUICK, amount: 7_000n, seconds: 7n * 86_400n },
    { to: real.syrups.pools[1], reward: tokens.SPRK, amount: 70_000n, seconds: 7n * 86_400n },
    { to: real.syrups.pools[2], reward: tokens.QUICK, amount: 360n, seconds: 3_600n },
  ] as const;
  const models: Address[] = [];
  for (const spec of syrupSpecs) {
    models.push(
      await tx.deploy(d, stakingRewards, [d, spec.reward.address, tokens.QUICK.address], `syrup ${spec.to}`),
    );
  }
  await tx.assertAllSucceeded();
  await placeContracts(
    anvil,
    syrupSpecs.map((spec, i) => ({ from: models[i]!, to: spec.to })),
  );
  for (const spec of syrupSpecs) {
    const reward = units(spec.amount, spec.reward.decimals);
    await tx.call(d, spec.reward.address, testErc20.abi, 'mint', [spec.to, reward]);
    await tx.call(d, spec.to, stakingRewards.abi, 'notifyRewardAmount', [reward, spec.seconds]);
  }
  await mint('QUICK', user, 1_000n);
  for (const [pool, amount] of [
    [syrupSpecs[0].to, 100n],
    [syrupSpecs[2].to, 40n],
  ] as const) {
    await tx.call(user, tokens.QUICK.address, testErc20.abi, 'approve', [pool, units(amount, 18)]);
    await tx.call(user, pool, stakingRewards.abi, 'stake', [units(amount, 18)], { gas: 1_000_000 });
  }
  await tx.assertAllSucceeded();
  // Some time passes: the syrups and the swaps' fees have something to show.
  await anvil.increaseTime(600);

  return {
    chainId: 8453,
    accounts: testAccounts,
    tokens,
    v2: { factory: getAddress(real.v2.factory), router: getAddress(real.v2.router), pairs: pairAddresses },
    v4: {
      factory: getAddress(real.v4.factory),
      poolDeployer: getAddress(real.v4.poolDeployer),
      positionManager: getAddress(real.v4.positionManager),
      swapRouter: getAddress(real.v4.swapRouter),
      customDeployer,
      pools: { wethUsdc: wethUsdcPool, quickWethCustom: customPool },
      positions: { wethUsdc: wethUsdcId!, quickWethCustom: customId! },
    },
    syrups: {
      earnQuick: getAddress(syrupSpecs[0].to),
      earnSprk: getAddress(syrupSpecs[1].to),
      ended: getAddress(syrupSpecs[2].to),
    },
    merkl: { distributor: getAddress(baseChain.merklDistributor) },
  };
}
