import type { ChainHoldings, IntegralPosition } from '@tidewatch/shared/chains';
import { getAddress } from 'viem';
import type { AlertKind, AlertSubject, AlertTracker, EvaluateDeps } from '../../alerts/alert-kind.ts';
import { findSyrupEvents } from '../../alerts/syrup-rules.ts';
import { findV3Events, type V3PositionFacts } from '../../alerts/v3-rules.ts';
import { priceAtTick } from '../../v3/position-math.ts';
import { parseChainHoldings } from './holdings.ts';
import {
  findChainWallets,
  findChainWalletTrackers,
  newestChainSnapshot,
  recentChainSnapshots,
} from './repository.ts';

const dayMs = 86_400_000;
/** How far back a V4 position's range state is looked for (snapshots of its wallet, newest first). */
const crossingLookback = 500;

/**
 * Wallets tracked on chains beside Polygon (by chain wallet id): at their newest snapshot, each V4 position
 * against the V3 rules (out of range, back in range, value moved: Algebra Integral keeps V3's ranges) and each
 * syrup stake against the syrup rules, named with their chain, for every user tracking the wallet there.
 */
export const chainHoldingAlerts: AlertKind<number> = {
  async readSubjects(deps, ids) {
    const subjects: AlertSubject[] = [];
    for (const wallet of await findChainWallets(deps.db, [...new Set(ids)])) {
      const snapshot = await newestChainSnapshot(deps.db, wallet.id);
      if (!snapshot) continue;
      const holdings = parseChainHoldings(snapshot.holdings);
      const address = getAddress(wallet.wallet_address);
      const trackers: AlertTracker[] = (await findChainWalletTrackers(deps.db, wallet.id)).map((user) => ({
        ...user,
        wallet: address,
      }));
      const link = `${deps.publicUrl}/quickswap/chains`;
      const takenAt = new Date(snapshot.created_on);
      const dayBefore = await newestChainSnapshot(
        deps.db,
        wallet.id,
        new Date(takenAt.getTime() - dayMs).toISOString(),
      );
      const history = await recentChainSnapshots(deps.db, wallet.id, crossingLookback);
      for (const position of holdings.v4_positions) {
        const facts = v4Facts(deps, holdings, position, {
          crossing: crossingOf(history, position.token_id, position.in_range),
          dayAgo: dayBefore ? v4Figures(parseChainHoldings(dayBefore.holdings), position.token_id) : null,
          day: takenAt.toISOString().slice(0, 10),
        });
        subjects.push({
          trackers,
          eventsFor: (who, settingOf) => findV3Events({ ...facts, wallet: who }, settingOf),
          notification: {
            farm_address: position.pool,
            link,
            position: position.token_id,
            chain_id: holdings.chain_id,
          },
        });
      }
      for (const syrup of holdings.syrups) {
        const facts = {
          pool: syrup.pool,
          wallet: address,
          label: `${syrup.staked.token.symbol} -> ${syrup.earned.token.symbol}`,
          chainName: holdings.chain_name,
          periodFinish: new Date(syrup.ends_at),
          staked: { symbol: syrup.staked.token.symbol, amount: syrup.staked.amount },
          earned: { symbol: syrup.earned.token.symbol, amount: syrup.earned.amount },
          valueUsd: syrup.value_usd,
          chainNow: new Date(holdings.block_timestamp),
        };
        subjects.push({
          trackers,
          eventsFor: (_wallet, settingOf) => findSyrupEvents(facts, settingOf),
          notification: { farm_address: syrup.pool, link, position: null, chain_id: holdings.chain_id },
        });
      }
    }
    return subjects;
  },
};

/** A V4 position's value and liquidity in a snapshot's holdings; null when it was not held then. */
function v4Figures(holdings: ChainHoldings, tokenId: string) {
  const position = holdings.v4_positions.find((p) => p.token_id === tokenId);
  return position ? { valueUsd: position.value_usd, liquidity: position.liquidity } : null;
}

/**
 * Where a V4 position's range state began: the oldest snapshot of an unbroken run in that state up to the newest,
 * and whether the snapshot before that run had it in the other state (a position first seen in range crossed nothing).
 */
function crossingOf(
  history: { block_number: number | string; holdings: string }[],
  tokenId: string,
  inRange: boolean,
) {
  let block = history[0] ? Number(history[0].block_number) : 0;
  for (const snapshot of history) {
    const position = parseChainHoldings(snapshot.holdings).v4_positions.find((p) => p.token_id === tokenId);
    if (!position) break;
    if (position.in_range !== inRange) return { block, hadOpposite: true };
    block = Number(snapshot.block_number);
  }
  return { block, hadOpposite: false };
}

function v4Facts(
  deps: EvaluateDeps,
  holdings: ChainHoldings,
  position: IntegralPosition,
  at: {
    crossing: V3PositionFacts['crossing'];
    dayAgo: V3PositionFacts['value']['dayAgo'];
    day: string;
  },
): Omit<V3PositionFacts, 'wallet'> {
  const [a0, a1] = position.amounts;
  const price = (tick: number) => priceAtTick(tick, a0.token.decimals, a1.token.decimals);
  return {
    tokenId: position.token_id,
    pair: `${a0.token.symbol} / ${a1.token.symbol}`,
    isInRange: position.in_range,
    isBelowRange: position.current_tick < position.tick_lower,
    hasLiquidity: BigInt(position.liquidity) > 0n,
    crossing: at.crossing,
    prices: {
      current: price(position.current_tick),
      lower: price(position.tick_lower),
      upper: price(position.tick_upper),
      unit: `${a1.token.symbol} per ${a0.token.symbol}`,
    },
    incentive: null,
    chainNow: deps.chainNow ?? deps.now,
    venue: { product: 'V4', chainId: holdings.chain_id, chainName: holdings.chain_name },
    value: {
      now: { valueUsd: position.value_usd, liquidity: position.liquidity },
      dayAgo: at.dayAgo,
      day: at.day,
    },
  };
}
