/**
 * Tidewatch's Solidity test contracts, compiled offline (see scripts/compile.ts): ABIs typed
 * `as const` plus creation and runtime bytecode, ready for viem's deployContract / readContract.
 */
import {
  Multicall3,
  QuickFactory,
  QuickPair,
  StakingDualRewards,
  StakingRewards,
  StakingRewardsRegistry,
  TestERC20,
  TestERC20Bytes32,
} from './generated.ts';

/** ERC-20 with any decimals and an open `mint(to, amount)`. */
export const testErc20 = TestERC20;
/** ERC-20 whose `name()` and `symbol()` return bytes32 (like old MKR). */
export const testErc20Bytes32 = TestERC20Bytes32;
/** Uniswap-V2-style pair: LP token, token0/token1, getReserves, mint(to), burn(to), sync. */
export const pair = QuickPair;
/** Uniswap-V2-style factory: createPair, getPair, allPairs, allPairsLength. */
export const pairFactory = QuickFactory;
/** Synthetix/QuickSwap StakingRewards (LP farm with one reward token). */
export const stakingRewards = StakingRewards;
/** QuickSwap StakingDualRewards (dual farm with rewards A and B, pausable). */
export const stakingDualRewards = StakingDualRewards;
/** StakingRewardsFactory-like lookup: stakingRewardsInfoByStakingToken(pair) -> (farm, amount, duration). */
export const stakingRewardsRegistry = StakingRewardsRegistry;
/** Multicall3-compatible batcher (aggregate3 and friends). */
export const multicall3 = Multicall3;

/** The address every chain (and our local node) hosts Multicall3 at. */
export const MULTICALL3_CANONICAL_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

export type ContractArtifact = {
  readonly abi: readonly unknown[];
  readonly bytecode: `0x${string}`;
  readonly deployedBytecode: `0x${string}`;
};
