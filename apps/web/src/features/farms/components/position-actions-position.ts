import type { FarmDetail, FarmListItem, TokenRef, WalletFarm } from '@tidewatch/shared';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { decimalToRaw, lpDecimals } from './position-actions-amount.ts';

/** An unclaimed reward of the position, in whole tokens, with its USD value (null: unknown). */
type PositionReward = { token: TokenRef; amount: string; usd: number | null };

/**
 * What the actions on a position (claim, withdraw, withdraw all and claim) work from: the wallet, the farm,
 * its pair (the LP token withdrawn), the stake and the unclaimed rewards, as the screen already has them.
 */
export type ActionPosition = {
  walletAddress: string;
  farmAddress: string;
  kind: FarmKind;
  pair: { address: string; symbol0: string; symbol1: string };
  /** Whole LP tokens staked. */
  staked: string;
  /** USD value of the stake; null when a price is unknown. */
  stakedUsd: number | null;
  /** A then B on a dual farm. */
  earned: PositionReward[];
};

/** LP staked in the farm: 'withdraw' and 'withdraw all and claim' have something to take. */
export const hasStake = (position: ActionPosition) => decimalToRaw(position.staked, lpDecimals) > 0n;

/** Some reward unclaimed: 'claim rewards' has something to take. */
export const hasRewards = (position: ActionPosition) =>
  position.earned.some(({ token, amount }) => decimalToRaw(amount, token.decimals) > 0n);

type AnyPositionSnapshot = NonNullable<FarmListItem['farm_position_snapshot']>;
type FarmAndPool = Pick<FarmListItem, 'farm' | 'pool'>;

function fromSnapshot(
  { farm, pool }: FarmAndPool,
  walletAddress: string,
  snapshot: AnyPositionSnapshot,
): ActionPosition {
  return {
    walletAddress,
    farmAddress: farm.address,
    kind: farm.kind,
    pair: { address: pool.address, symbol0: pool.token0.symbol, symbol1: pool.token1.symbol },
    staked: snapshot.staked,
    stakedUsd: snapshot.total_liquidity_usd,
    earned: rewardsOf(farm, snapshot),
  };
}

/** The rewards of a snapshot, each beside its token: one on an LP farm, A then B on a dual farm. */
function rewardsOf(farm: FarmAndPool['farm'], snapshot: AnyPositionSnapshot): PositionReward[] {
  if (farm.kind === 'lp' && 'earned' in snapshot) {
    return [{ token: farm.reward_token, amount: snapshot.earned, usd: snapshot.earned_in_usd }];
  }
  if (farm.kind === 'dual' && 'earned_a' in snapshot) {
    return [
      { token: farm.reward_token_a, amount: snapshot.earned_a, usd: snapshot.earned_a_in_usd },
      { token: farm.reward_token_b, amount: snapshot.earned_b, usd: snapshot.earned_b_in_usd },
    ];
  }
  // The wire's union pairs each farm with its own kind of snapshot; a mix is not a position to act on.
  return [];
}

/** A farm card's position: its account's latest snapshot; null without either. */
export function positionFromListItem(item: FarmListItem): ActionPosition | null {
  if (!item.account_address || !item.farm_position_snapshot) return null;
  return fromSnapshot(item, item.account_address, item.farm_position_snapshot);
}

/** A farm detail's position: the newest snapshot of the detail's account; null without either. */
export function positionFromDetail(detail: FarmDetail): ActionPosition | null {
  const snapshots: AnyPositionSnapshot[] = detail.farm_position_snapshots;
  const newest = [...snapshots].sort((a, b) => Date.parse(b.created_on) - Date.parse(a.created_on))[0];
  if (!detail.account_address || !newest) return null;
  return fromSnapshot(detail, detail.account_address, newest);
}

/** A farm 'find my farms' found for `walletAddress`: its rewards are the index farm's reward tokens, A then B. */
export function positionFromWalletFarm(found: WalletFarm, walletAddress: string): ActionPosition {
  const { farm } = found;
  const rewardTokens = [farm.reward_token_a, farm.reward_token_b];
  const earned = found.earned.flatMap((reward, index) => {
    const token = rewardTokens[index];
    return token ? [{ token, amount: reward.amount, usd: reward.usd }] : [];
  });
  return {
    walletAddress,
    farmAddress: farm.address,
    kind: farm.kind,
    pair: { address: farm.pair_address, symbol0: farm.token0.symbol, symbol1: farm.token1.symbol },
    staked: found.staked,
    stakedUsd: found.staked_usd,
    earned,
  };
}
