/**
 * The function and event signatures of the contracts QuickSwap deployed on Polygon, written down from
 * their published sources (quickswap-core contracts/staking/StakingRewards.sol and
 * StakingRewardsFactory.sol at the per-notification-duration version, StakingRewardsDualFactory.sol;
 * QuickSwap-periphery contracts/DragonLair.sol; QuickSwap/token-swap contracts/TokenSwap.sol, the QUICK converter). Our test contracts must match these lists exactly:
 * a view the deployed contracts lack must not exist in the test kit, or the app could come to read it.
 * Format: `function name(inputs)[ view returns (outputs)]`, `event Name(types, indexed marked)`.
 */
export const deployedInterfaces = {
  stakingRewards: [
    'event RewardAdded(uint256,uint256)',
    'event RewardPaid(address indexed,uint256)',
    'event Staked(address indexed,uint256)',
    'event Withdrawn(address indexed,uint256)',
    'function balanceOf(address) view returns (uint256)',
    'function earned(address) view returns (uint256)',
    'function exit()',
    'function getReward()',
    'function lastTimeRewardApplicable() view returns (uint256)',
    'function lastUpdateTime() view returns (uint256)',
    'function notifyRewardAmount(uint256,uint256)',
    'function periodFinish() view returns (uint256)',
    'function rewardPerToken() view returns (uint256)',
    'function rewardPerTokenStored() view returns (uint256)',
    'function rewardRate() view returns (uint256)',
    'function rewards(address) view returns (uint256)',
    'function rewardsDistribution() view returns (address)',
    'function rewardsToken() view returns (address)',
    'function stake(uint256)',
    'function stakeWithPermit(uint256,uint256,uint8,bytes32,bytes32)',
    'function stakingToken() view returns (address)',
    'function totalSupply() view returns (uint256)',
    'function userRewardPerTokenPaid(address) view returns (uint256)',
    'function withdraw(uint256)',
  ],
  stakingDualRewards: [
    'event OwnerChanged(address,address)',
    'event OwnerNominated(address)',
    'event PauseChanged(bool)',
    'event Recovered(address,uint256)',
    'event RewardAdded(uint256,uint256,uint256)',
    'event RewardPaid(address indexed,address,uint256)',
    'event Staked(address indexed,uint256)',
    'event Withdrawn(address indexed,uint256)',
    'function acceptOwnership()',
    'function balanceOf(address) view returns (uint256)',
    'function dualRewardsDistribution() view returns (address)',
    'function earnedA(address) view returns (uint256)',
    'function earnedB(address) view returns (uint256)',
    'function exit()',
    'function getReward()',
    'function lastPauseTime() view returns (uint256)',
    'function lastTimeRewardApplicable() view returns (uint256)',
    'function lastUpdateTime() view returns (uint256)',
    'function nominateNewOwner(address)',
    'function nominatedOwner() view returns (address)',
    'function notifyRewardAmount(uint256,uint256,uint256)',
    'function owner() view returns (address)',
    'function paused() view returns (bool)',
    'function periodFinish() view returns (uint256)',
    'function recoverERC20(address,uint256)',
    'function rewardPerTokenA() view returns (uint256)',
    'function rewardPerTokenAStored() view returns (uint256)',
    'function rewardPerTokenB() view returns (uint256)',
    'function rewardPerTokenBStored() view returns (uint256)',
    'function rewardRateA() view returns (uint256)',
    'function rewardRateB() view returns (uint256)',
    'function rewardsA(address) view returns (uint256)',
    'function rewardsB(address) view returns (uint256)',
    'function rewardsTokenA() view returns (address)',
    'function rewardsTokenB() view returns (address)',
    'function setPaused(bool)',
    'function stake(uint256)',
    'function stakingToken() view returns (address)',
    'function totalSupply() view returns (uint256)',
    'function userRewardPerTokenAPaid(address) view returns (uint256)',
    'function userRewardPerTokenBPaid(address) view returns (uint256)',
    'function withdraw(uint256)',
  ],
  stakingRewardsFactory: [
    'event OwnershipTransferred(address indexed,address indexed)',
    'function deploy(address,uint256,uint256)',
    'function isOwner() view returns (bool)',
    'function notifyRewardAmount(address)',
    'function notifyRewardAmounts()',
    'function owner() view returns (address)',
    'function pullExtraTokens(address,uint256)',
    'function renounceOwnership()',
    'function rewardsToken() view returns (address)',
    'function stakingRewardsGenesis() view returns (uint256)',
    'function stakingRewardsInfoByStakingToken(address) view returns (address,uint256,uint256)',
    'function stakingTokens(uint256) view returns (address)',
    'function transferOwnership(address)',
    'function update(address,uint256,uint256)',
  ],
  stakingRewardsDualFactory: [
    'event OwnerChanged(address,address)',
    'event OwnerNominated(address)',
    'function acceptOwnership()',
    'function deploy(address,address,address,address,uint256,uint256,uint256)',
    'function nominateNewOwner(address)',
    'function nominatedOwner() view returns (address)',
    'function notifyRewardAmount(address)',
    'function notifyRewardAmounts()',
    'function owner() view returns (address)',
    'function pullExtraTokens(address,uint256)',
    'function stakingRewardsGenesis() view returns (uint256)',
    'function stakingRewardsInfoByStakingToken(address) view returns (address,address,address,uint256,uint256,uint256)',
    'function stakingTokens(uint256) view returns (address)',
    'function update(address,uint256,uint256,uint256)',
  ],
  dragonLair: [
    'event Approval(address indexed,address indexed,uint256)',
    'event Transfer(address indexed,address indexed,uint256)',
    'function QUICKBalance(address) view returns (uint256)',
    'function QUICKForDQUICK(uint256) view returns (uint256)',
    'function allowance(address,address) view returns (uint256)',
    'function approve(address,uint256)',
    'function balanceOf(address) view returns (uint256)',
    'function dQUICKForQUICK(uint256) view returns (uint256)',
    'function decimals() view returns (uint8)',
    'function decreaseAllowance(address,uint256)',
    'function enter(uint256)',
    'function increaseAllowance(address,uint256)',
    'function leave(uint256)',
    'function name() view returns (string)',
    'function quick() view returns (address)',
    'function symbol() view returns (string)',
    'function totalSupply() view returns (uint256)',
    'function transfer(address,uint256)',
    'function transferFrom(address,address,uint256)',
  ],
  quickConverter: [
    'event NewWithdrawTimeout(uint256)',
    'event OwnershipTransferred(address indexed,address indexed)',
    'event QuickToQuickX(uint256,uint256,address indexed)',
    'event WithdrawTokens(address,uint256)',
    'function DEAD() view returns (address)',
    'function SWAP_RATIO() view returns (uint256)',
    'function owner() view returns (address)',
    'function quick() view returns (address)',
    'function quickToQuickX(uint256)',
    'function quickX() view returns (address)',
    'function renounceOwnership()',
    'function setWithdrawTimeout(uint256)',
    'function transferOwnership(address)',
    'function withdrawTimeout() view returns (uint256)',
    'function withdrawTokens(address,uint256)',
  ],
} as const;

export type DeployedContractName = keyof typeof deployedInterfaces;

/**
 * The part of Uniswap V2's pair, factory and Router02 that Tidewatch calls (QuickSwap's pairs, factory and V2
 * router run this code; the kit deploys the published bytecode itself). Unlike the lists above these are not
 * the whole interface, only what the app may call, each checked against the published artifact. Outputs are
 * written for every function here, state-changing ones too: the app reads what `removeLiquidity` returns.
 * Format: `function name(inputs)[ view] returns (outputs)`, or without ` returns (…)` when it returns nothing.
 */
export const usedUniswapV2Interfaces = {
  pair: [
    'function DOMAIN_SEPARATOR() view returns (bytes32)',
    'function PERMIT_TYPEHASH() view returns (bytes32)',
    'function allowance(address,address) view returns (uint256)',
    'function approve(address,uint256) returns (bool)',
    'function balanceOf(address) view returns (uint256)',
    'function getReserves() view returns (uint112,uint112,uint32)',
    'function kLast() view returns (uint256)',
    'function nonces(address) view returns (uint256)',
    'function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
    'function token0() view returns (address)',
    'function token1() view returns (address)',
    'function totalSupply() view returns (uint256)',
  ],
  factory: ['function feeTo() view returns (address)'],
  router02: [
    'function WETH() view returns (address)',
    'function factory() view returns (address)',
    'function removeLiquidity(address,address,uint256,uint256,uint256,address,uint256) returns (uint256,uint256)',
    'function removeLiquidityWithPermit(address,address,uint256,uint256,uint256,address,uint256,bool,uint8,bytes32,bytes32) returns (uint256,uint256)',
  ],
} as const;

export type UniswapV2ContractName = keyof typeof usedUniswapV2Interfaces;

/** IncentiveKey of Algebra V1 farming (AV1 IIncentiveKey.sol): incentiveId = keccak256(abi.encode(key)). */
const incentiveKeyStruct =
  'struct IncentiveKey { address rewardToken; address bonusRewardToken; address pool; uint256 startTime; uint256 endTime; }';
/** NonfungiblePositionManager's and FarmingCenter's collect parameters (AV1 INonfungiblePositionManager.sol). */
const collectParamsStruct =
  'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }';

/**
 * QuickSwap V3 (Algebra V1.0) and Merkl: every function and event Tidewatch reads, calls or decodes, as the facts
 * sheet quickswap-v3-onchain.md §3 and §6 name them. Human-readable ABI (viem's parseAbi format) with the
 * published parameter names, so it is also the ABI the app uses (`v3Abis` in v3-abis.ts). Each line is checked
 * against the artifact the kit deploys: @cryptoalgebra/v1-core@1.0.0 (pool, factory; pool init code hash
 * 0x6ec6c9c8…, Polygon's), @cryptoalgebra/periphery@1.0.0 (position manager), @cryptoalgebra/v1-farmings@1.0.1
 * (FarmingCenter, AlgebraEternalFarming), and Merkl's Distributor restated in solidity/merkl-distributor.sol from
 * AngleProtocol/merkl-contracts contracts/Distributor.sol @ 15d0dda35ed2732a13d3ee1f316117f8350e0b99 (the
 * Polygon distributor 0x3Ef3D8bA… has the same functions and event in its published implementations).
 */
export const deployedV3Interfaces = {
  pool: [
    'function globalState() view returns (uint160 price, int24 tick, uint16 fee, uint16 timepointIndex, uint8 communityFeeToken0, uint8 communityFeeToken1, bool unlocked)',
    'function liquidity() view returns (uint128)',
    'function token0() view returns (address)',
    'function token1() view returns (address)',
    'function factory() view returns (address)',
    'function liquidityCooldown() view returns (uint32)',
    'function tickSpacing() pure returns (int24)',
    'function totalFeeGrowth0Token() view returns (uint256)',
    'function totalFeeGrowth1Token() view returns (uint256)',
    'function ticks(int24) view returns (uint128 liquidityTotal, int128 liquidityDelta, uint256 outerFeeGrowth0Token, uint256 outerFeeGrowth1Token, int56 outerTickCumulative, uint160 outerSecondsPerLiquidity, uint32 outerSecondsSpent, bool initialized)',
    // The key is (owner << 48) | (bottomTick << 24) | topTick, 24 bits each, not keccak (AV1 AlgebraPool).
    'function positions(bytes32) view returns (uint128 liquidity, uint32 lastLiquidityAddTimestamp, uint256 innerFeeGrowth0Token, uint256 innerFeeGrowth1Token, uint128 fees0, uint128 fees1)',
    'event Fee(uint16 fee)',
  ],
  factory: ['function poolByPair(address, address) view returns (address)'],
  positionManager: [
    collectParamsStruct,
    'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
    // 11 fields, no fee (Uniswap's has 12).
    'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
    'function balanceOf(address owner) view returns (uint256)',
    'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
    'function ownerOf(uint256 tokenId) view returns (address)',
    'function totalSupply() view returns (uint256)',
    // Uncollected fees: eth_call from the owner with both maxima 2^128-1.
    'function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)',
    'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
    // Algebra's 6-argument form (topic 0x8a82de7f…), not Uniswap's 5-argument one.
    'event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint128 actualLiquidity, uint256 amount0, uint256 amount1, address pool)',
    'event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
    'event Collect(uint256 indexed tokenId, address recipient, uint256 amount0, uint256 amount1)',
    'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  ],
  farmingCenter: [
    incentiveKeyStruct,
    collectParamsStruct,
    // owner is written only at deposit and exitFarming: the authority is ownerOf(L2TokenId).
    'function deposits(uint256) view returns (uint256 L2TokenId, uint32 numberOfFarms, bool inLimitFarming, address owner)',
    'function l2Nfts(uint256) view returns (uint96 nonce, address operator, uint256 tokenId)',
    'function balanceOf(address owner) view returns (uint256)',
    'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
    'function ownerOf(uint256 tokenId) view returns (address)',
    'function virtualPoolAddresses(address pool) view returns (address limitVP, address eternalVP)',
    // A farmed NFT's fees: eth_call from the L2 owner (the position manager refuses it: "Not approved").
    'function collect(CollectParams params) returns (uint256 amount0, uint256 amount1)',
    // Pending rewards: eth_call from the L2 owner, as QuickSwap's interface does (getRewardInfo lags).
    'function collectRewards(IncentiveKey key, uint256 tokenId) returns (uint256 reward, uint256 bonusReward)',
    'function claimReward(address rewardToken, address to, uint256 amountRequestedIncentive, uint256 amountRequestedEternal) returns (uint256 reward)',
    'event DepositTransferred(uint256 indexed tokenId, address indexed oldOwner, address indexed newOwner)',
    'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  ],
  eternalFarming: [
    incentiveKeyStruct,
    'struct Tiers { uint256 tokenAmountForTier1; uint256 tokenAmountForTier2; uint256 tokenAmountForTier3; uint32 tier1Multiplier; uint32 tier2Multiplier; uint32 tier3Multiplier; }',
    'function incentives(bytes32) view returns (uint256 totalReward, uint256 bonusReward, address virtualPoolAddress, uint24 minimalPositionWidth, uint224 totalLiquidity, address multiplierToken, Tiers tiers)',
    // liquidity includes the tier multiplier.
    'function farms(uint256, bytes32) view returns (uint128 liquidity, int24 tickLower, int24 tickUpper, uint256 innerRewardGrowth0, uint256 innerRewardGrowth1)',
    'function getRewardInfo(IncentiveKey key, uint256 tokenId) view returns (uint256 reward, uint256 bonusReward)',
    // Collected but not claimed: rewards(owner, rewardToken).
    'function rewards(address, address) view returns (uint256)',
    'event EternalFarmingCreated(address indexed rewardToken, address indexed bonusRewardToken, address indexed pool, address virtualPool, uint256 startTime, uint256 endTime, uint256 reward, uint256 bonusReward, Tiers tiers, address multiplierToken, uint24 minimalAllowedPositionWidth)',
    'event FarmEntered(uint256 indexed tokenId, bytes32 indexed incentiveId, uint128 liquidity, uint256 tokensLocked)',
    'event FarmEnded(uint256 indexed tokenId, bytes32 indexed incentiveId, address indexed rewardAddress, address bonusRewardToken, address owner, uint256 reward, uint256 bonusReward)',
    'event RewardClaimed(address indexed to, uint256 reward, address indexed rewardAddress, address indexed owner)',
    'event RewardsRatesChanged(uint128 rewardRate, uint128 bonusRewardRate, bytes32 incentiveId)',
    'event RewardsAdded(uint256 rewardAmount, uint256 bonusRewardAmount, bytes32 incentiveId)',
    'event RewardsCollected(uint256 tokenId, bytes32 incentiveId, uint256 rewardAmount, uint256 bonusRewardAmount)',
    'event IncentiveAttached(address indexed rewardToken, address indexed bonusRewardToken, address indexed pool, address virtualPool, uint256 startTime, uint256 endTime)',
    'event IncentiveDetached(address indexed rewardToken, address indexed bonusRewardToken, address indexed pool, address virtualPool, uint256 startTime, uint256 endTime)',
  ],
  merklDistributor: [
    // amount is cumulative: pending = the API's cumulative amount - claimed(user, token).amount.
    'function claimed(address, address) view returns (uint208 amount, uint48 timestamp, bytes32 merkleRoot)',
    // amounts cumulative; leaf keccak256(abi.encode(user, token, amount)), sorted-pair proofs.
    'function claim(address[] users, address[] tokens, uint256[] amounts, bytes32[][] proofs)',
    'function getMerkleRoot() view returns (bytes32)',
    'function tree() view returns (bytes32 merkleRoot, bytes32 ipfsHash)',
    'event Claimed(address indexed user, address indexed token, uint256 amount)',
  ],
} as const;

export type V3ContractName = keyof typeof deployedV3Interfaces;
