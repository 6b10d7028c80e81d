import { v3Tool } from '@tidewatch/shared';
import { getAddress } from 'viem';
import type { AlertKind, AlertSubject } from '../../alerts/alert-kind.ts';
import { findV3Events, type V3PositionFacts } from '../../alerts/v3-rules.ts';
import { chainNameOf } from '../../chain/chain-name.ts';
import { labelSymbol } from '../../chain/token-labels.ts';
import { priceAtTick } from '../../v3/position-math.ts';
import {
  findV3Crossing,
  findV3PositionsWithTokens,
  findV3Trackers,
  loadNewestV3Snapshots,
} from '../../v3/snapshot-repository.ts';
import { findV3SnapshotAtOrBefore, findV3TokenDecimals } from './alerts-repository.ts';

const dayMs = 86_400_000;

/** The V3 position's detail page, for the notification and the e-mail. */
function positionLink(publicUrl: string, tokenId: string): string {
  return `${publicUrl}/lp-tools/view/quickswap/${v3Tool.routeSegment}/${tokenId}`;
}

/**
 * V3 NFTs (by position id): each position's newest snapshot, where its current state began and its snapshot
 * 24 hours before, against the V3 rules (out of range, back in range, incentive ending, value moved), for
 * every user tracking it.
 */
export const v3NftAlerts: AlertKind<number> = {
  async readSubjects(deps, positionIds) {
    const { db, now } = deps;
    const ids = [...new Set(positionIds)];
    const decimals = await findV3TokenDecimals(db, ids);
    const positions = (await findV3PositionsWithTokens(db, ids)).flatMap((p) => {
      const tokens = decimals.get(p.id);
      return tokens ? [{ ...p, ...tokens }] : [];
    });
    const newest = await loadNewestV3Snapshots(db, ids);
    const subjects: AlertSubject[] = [];
    for (const position of positions) {
      const snapshot = newest.get(position.id);
      if (!snapshot) continue;
      const isInRange = snapshot.in_range === 1;
      // Old QUICK and old dQUICK named apart, as on every screen (labelSymbol).
      const symbol0 = labelSymbol(deps.oldTokens, position.token0_address, position.token0_symbol);
      const symbol1 = labelSymbol(deps.oldTokens, position.token1_address, position.token1_symbol);
      const crossing = await findV3Crossing(db, position.id, isInRange, Number(snapshot.block_number));
      // 24 hours before the newest snapshot (stamped with its round's clock), not the evaluation's own clock.
      const takenAt = new Date(snapshot.created_on);
      const dayAgo = await findV3SnapshotAtOrBefore(
        db,
        position.id,
        new Date(takenAt.getTime() - dayMs).toISOString(),
      );
      const facts: Omit<V3PositionFacts, 'wallet'> = {
        tokenId: position.token_id,
        pair: `${symbol0} / ${symbol1}`,
        isInRange,
        isBelowRange: snapshot.tick < position.tick_lower,
        prices: {
          current: priceAtTick(snapshot.tick, position.token0_decimals, position.token1_decimals),
          lower: priceAtTick(position.tick_lower, position.token0_decimals, position.token1_decimals),
          upper: priceAtTick(position.tick_upper, position.token0_decimals, position.token1_decimals),
          unit: `${symbol1} per ${symbol0}`,
        },
        hasLiquidity: BigInt(snapshot.liquidity) > 0n,
        crossing: { block: crossing.crossingBlock, hadOpposite: crossing.hadOpposite },
        incentive:
          snapshot.incentive_id && snapshot.incentive_end
            ? { id: snapshot.incentive_id, end: new Date(snapshot.incentive_end) }
            : null,
        chainNow: deps.chainNow ?? now,
        venue: { product: 'V3', chainId: deps.chainId, chainName: chainNameOf(deps.chainId) },
        value: {
          now: { valueUsd: snapshot.value_usd, liquidity: snapshot.liquidity },
          dayAgo: dayAgo ?? null,
          day: takenAt.toISOString().slice(0, 10),
        },
      };
      const trackers = await findV3Trackers(db, position.id);
      subjects.push({
        trackers: trackers.map(({ wallet_address, ...user }) => ({
          ...user,
          wallet: getAddress(wallet_address),
        })),
        eventsFor: (wallet, settingOf) => findV3Events({ ...facts, wallet }, settingOf),
        notification: {
          farm_address: position.pool_address,
          link: positionLink(deps.publicUrl, position.token_id),
          position: position.token_id,
          chain_id: deps.chainId,
        },
      });
    }
    return subjects;
  },
};
