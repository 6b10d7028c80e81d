import { type Address, isAddressEqual } from 'viem';
import type { V3PositionEventRow } from '../db/tables/v3-positions.ts';
import { amountsOf, detailOf, isWalletFarmEnded, walletOwnership } from './v3-ownership.ts';
import type { V3EventsInput } from './v3-rows.ts';

/**
 * Each reward claim of the wallet (by its ledger row id `v3:${tx}:${log}`) split across its positions (token id
 * -> raw amount of the claim's token), or null when the stored rewards do not account for it.
 */
export type V3ClaimShares = Map<string, Map<string, bigint> | null>;

type Step =
  | { at: [number, number]; kind: 'credit'; tokenId: string; token: string; raw: bigint }
  | {
      at: [number, number];
      kind: 'claim';
      id: string;
      token: string;
      raw: bigint;
      /** The owner's balance of the token left at the end of the claim's block (read by the history job). */
      remaining: bigint | null;
    };

const claimId = (event: V3PositionEventRow) => `v3:${event.tx_hash}:${event.log_index}`;

/**
 * Splits the wallet's reward claims across its positions. Algebra's farming credits an owner's reward balance
 * per token (`rewards[owner][token]`) when a position leaves farming (FarmEnded, to its `owner`) or collects
 * while farmed (RewardsCollected, to the position's owner then), and `claimReward` pays from that balance, so
 * one RewardClaimed covers every position that credited it. Replaying the stored credits and claims in chain
 * order, each position holds its unclaimed part of the balance; a claim takes from each in proportion to it
 * (all of it when the claim empties the balance, the usual case; the largest remainders get the last units, so
 * the shares sum to the claim exactly). A claim the stored credits left unclaimed are not the whole balance
 * of (isWholeBalance, by the balance the claim left; or larger than them: rewards of a position without
 * stored history, or credited before the history window) cannot be split: null, and the balance counts as
 * emptied.
 */
export function v3ClaimShares(
  inputs: V3EventsInput[],
  wallet: string,
  farmingCenter?: string,
): V3ClaimShares {
  const steps: Step[] = [];
  const seenClaims = new Set<string>();
  for (const { position, events, isHeld } of inputs) {
    const owned = walletOwnership(events, wallet, farmingCenter, isHeld);
    events.forEach((event, i) => {
      const at: [number, number] = [Number(event.block_number), event.log_index];
      const isCredit =
        (event.kind === 'farm_ended' && isWalletFarmEnded(event, wallet)) ||
        (event.kind === 'rewards_collected' && owned[i]);
      if (isCredit) {
        for (const a of amountsOf(event))
          steps.push({
            at,
            kind: 'credit',
            tokenId: position.tokenId,
            token: a.token.toLowerCase(),
            raw: BigInt(a.raw),
          });
      }
      // Every claim from the wallet's balance empties it in part, whoever it paid to.
      if (event.kind !== 'reward_claimed') return;
      const { owner } = detailOf(event);
      if (!owner || !isAddressEqual(owner as Address, wallet as Address)) return;
      if (seenClaims.has(claimId(event))) return;
      seenClaims.add(claimId(event));
      const [amount] = amountsOf(event);
      const { remaining } = detailOf(event);
      if (amount)
        steps.push({
          at,
          kind: 'claim',
          id: claimId(event),
          token: amount.token.toLowerCase(),
          raw: BigInt(amount.raw),
          remaining: remaining === undefined ? null : BigInt(remaining),
        });
    });
  }
  steps.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);

  const unclaimed = new Map<string, Map<string, bigint>>();
  const shares: V3ClaimShares = new Map();
  for (const [index, step] of steps.entries()) {
    const balances = unclaimed.get(step.token) ?? new Map<string, bigint>();
    unclaimed.set(step.token, balances);
    if (step.kind === 'credit') {
      balances.set(step.tokenId, (balances.get(step.tokenId) ?? 0n) + step.raw);
      continue;
    }
    const split = isWholeBalance(steps, index, balances) ? proportionalSplit(step.raw, balances) : null;
    shares.set(step.id, split);
    for (const [tokenId, balance] of balances)
      balances.set(tokenId, split ? balance - (split.get(tokenId) ?? 0n) : 0n);
  }
  return shares;
}

/**
 * Whether the stored credits left unclaimed before the claim at `index` are the owner's whole balance of its
 * token: the claim plus what the farming still held after it (its `remaining` at the end of its block, less
 * the stored credits and plus the stored claims later in that block). Positions without stored history may
 * have credited the balance too; then even a claim the stored credits cover is not theirs alone. A claim
 * stored without `remaining` (before the history job read it) is checked against the stored credits only.
 */
function isWholeBalance(steps: Step[], index: number, balances: Map<string, bigint>): boolean {
  const claim = steps[index];
  if (claim?.kind !== 'claim' || claim.remaining === null) return true;
  let afterClaim = claim.remaining;
  for (const later of steps.slice(index + 1)) {
    if (later.at[0] !== claim.at[0]) break;
    if (later.token !== claim.token) continue;
    afterClaim += later.kind === 'credit' ? -later.raw : later.raw;
  }
  let stored = 0n;
  for (const balance of balances.values()) stored += balance;
  return stored === claim.raw + afterClaim;
}

/**
 * `amount` split across `balances` in proportion, exactly: floors first, then one unit each to the largest
 * remainders (first come first on a tie). Null when the balances do not cover it.
 */
function proportionalSplit(amount: bigint, balances: Map<string, bigint>): Map<string, bigint> | null {
  let total = 0n;
  for (const balance of balances.values()) total += balance;
  if (amount > total) return null;
  const split = new Map<string, bigint>();
  if (amount === 0n) return split;
  const remainders: { key: string; rest: bigint }[] = [];
  let given = 0n;
  for (const [key, balance] of balances) {
    const share = (amount * balance) / total;
    split.set(key, share);
    given += share;
    remainders.push({ key, rest: (amount * balance) % total });
  }
  remainders.sort((a, b) => (a.rest === b.rest ? 0 : a.rest > b.rest ? -1 : 1));
  for (let i = 0; given < amount; i++, given++) {
    const key = remainders[i]!.key;
    split.set(key, split.get(key)! + 1n);
  }
  return split;
}
