/**
 * Tidewatch's test contracts: QuickSwap's farms, farm factories and Dragon's Lair restated from
 * QuickSwap's published sources (interface- and behaviour-identical, compiled offline by
 * scripts/compile.ts; the farms and factories in Solidity 0.5.16 with solc 0.5.16, as deployed),
 * Uniswap V2's pair and factory as published in @uniswap/v2-core, its Router02 as published in
 * @uniswap/v2-periphery, test ERC-20s and Multicall3; QuickSwap V3 (Algebra V1.0) as published in
 * @cryptoalgebra/v1-core, @cryptoalgebra/periphery and @cryptoalgebra/v1-farmings, Merkl's distributor
 * restated from its source, and Gamma's vault contracts compiled from Gamma's own sources (vendored unchanged
 * under solidity/v0.7.6/gamma and solidity/v0.6.12/gamma); Steer's, ICHI's and DefiEdge's vault contracts
 * restated from the ABI files QuickSwap's interface-v2 reads them with (solidity/v0.7.6/restated), and Sushi's
 * MiniChefV2 compiled from Sushi's source (solidity/v0.6.12/defiedge). ABIs are typed `as const`, with creation
 * and runtime bytecode for viem.
 */
import {
  AlgebraEternalFarming,
  AlgebraFactory,
  AlgebraLimitFarming,
  AlgebraPool,
  AlgebraPoolDeployer,
  DefiEdgeStrategy,
  Distributor,
  DragonLair,
  FarmingCenter,
  FarmingCenterVault,
  Hypervisor,
  ICHIVault,
  MasterChef,
  MiniChefV2,
  Multicall3,
  NFTDescriptor,
  NonfungiblePositionManager,
  NonfungibleTokenPositionDescriptor,
  Rewarder,
  StakingDualRewards,
  StakingRewards,
  StakingRewardsDualFactory,
  StakingRewardsFactory,
  SteerStakingRewards,
  SteerVault,
  SwapRouter,
  TestERC20,
  TestERC20Bytes32,
  TestWNative,
  TokenSwap,
  UniProxy,
  UniswapV2Factory,
  UniswapV2Pair,
  UniswapV2Router02,
} from './generated.ts';

export { v3Abis } from './v3-abis.ts';

/** ERC-20 with any decimals and an open `mint(to, amount)`. */
export const testErc20 = TestERC20;
/** ERC-20 whose `name()` and `symbol()` return bytes32 (like old MKR). */
export const testErc20Bytes32 = TestERC20Bytes32;
/**
 * TestERC20 that wraps the native coin as WMATIC does (deposit, withdraw): its runtime code put over a world's
 * WMATIC (same storage) makes the position manager's unwrapWNativeToken work on the local chain.
 */
export const testWNative = TestWNative;
/** Uniswap V2's pair (QuickSwap's pairs run this code): fund with two transfers, then `mint(to)`. */
export const pair = UniswapV2Pair;
/** Uniswap V2's factory: constructor(feeToSetter), createPair, getPair, allPairs, allPairsLength. */
export const pairFactory = UniswapV2Factory;
/**
 * Uniswap V2's Router02 (QuickSwap's V2 router runs this code): constructor(factory, WETH), removeLiquidity,
 * removeLiquidityWithPermit, … Pair addresses come from the pair init code hash compiled into it
 * (UNISWAP_V2_PAIR_INIT_CODE_HASH), so it only works with factories of the v2-core pair bytecode above.
 */
export const router02 = UniswapV2Router02;
/** QuickSwap StakingRewards (LP farm with one reward token); no rewardsDuration(). */
export const stakingRewards = StakingRewards;
/** QuickSwap StakingDualRewards (dual farm with rewards A and B, pausable); no rewardsDuration(). */
export const stakingDualRewards = StakingDualRewards;
/** QuickSwap StakingRewardsFactory: stakingTokens(i), stakingRewardsInfoByStakingToken -> 3 values. */
export const stakingRewardsFactory = StakingRewardsFactory;
/** QuickSwap StakingRewardsDualFactory: stakingRewardsInfoByStakingToken -> 6 values. */
export const stakingRewardsDualFactory = StakingRewardsDualFactory;
/** QuickSwap's Dragon's Lair (dQUICK over QUICK): enter, leave, dQUICKForQUICK, QUICKForDQUICK. */
export const dragonLair = DragonLair;
/** QuickSwap's QUICK converter (TokenSwap): quickToQuickX, 1 old QUICK = 1000 new QUICK. */
export const quickConverter = TokenSwap;
/** Multicall3-compatible batcher (aggregate3, getBlockNumber, getCurrentBlockTimestamp, …). */
export const multicall3 = Multicall3;

/** The address every chain (and our local node) hosts Multicall3 at. */
export const MULTICALL3_CANONICAL_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

/** keccak256 of Uniswap V2's pair creation code: QuickSwap's pairs share it, so pair addresses follow by CREATE2. */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f' as const;

/**
 * Algebra V1.0's factory (QuickSwap V3 runs it): constructor(poolDeployer, vaultAddress); createPool,
 * poolByPair, setFarmingAddress (the FarmingCenter: pools accept incentives only from it).
 */
export const algebraFactory = AlgebraFactory;
/** Algebra V1.0's pool deployer: constructor(), then setFactory once; CREATE2 with the pool init code below. */
export const algebraPoolDeployer = AlgebraPoolDeployer;
/** Algebra V1.0's pool (deployed by the pool deployer, never directly): globalState, ticks, positions, … */
export const algebraPool = AlgebraPool;
/**
 * Algebra V1.0's NonfungiblePositionManager: constructor(factory, WNative, tokenDescriptor, poolDeployer);
 * createAndInitializePoolIfNecessary, mint, positions (11 fields), collect, decreaseLiquidity.
 */
export const nonfungiblePositionManager = NonfungiblePositionManager;
/**
 * Algebra V1.0's token descriptor (tokenURI's SVG): constructor(WNative). Its creation code has a placeholder
 * for the NFTDescriptor library (`linkReferences`): write the library's address there before deploying.
 */
export const nonfungibleTokenPositionDescriptor = NonfungibleTokenPositionDescriptor;
/** The NFTDescriptor library the token descriptor links to. */
export const nftDescriptor = NFTDescriptor;
/** Algebra V1.0's SwapRouter: constructor(factory, WNative, poolDeployer); exactInputSingle, … */
export const algebraSwapRouter = SwapRouter;
/**
 * Algebra V1.0's FarmingCenter: constructor(limitFarming, eternalFarming, positionManager, vault). Holds
 * deposited position NFTs and mints their owners L2 NFTs; enterFarming, collect, collectRewards, claimReward.
 */
export const farmingCenter = FarmingCenter;
/** Algebra V1.0's FarmingCenterVault (multiplier tokens locked in farms): constructor(), setFarmingCenter. */
export const farmingCenterVault = FarmingCenterVault;
/**
 * Algebra V1.0's eternal farming: constructor(poolDeployer, positionManager); setIncentiveMaker,
 * setFarmingCenterAddress, createEternalFarming (incentive maker only), incentives, farms, rewards.
 */
export const algebraEternalFarming = AlgebraEternalFarming;
/** Algebra V1.0's limit farming: constructor(poolDeployer, positionManager, maxLeadTime, maxDuration). */
export const algebraLimitFarming = AlgebraLimitFarming;
/**
 * Merkl's Distributor restated (solidity/merkl-distributor.sol): constructor(governor); updateTree, claim,
 * claimed, getMerkleRoot, tree, setEpochDuration, setDisputePeriod, toggleTrusted.
 */
export const merklDistributor = Distributor;

/** keccak256 of Algebra V1.0's pool creation code: QuickSwap V3's pools on Polygon share it (CREATE2). */
export const ALGEBRA_POOL_INIT_CODE_HASH =
  '0x6ec6c9c8091d160c0aa74b2b14ba9c1717e95093bd3ac085cee99a49aab294a4' as const;

/**
 * Gamma's Hypervisor for Algebra pools (GammaStrategies/hypervisor at ed3d44a, branch quickswap; solc 0.7.6,
 * 800 runs, as Gamma built it): an ERC-20 of shares over a base and a limit position in one pool.
 * constructor(pool, owner, name, symbol); getTotalAmounts, getBasePosition, getLimitPosition, deposit (only
 * from `whitelistedAddress`), withdraw, rebalance (owner), setWhitelist.
 */
export const gammaHypervisor = Hypervisor;
/**
 * Gamma's UniProxy (same commit): the whitelisted depositor of hypervisors. constructor(); addPosition(pos,
 * version) (owner), deposit(deposit0, deposit1, to, pos, minIn) checking the ratio against getDepositAmount.
 */
export const gammaUniProxy = UniProxy;
/**
 * Gamma's MasterChef (GammaStrategies/hypervisor at 3043501; Sushi's MiniChefV2 with several rewarders, solc
 * 0.6.12): constructor(rewardToken); add(allocPoint, lpToken), addRewarder, setSushiPerSecond, deposit(pid,
 * amount, to), userInfo, pendingSushi, getRewarder. Pays its reward token from its own balance.
 */
export const gammaMasterChef = MasterChef;
/**
 * Gamma's Rewarder (same commit): constructor(rewardToken, rewardPerSecond, masterChef); add(allocPoint, pid),
 * pendingToken, pendingTokens, rewardToken, rewardPerSecond. Pays from its own balance when the chef calls it.
 */
export const gammaRewarder = Rewarder;

/**
 * Steer's multi-position vault for Algebra pools, restated from interface-v2's steer-vault.json
 * (solidity/v0.7.6/restated/steer): ERC-20 shares (18 decimals). constructor(algebraFactory), then
 * initialize(manager, orchestrator, steer, abi.encode(token0, token1, int24 maxTickChange, uint32 twapInterval))
 * (the pool is the factory's poolByPair). deposit(amount0Desired, amount1Desired, amount0Min, amount1Min, to) ->
 * (shares, amount0Used, amount1Used), idle until tend; withdraw(shares, amount0Min, amount1Min, to);
 * getTotalAmounts, getPositions; tend(totalWeight, (lowerTick[], upperTick[], relativeWeight[]), abi.encode(int256
 * swapAmount, uint160 sqrtPriceLimitX96)) by the manager.
 */
export const steerVault = SteerVault;
/**
 * Synthetix's StakingRewards with Owned and Pausable, as Steer's staking pools run it (steer-staking.json):
 * constructor(owner, rewardsDistribution, rewardsToken, stakingToken); stake, withdraw, getReward, exit, earned,
 * balanceOf, periodFinish, rewardRate, setRewardsDuration (owner), notifyRewardAmount (distributor, after funding).
 */
export const steerStakingRewards = SteerStakingRewards;
/**
 * ICHI's single-sided vault for Algebra pools, restated from interface-v2's ichi-vault.json
 * (solidity/v0.7.6/restated/ichi): constructor(pool, allowToken0, allowToken1, owner, twapPeriod, vaultIndex);
 * deposit(deposit0, deposit1, to) -> shares (allowed tokens only, idle until rebalance), withdraw(shares, to),
 * getTotalAmounts, getBasePosition, getLimitPosition, rebalance(baseLower, baseUpper, limitLower, limitUpper,
 * swapQuantity) by the owner.
 */
export const ichiVault = ICHIVault;
/**
 * DefiEdge's strategy for Algebra pools, restated from interface-v2's defiedge-strategy.json
 * (solidity/v0.7.6/restated/defiedge): constructor(factory, pool, oneInchRouter, chainlinkRegistry, manager,
 * usdAsBase[2], ticks[]); mint(amount0, amount1, amount0Min, amount1Min, minShare) -> (amount0, amount1, share),
 * burn(shares, amount0Min, amount1Min), getAUMWithFees(includeFee) (nonpayable: read it with eth_call), getTicks,
 * ticks(i), rebalance(swapData, existingTicks, newTicks, burnAll) by the manager.
 */
export const defiEdgeStrategy = DefiEdgeStrategy;
/**
 * Sushi's MiniChefV2 (sushiswap/sushiswap at 9b425e1f with BoringSolidity at 9e5f49f, solc 0.6.12, 200 runs), the
 * chef DefiEdge's strategies are staked in (defiedge-minichef.json): constructor(sushi); add(allocPoint, lpToken,
 * rewarder), setSushiPerSecond, deposit(pid, amount, to), userInfo, pendingSushi, withdrawAndHarvest, harvest.
 * Pays SUSHI (its reward token) from its own balance.
 */
export const defiEdgeMiniChef = MiniChefV2;
