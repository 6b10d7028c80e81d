import { type AlertRule, v3Tool } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { labelSymbol } from '../../core/chain/token-labels.ts';
import { priceFromSqrtX96, sqrtPriceX96AtTick } from '../../core/v3/position-math.ts';
import {
  findV3Crossing,
  findV3PositionsWithTokens,
  findV3Trackers,
  loadNewestV3Snapshots,
} from '../../core/v3/snapshot-repository.ts';
import { enqueueDeliveries } from './channels-repository.ts';
import type { EvaluateDeps } from './evaluate.ts';
import { findV3SnapshotAtOrBefore, findV3TokenDecimals, insertNotification } from './repository.ts';
import { loadRuleSettings } from './settings-repository.ts';
import { findV3Events, type V3PositionFacts } from './v3-rules.ts';

const dayMs = 86_400_000;

/** token1 per token0 at `tick`, in whole tokens (exact decimal text, 12 significant digits). */
function priceAtTick(tick: number, tokens: { token0_decimals: number; token1_decimals: number }): string {
  return priceFromSqrtX96(sqrtPriceX96AtTick(tick), tokens.token0_decimals, tokens.token1_decimals);
}

/** The V3 position's detail page, for the notification and the e-mail. */
function positionLink(publicUrl: string, tokenId: string): string {
  return `${publicUrl}/lp-tools/view/quickswap/${v3Tool.routeSegment}/${tokenId}`;
}

/**
 * After a stored batch of scheduled V3 snapshots: the V3 rules (out of range, back in range, incentive
 * ending, value moved) of every user tracking each position, against its newest snapshot, where its current
 * state began and its snapshot 24 hours before. Each event is stored once per user (the unique event key),
 * with its e-mail pending unless the user or the rule has e-mail off; the existing delivery sends it.
 * Returns how many were new.
 */
export async function evaluateV3Alerts(
  deps: Omit<EvaluateDeps, 'chainId'>,
  positionIds: number[],
): Promise<number> {
  const { db, now } = deps;
  const ids = [...new Set(positionIds)];
  const decimals = await findV3TokenDecimals(db, ids);
  const positions = (await findV3PositionsWithTokens(db, ids)).flatMap((p) => {
    const tokens = decimals.get(p.id);
    return tokens ? [{ ...p, ...tokens }] : [];
  });
  const newest = await loadNewestV3Snapshots(db, ids);
  const settingsOf = new Map<number, Awaited<ReturnType<typeof loadRuleSettings>>>();
  let stored = 0;
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
        current: priceAtTick(snapshot.tick, position),
        lower: priceAtTick(position.tick_lower, position),
        upper: priceAtTick(position.tick_upper, position),
        unit: `${symbol1} per ${symbol0}`,
      },
      hasLiquidity: BigInt(snapshot.liquidity) > 0n,
      crossing: { block: crossing.crossingBlock, hadOpposite: crossing.hadOpposite },
      incentive:
        snapshot.incentive_id && snapshot.incentive_end
          ? { id: snapshot.incentive_id, end: new Date(snapshot.incentive_end) }
          : null,
      chainNow: deps.chainNow ?? now,
      value: {
        now: { valueUsd: snapshot.value_usd, liquidity: snapshot.liquidity },
        dayAgo: dayAgo ?? null,
        day: takenAt.toISOString().slice(0, 10),
      },
    };
    for (const tracker of await findV3Trackers(db, position.id)) {
      const settings = settingsOf.get(tracker.id) ?? (await loadRuleSettings(db, tracker.id));
      settingsOf.set(tracker.id, settings);
      const wallet = getAddress(tracker.wallet_address);
      const settingOf = (rule: AlertRule) => settings.of(rule, wallet);
      for (const event of findV3Events({ ...facts, wallet }, settingOf)) {
        const setting = settingOf(event.rule);
        const isEmailed = tracker.alert_email === 1 && tracker.email !== null && setting.isEmailEnabled;
        // A new event also goes to the channels its rule chose (one delivery each, issue 36), in the same
        // transaction: an event stored without its deliveries would never reach them (its key is taken).
        const id = await db.transaction().execute(async (trx) => {
          const inserted = await insertNotification(trx, {
            user_id: tracker.id,
            event_key: event.key,
            rule: event.rule,
            farm_address: position.pool_address,
            wallet_address: wallet,
            title: event.title,
            body: event.body,
            link: positionLink(deps.publicUrl, position.token_id),
            created_at: now.toISOString(),
            email_status: isEmailed ? 'pending' : 'off',
            email_next_at: now.toISOString(),
            bell_hidden: setting.isBellEnabled === false ? 1 : 0,
            position: position.token_id,
            figures: JSON.stringify(event.figures),
          });
          if (inserted !== undefined) {
            await enqueueDeliveries(trx, tracker.id, inserted, setting.channelIds ?? [], now.toISOString());
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
