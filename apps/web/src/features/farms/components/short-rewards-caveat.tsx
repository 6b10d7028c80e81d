import { usePositionActionsAccessOf } from '../../transactions/index.ts';
import { type ActionPosition, hasRewards, hasStake } from './position-actions-position.ts';

/** Said where claiming could be asked of a farm that cannot pay: before the person signs anything. */
const shortRewardsText =
  "a farm holding fewer reward tokens than it owes cannot pay them: the review says so before you sign, and 'withdraw' still gets your LP out";

/** The caveat under one position's actions (a farm's page). */
export function ShortRewardsNote() {
  return <p className="text-xs text-slate-500 dark:text-slate-400">{shortRewardsText}</p>;
}

/**
 * The caveat once above a list of positions (the farm list, find my farms), instead of the same words under
 * every row: when any of them has stake and rewards and its actions can run, as each position's would say.
 */
export function ShortRewardsCaveat({ positions }: { positions: readonly (ActionPosition | null)[] }) {
  const accessOf = usePositionActionsAccessOf();
  const applies = positions.some(
    (position) =>
      position !== null &&
      accessOf(position.walletAddress).state === 'ready' &&
      hasStake(position) &&
      hasRewards(position),
  );
  return applies ? <ShortRewardsNote /> : null;
}
