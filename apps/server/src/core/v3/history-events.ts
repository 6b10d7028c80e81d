import { v3Abis } from '@tidewatch/contracts/v3-abis';
import {
  type Address,
  decodeEventLog,
  getAddress,
  type Hex,
  isAddressEqual,
  pad,
  toEventSelector,
  toHex,
  zeroAddress,
} from 'viem';
import type { LogFilter, RawLog } from '../chain/history-logs.ts';
import type { V3EventDraft } from './history-value.ts';

/** The contracts a position's events come from (configuration: V3_POSITION_MANAGER_ADDRESS, V3_ETERNAL_FARMING_ADDRESS). */
export type V3HistoryContracts = { positionManager: Address; eternalFarming: Address };

/** The same where a chain has no farming configured (Base's V4): only the position manager's events. */
type DecodedContracts = { positionManager: Address; eternalFarming?: Address | undefined };

/** What a position's logs are matched against. */
export type V3HistoryTarget = {
  tokenId: bigint;
  token0: Address;
  token1: Address;
  /** Wallets whose reward claims count (the wallets the position is tracked with). */
  owners: Address[];
};

/**
 * The events a position's history is rebuilt from, as the pinned ABIs have them (v3Abis, checked against the
 * deployed artifacts and the sheet §3). IncreaseLiquidity is Algebra's six-field form with `actualLiquidity`:
 * Uniswap's five-field form has another topic and would find nothing.
 */
const selectorOf = (abi: readonly { type: string; name?: string }[], name: string) =>
  toEventSelector(abi.find((item) => item.type === 'event' && item.name === name) as never);
const selectors = {
  increase: selectorOf(v3Abis.positionManager, 'IncreaseLiquidity'),
  decrease: selectorOf(v3Abis.positionManager, 'DecreaseLiquidity'),
  collect: selectorOf(v3Abis.positionManager, 'Collect'),
  transfer: selectorOf(v3Abis.positionManager, 'Transfer'),
  farmEntered: selectorOf(v3Abis.eternalFarming, 'FarmEntered'),
  farmEnded: selectorOf(v3Abis.eternalFarming, 'FarmEnded'),
  rewardClaimed: selectorOf(v3Abis.eternalFarming, 'RewardClaimed'),
  rewardsCollected: selectorOf(v3Abis.eternalFarming, 'RewardsCollected'),
};

/** The tokens an incentive pays (its key's reward and bonus token; the bonus the zero address when none). */
export type V3IncentiveTokens = { rewardToken: Address; bonusRewardToken: Address };

/**
 * Three eth_getLogs filters per block range for one position: the events indexed by the token id as their
 * first topic (IncreaseLiquidity, DecreaseLiquidity, Collect on the position manager; FarmEntered, FarmEnded
 * on the eternal farming), those whose third indexed topic is the token id or an owner (the NFT's
 * Transfer, the owner's RewardClaimed), and every RewardsCollected of the eternal farming (nothing in it is
 * indexed: its token id is matched once decoded). Decoding drops what matches a filter by chance only.
 */
export function v3HistoryFilters(contracts: V3HistoryContracts, target: V3HistoryTarget): LogFilter[] {
  const address = [contracts.positionManager, contracts.eternalFarming];
  const idTopic = toHex(target.tokenId, { size: 32 });
  return [
    {
      address,
      topics: [
        [
          selectors.increase,
          selectors.decrease,
          selectors.collect,
          selectors.farmEntered,
          selectors.farmEnded,
        ],
        idTopic,
      ],
    },
    {
      address,
      topics: [
        [selectors.transfer, selectors.rewardClaimed],
        null,
        null,
        [idTopic, ...target.owners.map((o) => pad(o.toLowerCase() as Hex))],
      ],
    },
    { address: [contracts.eternalFarming], topics: [selectors.rewardsCollected] },
  ];
}

/**
 * Two eth_getLogs filters per block range for positions of a manager without a farming (Algebra Integral's, whose
 * events have V1.0's signatures): IncreaseLiquidity, DecreaseLiquidity and Collect indexed by any of the token ids,
 * and the NFTs' Transfers.
 */
export function positionManagerFilters(positionManager: Address, tokenIds: bigint[]): LogFilter[] {
  const ids = tokenIds.map((id) => toHex(id, { size: 32 }));
  return [
    {
      address: [positionManager],
      topics: [[selectors.increase, selectors.decrease, selectors.collect], ids],
    },
    { address: [positionManager], topics: [selectors.transfer, null, null, ids] },
  ];
}

/**
 * The incentive ids of this position's RewardsCollected logs: the event names neither its tokens nor (indexed)
 * the position, so its incentive is looked up (the incentive index) before the logs are decoded.
 */
export function rewardsCollectedIncentives(
  logs: RawLog[],
  contracts: DecodedContracts,
  tokenId: bigint,
): Hex[] {
  const ids = new Set<Hex>();
  for (const log of logs) {
    if (
      !contracts.eternalFarming ||
      !isAddressEqual(log.address, contracts.eternalFarming) ||
      log.topics[0] !== selectors.rewardsCollected
    )
      continue;
    const { args } = decodeEventLog({
      abi: v3Abis.eternalFarming,
      eventName: 'RewardsCollected',
      data: log.data,
      topics: log.topics,
    });
    if (args.tokenId === tokenId) ids.add(args.incentiveId);
  }
  return [...ids];
}

/**
 * A RewardsCollected's amounts by its incentive's tokens (a bonus paid in the reward token adds to it, as the
 * farming credits one balance). Without the incentive (not in the index) its tokens are unknown: no amounts,
 * so its USD is unknown (null), never 0; the raw amounts stay in its detail.
 */
function collectedAmounts(
  tokens: V3IncentiveTokens | undefined,
  reward: bigint,
  bonusReward: bigint,
): { token: Address; raw: bigint }[] {
  if (!tokens) return [];
  const amounts = [{ token: getAddress(tokens.rewardToken), raw: reward }];
  if (tokens.bonusRewardToken === zeroAddress) return amounts;
  if (isAddressEqual(tokens.bonusRewardToken, tokens.rewardToken)) amounts[0]!.raw += bonusReward;
  else amounts.push({ token: getAddress(tokens.bonusRewardToken), raw: bonusReward });
  return amounts;
}

/**
 * Decodes a position's logs (in chain order) into event drafts with raw amounts. A RewardClaimed is the
 * owner's, not the position's (the farming contract pays an owner's rewards of every position at once): it
 * counts when its owner is one the position is tracked with and its token is one a FarmEnded or a
 * RewardsCollected of this position paid (`rewardTokens`, which grows as those are decoded). A
 * RewardsCollected (collectRewards while still farmed, no FarmEnded) takes its tokens from `incentives`
 * (incentive id -> tokens, from rewardsCollectedIncentives and the incentive index).
 */
export function decodeV3PositionLogs(
  logs: RawLog[],
  contracts: DecodedContracts,
  target: V3HistoryTarget,
  rewardTokens: Set<string>,
  incentives: ReadonlyMap<string, V3IncentiveTokens> = new Map(),
): V3EventDraft[] {
  const drafts: V3EventDraft[] = [];
  for (const log of logs) {
    const base = {
      blockNumber: BigInt(log.blockNumber),
      txHash: log.transactionHash,
      logIndex: Number(log.logIndex),
    };
    if (isAddressEqual(log.address, contracts.positionManager)) {
      const { eventName, args } = decodeEventLog({
        abi: v3Abis.positionManager,
        data: log.data,
        topics: log.topics,
      });
      if (args.tokenId !== target.tokenId) continue;
      const pair = (amount0: bigint, amount1: bigint) => [
        { token: target.token0, raw: amount0 },
        { token: target.token1, raw: amount1 },
      ];
      if (eventName === 'IncreaseLiquidity') {
        drafts.push({
          ...base,
          kind: 'increase_liquidity',
          liquidity: args.actualLiquidity,
          amounts: pair(args.amount0, args.amount1),
          detail: { requested_liquidity: args.liquidity.toString() },
        });
      } else if (eventName === 'DecreaseLiquidity') {
        drafts.push({
          ...base,
          kind: 'decrease_liquidity',
          liquidity: args.liquidity,
          amounts: pair(args.amount0, args.amount1),
          detail: null,
        });
      } else if (eventName === 'Collect') {
        drafts.push({
          ...base,
          kind: 'collect',
          liquidity: null,
          amounts: pair(args.amount0, args.amount1),
          detail: { recipient: getAddress(args.recipient) },
        });
      } else {
        drafts.push({
          ...base,
          kind: 'transfer',
          liquidity: null,
          amounts: [],
          detail: { from: getAddress(args.from), to: getAddress(args.to) },
        });
      }
      continue;
    }
    if (!contracts.eternalFarming || !isAddressEqual(log.address, contracts.eternalFarming)) continue;
    const decoded = decodeEventLog({ abi: v3Abis.eternalFarming, data: log.data, topics: log.topics });
    const { eventName, args } = decoded;
    if (eventName === 'FarmEntered' && args.tokenId === target.tokenId) {
      drafts.push({
        ...base,
        kind: 'farm_entered',
        liquidity: args.liquidity,
        amounts: [],
        detail: { incentive_id: args.incentiveId, tokens_locked: args.tokensLocked.toString() },
      });
    } else if (eventName === 'FarmEnded' && args.tokenId === target.tokenId) {
      rewardTokens.add(args.rewardAddress.toLowerCase());
      const amounts = [{ token: getAddress(args.rewardAddress), raw: args.reward }];
      if (args.bonusRewardToken !== zeroAddress) {
        rewardTokens.add(args.bonusRewardToken.toLowerCase());
        amounts.push({ token: getAddress(args.bonusRewardToken), raw: args.bonusReward });
      }
      drafts.push({
        ...base,
        kind: 'farm_ended',
        liquidity: null,
        amounts,
        detail: { incentive_id: args.incentiveId, owner: getAddress(args.owner) },
      });
    } else if (eventName === 'RewardsCollected' && args.tokenId === target.tokenId) {
      const tokens = incentives.get(args.incentiveId.toLowerCase());
      const amounts = collectedAmounts(tokens, args.rewardAmount, args.bonusRewardAmount);
      for (const amount of amounts) rewardTokens.add(amount.token.toLowerCase());
      drafts.push({
        ...base,
        kind: 'rewards_collected',
        liquidity: null,
        amounts,
        detail: {
          incentive_id: args.incentiveId,
          reward: args.rewardAmount.toString(),
          bonus_reward: args.bonusRewardAmount.toString(),
          ...(tokens ? {} : { error: 'incentive not in the incentive index: its tokens are unknown' }),
        },
      });
    } else if (
      eventName === 'RewardClaimed' &&
      target.owners.some((owner) => isAddressEqual(owner, args.owner)) &&
      rewardTokens.has(args.rewardAddress.toLowerCase())
    ) {
      drafts.push({
        ...base,
        kind: 'reward_claimed',
        liquidity: null,
        amounts: [{ token: getAddress(args.rewardAddress), raw: args.reward }],
        detail: { owner: getAddress(args.owner), to: getAddress(args.to) },
      });
    }
  }
  return drafts;
}
