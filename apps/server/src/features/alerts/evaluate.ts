import { type AlertRule, type FarmKind, farmKinds } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import {
  loadLatestPositions,
  loadPositionAtOrBefore,
  positionKey,
} from '../../core/farms/position-queries.ts';
import { loadFarmViews } from '../../core/farms/queries.ts';
import { enqueueDeliveries } from './channels-repository.ts';
import { findTrackers, insertNotification } from './repository.ts';
import { findEvents, type PairFacts } from './rules.ts';
import { loadRuleSettings } from './settings-repository.ts';

export type AlertPair = { farmId: number; wallet: string };
export type EvaluateDeps = {
  db: Kysely<Database>;
  chainId: number;
  publicUrl: string;
  now: Date;
  /** The block time of the run's read; defaults to `now` (the same on a live chain). */
  chainNow?: Date;
  /** Old QUICK and old dQUICK, named apart in alerts as on screen. */
  oldTokens?: OldTokens;
};

const dayMs = 86_400_000;

/** The farm detail page of a pair, for the notification and the e-mail. */
function farmLink(publicUrl: string, kind: FarmKind, farmAddress: string): string {
  return `${publicUrl}/quickswap/${farmKinds[kind].routeSegment}/details/${farmAddress}`;
}

/**
 * After a scheduled snapshot run: the rules of every user tracking each pair it read, against the pair's
 * newest snapshots. Each event is stored once per user (a unique event key: two workers finding the same
 * event store it once), with its e-mail pending unless the user or the rule has e-mail off. Returns how
 * many new notifications were stored.
 */
export async function evaluateAlerts(deps: EvaluateDeps, pairs: AlertPair[]): Promise<number> {
  if (pairs.length === 0) return 0;
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
  let stored = 0;
  const settingsOf = new Map<number, Awaited<ReturnType<typeof loadRuleSettings>>>();
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
    for (const user of trackers) {
      // A user tracking many pairs: their settings are read once per run.
      const settings = settingsOf.get(user.id) ?? (await loadRuleSettings(db, user.id));
      settingsOf.set(user.id, settings);
      const settingOf = (rule: AlertRule) => settings.of(rule, facts.wallet);
      for (const event of findEvents(facts, settingOf, now)) {
        const setting = settingOf(event.rule);
        const isEmailed = user.alert_email === 1 && user.email !== null && setting.isEmailEnabled;
        // A new event also goes to the channels its rule chose (one delivery each, issue 36), in the same
        // transaction: an event stored without its deliveries would never reach them (its key is taken).
        const id = await db.transaction().execute(async (trx) => {
          const inserted = await insertNotification(trx, {
            user_id: user.id,
            event_key: event.key,
            rule: event.rule,
            farm_address: facts.farmAddress,
            wallet_address: facts.wallet,
            title: event.title,
            body: event.body,
            link: farmLink(deps.publicUrl, view.kind, facts.farmAddress),
            created_at: now.toISOString(),
            email_status: isEmailed ? 'pending' : 'off',
            email_next_at: now.toISOString(),
            bell_hidden: setting.isBellEnabled === false ? 1 : 0,
            position: null,
            figures: JSON.stringify(event.figures),
          });
          if (inserted !== undefined) {
            await enqueueDeliveries(trx, user.id, inserted, setting.channelIds ?? [], now.toISOString());
          }
          return inserted;
        });
        if (id === undefined) continue;
        stored += 1;
      }
    }
  }
  return stored;
}
