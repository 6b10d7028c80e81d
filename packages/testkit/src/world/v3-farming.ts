import {
  algebraEternalFarming,
  farmingCenter as farmingCenterArtifact,
  nonfungiblePositionManager,
  testErc20,
} from '@tidewatch/contracts';
import { type Address, encodeAbiParameters, type Hex, keccak256, zeroAddress } from 'viem';
import type { TxSender } from './tx-sender.ts';
import type { V3IncentiveKey } from './v3-types.ts';

/** Tiers with every multiplier 1x (10000 = LiquidityTier.DENOMINATOR): no token locking changes liquidity. */
const NO_MULTIPLIER_TIERS = {
  tokenAmountForTier1: 0n,
  tokenAmountForTier2: 0n,
  tokenAmountForTier3: 0n,
  tier1Multiplier: 10_000,
  tier2Multiplier: 10_000,
  tier3Multiplier: 10_000,
} as const;

/** incentiveId = keccak256(abi.encode(IncentiveKey)) (AV1 IncentiveId.sol). */
export function incentiveIdOf(key: V3IncentiveKey): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'address' },
        { type: 'address' },
        { type: 'uint256' },
        { type: 'uint256' },
      ],
      [key.rewardToken, key.bonusRewardToken, key.pool, key.startTime, key.endTime],
    ),
  );
}

/**
 * Creates an eternal farming incentive as the incentive maker (the deployer) does: approves the rewards to the
 * eternal farming, which pulls them in createEternalFarming, deploys the incentive's virtual pool and connects
 * it to the pool through FarmingCenter. The maker must hold the rewards. Sends only.
 */
export async function createEternalIncentive(
  tx: TxSender,
  input: {
    maker: Address;
    eternalFarming: Address;
    key: V3IncentiveKey;
    reward: bigint;
    bonusReward: bigint;
    rewardRate: bigint;
    bonusRewardRate: bigint;
  },
): Promise<void> {
  const { maker, eternalFarming, key } = input;
  await tx.call(maker, key.rewardToken, testErc20.abi, 'approve', [eternalFarming, input.reward]);
  if (input.bonusReward > 0n) {
    await tx.call(maker, key.bonusRewardToken, testErc20.abi, 'approve', [eternalFarming, input.bonusReward]);
  }
  await tx.call(maker, eternalFarming, algebraEternalFarming.abi, 'createEternalFarming', [
    key,
    {
      reward: input.reward,
      bonusReward: input.bonusReward,
      rewardRate: input.rewardRate,
      bonusRewardRate: input.bonusRewardRate,
      minimalPositionWidth: 0,
      multiplierToken: zeroAddress,
    },
    NO_MULTIPLIER_TIERS,
  ]);
}

/**
 * Deposits a position NFT in FarmingCenter (safeTransferFrom to it: the owner gets an L2 NFT) and, with a key,
 * enters it in that eternal incentive without locking tokens, as QuickSwap's interface does. Sends only.
 */
export async function depositAndFarm(
  tx: TxSender,
  input: {
    owner: Address;
    tokenId: bigint;
    positionManager: Address;
    farmingCenter: Address;
    key: V3IncentiveKey | null;
  },
): Promise<void> {
  await tx.call(input.owner, input.positionManager, nonfungiblePositionManager.abi, 'safeTransferFrom', [
    input.owner,
    input.farmingCenter,
    input.tokenId,
  ]);
  if (!input.key) return;
  await tx.call(input.owner, input.farmingCenter, farmingCenterArtifact.abi, 'enterFarming', [
    input.key,
    input.tokenId,
    0n,
    false,
  ]);
}
