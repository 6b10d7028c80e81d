import { isSameAddress } from '@tidewatch/shared';
import type { V3PositionEventRow, V3RawAmount } from '../db/tables/v3-positions.ts';

const zeroAddress = '0x0000000000000000000000000000000000000000';

/** A stored event's detail (transfer from/to, collect recipient, reward owner/to), parsed; {} when none. */
export function detailOf(event: V3PositionEventRow): Record<string, string> {
  return event.detail ? (JSON.parse(event.detail) as Record<string, string>) : {};
}

/** A stored event's amounts, parsed. */
export const amountsOf = (event: V3PositionEventRow) => JSON.parse(event.amounts) as V3RawAmount[];

/**
 * Whether the wallet owned the position at each event (same index as `events`, chain order), by the NFT's
 * Transfer events: from its mint or transfer in to its transfer out. A deposit into FarmingCenter keeps the
 * depositor the owner (it holds the farming NFT) until FarmingCenter sends the NFT on. Before the first stored
 * Transfer the owner is that transfer's sender (nobody before a mint; the receiver when FarmingCenter hands it
 * back to the address it sends it to, as a withdrawal to oneself does); a position without stored transfers
 * was the wallet's throughout only when `isHeld` (tracked with the wallet, which needs it to hold it, or a
 * snapshot names it the owner), else never (another's position that only paid the wallet a collect). The
 * farming NFT's own transfers are not read: a farming NFT passed on while farmed still counts as its depositor's.
 */
export function walletOwnership(
  events: V3PositionEventRow[],
  wallet: string,
  farmingCenter: string | undefined,
  isHeld: boolean,
): boolean[] {
  const transfers = events.filter((event) => event.kind === 'transfer').map(detailOf);
  const first = transfers[0];
  if (!first) return events.map(() => isHeld);
  let owner: string | null;
  if (isSameAddress(first.from, zeroAddress)) owner = null;
  else if (isSameAddress(first.from, farmingCenter)) owner = isSameAddress(first.to, wallet) ? wallet : null;
  else owner = first.from ?? null;
  return events.map((event) => {
    if (event.kind === 'transfer') {
      const { from, to } = detailOf(event);
      if (isSameAddress(to, farmingCenter)) owner = from ?? null;
      else owner = isSameAddress(to, zeroAddress) ? null : (to ?? null);
    }
    return isSameAddress(owner, wallet);
  });
}

/**
 * A Collect pays the wallet when it is the recipient, or when the position manager is and the wallet owned the
 * position then: Algebra's manager logs itself as the recipient of a collect to address 0, which is how
 * QuickSwap's "collect as MATIC" multicall collects (unwrapWNativeToken and sweepToken then pass both tokens
 * on to the caller in the same transaction, and only the owner or its approved operator may collect).
 */
export const isPaidToWallet = (
  event: V3PositionEventRow,
  wallet: string,
  isOwned: boolean,
  positionManager: string | undefined,
) => {
  const { recipient } = detailOf(event);
  return isSameAddress(recipient, wallet) || (isOwned && isSameAddress(recipient, positionManager));
};

/** A RewardClaimed is the wallet's when its balance paid it (owner) to the wallet itself (to). */
export const isWalletClaim = (event: V3PositionEventRow, wallet: string) => {
  const { owner, to } = detailOf(event);
  return isSameAddress(owner, wallet) && isSameAddress(to, wallet);
};

/** A FarmEnded credits the wallet's reward balance when the wallet is its owner. */
export const isWalletFarmEnded = (event: V3PositionEventRow, wallet: string) =>
  isSameAddress(detailOf(event).owner, wallet);

/**
 * How often the NFT came to the wallet from another address (a transfer in) and left it for another (a
 * transfer out), by its stored Transfers: mints, burns and moves into or back from FarmingCenter to the
 * depositor are neither. What a transfer moves has no deposit or withdrawal event, so a position's books
 * cannot tell a profit across one.
 */
export function walletTransfers(
  events: V3PositionEventRow[],
  wallet: string,
  farmingCenter: string | undefined,
  isHeld: boolean,
): { in: number; out: number } {
  const owned = walletOwnership(events, wallet, farmingCenter, isHeld);
  const counts = { in: 0, out: 0 };
  events.forEach((event, i) => {
    if (event.kind !== 'transfer') return;
    const { from, to } = detailOf(event);
    if (
      isSameAddress(from, zeroAddress) ||
      isSameAddress(to, zeroAddress) ||
      isSameAddress(to, farmingCenter)
    )
      return;
    const wasOwned =
      i > 0
        ? owned[i - 1]
        : isSameAddress(from, farmingCenter)
          ? isSameAddress(to, wallet)
          : isSameAddress(from, wallet);
    if (!wasOwned && owned[i]) counts.in += 1;
    if (wasOwned && !owned[i]) counts.out += 1;
  });
  return counts;
}
