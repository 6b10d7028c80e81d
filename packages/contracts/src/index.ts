/**
 * Tidewatch's test contracts: QuickSwap's farms, farm factories and Dragon's Lair restated from
 * QuickSwap's published sources (interface- and behaviour-identical, compiled offline by
 * scripts/compile.ts; the farms and factories in Solidity 0.5.16 with solc 0.5.16, as deployed),
 * Uniswap V2's pair and factory as published in @uniswap/v2-core, its Router02 as published in
 * @uniswap/v2-periphery, test ERC-20s and Multicall3. ABIs are
 * typed `as const`, with creation and runtime bytecode for viem.
 */
import {
  DragonLair,
  Multicall3,
  StakingDualRewards,
  StakingRewards,
  StakingRewardsDualFactory,
  StakingRewardsFactory,
  TestERC20,
  TestERC20Bytes32,
  TokenSwap,
  UniswapV2Factory,
  UniswapV2Pair,
  UniswapV2Router02,
} from './generated.ts';

/** ERC-20 with any decimals and an open `mint(to, amount)`. */
export const testErc20 = TestERC20;
/** ERC-20 whose `name()` and `symbol()` return bytes32 (like old MKR). */
export const testErc20Bytes32 = TestERC20Bytes32;
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
