import { createHmac, randomBytes } from 'node:crypto';

/** A new webhook signing secret, shown to the user once: 'whsec_' and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The Tidewatch-Signature header of a body sent at `at`, the scheme Stripe documents:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The receiver recomputes it over the
 * exact bytes it got and refuses a `t` too far from its clock (a replay).
 */
export function signWebhookBody(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
