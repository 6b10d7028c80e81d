import { type FarmKind, farmKinds } from '@tidewatch/shared';
import { getAddress } from 'viem';
import type { AlertKind, AlertSubject } from '../../alerts/alert-kind.ts';
import { findEvents, type PairFacts } from '../../alerts/rules.ts';
import { chainNameOf } from '../../chain/chain-name.ts';
import { loadFarmViews } from '../../farms/farm-view-repository.ts';
import { loadLatestPositions, loadPositionAtOrBefore, positionKey } from '../../farms/position-repository.ts';
import { findTrackers } from './alerts-repository.ts';

/** A (farm, wallet) pair a snapshot run read. */
export type AlertPair = { farmId: number; wallet: string };

const dayMs = 86_400_000;

/** The farm detail page of a pair, for the notification and the e-mail. */
function farmLink(publicUrl: string, kind: FarmKind, farmAddress: string): string {
  return `${publicUrl}/quickswap/${farmKinds[kind].routeSegment}/details/${farmAddress}`;
}

/**
 * V2 farm stakes: each pair's newest snapshot and its snapshot 24 hours before, against the farm rules
 * (ending soon, ended with stake, paused, value moved, APR below), for every user tracking the pair.
 */
export const v2FarmStakeAlerts: AlertKind<AlertPair> = {
  async readSubjects(deps, pairs) {
    const { db, now } = deps;
    const farmIds = [...new Set(pairs.map((p) => p.farmId))];
    const views = new Map(
      (await loadFarmViews(db, { chainId: deps.chainId, farmIds }, deps.oldTokens)).map((v) => [v.id, v]),
    );
    const positions = await loadLatestPositions(
      db,
      farmIds,
      pairs.map((p) => p.wallet),
    );
    const subjects: AlertSubject[] = [];
    for (const pair of pairs) {
      const view = views.get(pair.farmId);
      const position = positions.get(positionKey(pair.farmId, pair.wallet));
      const snapshot = view?.item.farm.snapshot;
      if (!view || !snapshot || !position) continue;
      const before = await loadPositionAtOrBefore(
        db,
        pair.farmId,
        pair.wallet,
        new Date(now.getTime() - dayMs).toISOString(),
      );
      const rewards =
        view.kind === 'lp'
          ? [{ symbol: view.item.farm.reward_token.symbol, amount: position.earned_a }]
          : [
              { symbol: view.item.farm.reward_token_a.symbol, amount: position.earned_a },
              { symbol: view.item.farm.reward_token_b.symbol, amount: position.earned_b ?? '0' },
            ];
      const facts: PairFacts = {
        farmAddress: view.item.farm.address,
        wallet: getAddress(pair.wallet),
        pair: `${view.item.pool.token0.symbol} / ${view.item.pool.token1.symbol}`,
        chainName: chainNameOf(deps.chainId),
        periodFinish: new Date(snapshot.period_finish),
        isEnded: snapshot.is_ended,
        isPaused: 'is_paused' in snapshot ? Boolean(snapshot.is_paused) : false,
        apr: snapshot.apr,
        staked: position.staked,
        earned: rewards,
        valueUsd: position.total_liquidity_usd,
        valueUsd24hAgo: before?.total_liquidity_usd ?? null,
        staked24hAgo: before?.staked ?? null,
        chainNow: deps.chainNow ?? now,
      };
      const trackers = await findTrackers(db, pair.farmId, facts.wallet);
      subjects.push({
        trackers: trackers.map((user) => ({ ...user, wallet: facts.wallet })),
        eventsFor: (_wallet, settingOf) => findEvents(facts, settingOf, now),
        notification: {
          farm_address: facts.farmAddress,
          link: farmLink(deps.publicUrl, view.kind, facts.farmAddress),
          position: null,
          chain_id: deps.chainId,
        },
      });
    }
    return subjects;
  },
};
