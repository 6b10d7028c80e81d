import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AlertRule, alertRuleNames } from '@tidewatch/shared';

export type UnsubscribeTarget = { userId: number; rule: AlertRule | '*' };

const signature = (secret: string, target: UnsubscribeTarget) =>
  createHmac('sha256', secret)
    .update(`alerts-unsubscribe:${target.userId}:${target.rule}`)
    .digest('base64url');

/** A one-click unsubscribe URL for one rule (or '*', every alert e-mail), signed so it needs no login. */
export function unsubscribeUrl(publicUrl: string, secret: string, target: UnsubscribeTarget): string {
  const query = new URLSearchParams({
    u: String(target.userId),
    r: target.rule,
    s: signature(secret, target),
  });
  return `${publicUrl}/api/alerts/unsubscribe?${query}`;
}

/** The target of a link whose signature holds; undefined for a tampered or malformed one. */
export function readUnsubscribeLink(
  secret: string,
  query: { u?: string | undefined; r?: string | undefined; s?: string | undefined },
): UnsubscribeTarget | undefined {
  const userId = Number(query.u);
  const rule = query.r;
  if (!Number.isSafeInteger(userId) || userId <= 0 || !query.s) return undefined;
  if (rule !== '*' && !alertRuleNames.includes(rule as AlertRule)) return undefined;
  const target = { userId, rule: rule as AlertRule | '*' };
  const expected = Buffer.from(signature(secret, target));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : undefined;
}
