import {
  type IncentiveKey,
  type V3ActionContracts,
  type V3ActionPosition,
  v3ActionAbis,
} from '@tidewatch/shared/v3-action-calls';
import type { V3Position, V3WalletPositions } from '@tidewatch/shared/v3-positions';
import {
  type Address,
  encodeAbiParameters,
  getAddress,
  isAddressEqual,
  keccak256,
  type PublicClient,
  zeroAddress,
} from 'viem';

/**
 * What a V3 action is built from (issue 46, decision 029): the contracts of the operator's configuration, checked
 * on chain before anything is built (FarmingCenter names that position manager, the position manager that
 * WNative), and the position as the chain shows it now, read through the wallet's own provider.
 */

/** The answer's contracts, checksummed. */
export function actionContracts(contracts: V3WalletPositions['contracts']): V3ActionContracts {
  return {
    positionManager: getAddress(contracts.position_manager),
    farmingCenter: getAddress(contracts.farming_center),
    wNative: getAddress(contracts.wnative),
  };
}

/** Refuses contracts that do not point at each other on chain: nothing is sent to them. */
export async function verifyActionContracts(
  client: PublicClient,
  contracts: V3ActionContracts,
): Promise<void> {
  const [managerOfCenter, wNative] = await Promise.all([
    client.readContract({
      address: contracts.farmingCenter,
      abi: v3ActionAbis.farmingCenter,
      functionName: 'nonfungiblePositionManager',
    }),
    client.readContract({
      address: contracts.positionManager,
      abi: v3ActionAbis.positionManager,
      functionName: 'WNativeToken',
    }),
  ]);
  if (!isAddressEqual(managerOfCenter, contracts.positionManager))
    throw new Error(
      `FarmingCenter ${contracts.farmingCenter} does not use ${contracts.positionManager}: nothing is sent`,
    );
  if (!isAddressEqual(wNative, contracts.wNative))
    throw new Error(
      `the position manager's wrapped native token is ${wNative}, not ${contracts.wNative}: nothing is sent`,
    );
}

const toSeconds = (iso: string) => BigInt(Math.round(Date.parse(iso) / 1000));

/**
 * The eternal incentive's key from the answer, checked against its id (keccak256(abi.encode(key))): a key that
 * does not hash to the incentive the chain reported is refused.
 */
function incentiveKeyOf(position: V3Position): IncentiveKey | null {
  const incentive = position.farming?.incentive;
  if (!incentive) return null;
  const key: IncentiveKey = {
    rewardToken: getAddress(incentive.reward_token.address),
    bonusRewardToken: incentive.bonus_reward_token
      ? getAddress(incentive.bonus_reward_token.address)
      : zeroAddress,
    pool: getAddress(position.pool.address),
    startTime: toSeconds(incentive.start_time),
    endTime: toSeconds(incentive.end_time),
  };
  const id = keccak256(
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
  if (id.toLowerCase() !== incentive.id.toLowerCase())
    throw new Error(`incentive ${incentive.id} does not match its key: nothing is sent`);
  return key;
}

/**
 * The position now: its tokens and liquidity (positions()), whether FarmingCenter holds it and, then, whether the
 * account owns its L2 NFT (only then may it act) and whether it still farms (deposits().numberOfFarms).
 */
export async function readActionPosition(
  client: PublicClient,
  contracts: V3ActionContracts,
  position: V3Position,
  account: Address,
): Promise<V3ActionPosition> {
  const tokenId = BigInt(position.token_id);
  const npm = { address: contracts.positionManager, abi: v3ActionAbis.positionManager } as const;
  const [onChain, owner] = await Promise.all([
    client.readContract({ ...npm, functionName: 'positions', args: [tokenId] }),
    client.readContract({ ...npm, functionName: 'ownerOf', args: [tokenId] }),
  ]);
  const isDeposited = isAddressEqual(owner, contracts.farmingCenter);
  let isFarming = false;
  if (isDeposited) {
    const center = { address: contracts.farmingCenter, abi: v3ActionAbis.farmingCenter } as const;
    const deposit = await client.readContract({ ...center, functionName: 'deposits', args: [tokenId] });
    const l2Owner = await client.readContract({ ...center, functionName: 'ownerOf', args: [deposit[0]] });
    if (!isAddressEqual(l2Owner, account))
      throw new Error(`position ${tokenId} is farmed by ${l2Owner}, not ${account}`);
    isFarming = deposit[1] > 0;
  } else if (!isAddressEqual(owner, account)) {
    throw new Error(`position ${tokenId} belongs to ${owner}, not ${account}`);
  }
  return {
    tokenId,
    token0: getAddress(onChain[2]),
    token1: getAddress(onChain[3]),
    liquidity: onChain[6],
    isDeposited,
    incentive: isFarming ? incentiveKeyOf(position) : null,
  };
}
