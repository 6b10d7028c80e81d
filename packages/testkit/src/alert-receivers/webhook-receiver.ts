import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  listenLoopback,
  type ReceivedRequest,
  type ScriptedAnswer,
  sendJson,
  sendScripted,
} from './http-fake.ts';

/** A delivery the receiver verified: its event id and parsed JSON body. */
type VerifiedWebhook = {
  eventId: string | undefined;
  timestamp: number;
  body: unknown;
  rawBody: string;
  /** The Tidewatch-Signature header as received (a test replays it with rawBody). */
  signature: string;
};

export type WebhookReceiver = {
  /** The URL to give Tidewatch (any path works; this one is `{origin}/hooks/tidewatch`). */
  url: string;
  /** The signing secret Tidewatch showed when the channel was made. */
  setSecret(secret: string): void;
  /** Deliveries whose signature verified and whose timestamp was fresh, in order. */
  received: VerifiedWebhook[];
  /** Refused deliveries and why ('no signature', 'bad signature', 'too old', 'from the future'). */
  rejected: { reason: string; request: ReceivedRequest }[];
  /** The next requests' answers, one each (before verifying), then normal service. */
  script(...answers: ScriptedAnswer[]): void;
  /** Drops the scripted answers not used yet. */
  clearScript(): void;
  stop(): Promise<void>;
};

/** How far a signature's timestamp may be from the receiver's clock: 5 minutes, Stripe's default. */
const toleranceSeconds = 300;

/**
 * A loopback webhook receiver that verifies deliveries the way its documentation tells a user to:
 * `Tidewatch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` compared in constant
 * time, and a `t` more than 5 minutes from its clock refused as a replay (400). Verified: 200.
 * @example
 * const receiver = await startWebhookReceiver({ now: () => testNow });
 * receiver.setSecret(created.secret);
 */
export async function startWebhookReceiver(options: { now?: () => Date } = {}): Promise<WebhookReceiver> {
  const now = options.now ?? (() => new Date());
  let secret: string | undefined;
  const received: VerifiedWebhook[] = [];
  const rejected: WebhookReceiver['rejected'] = [];
  const scripted: ScriptedAnswer[] = [];
  const server = await listenLoopback(async (request, res) => {
    const next = scripted.shift();
    if (next) return sendScripted(res, next, next.status >= 400 ? { error: 'scripted failure' } : undefined);
    const refuse = (reason: string) => {
      rejected.push({ reason, request });
      sendJson(res, 400, { error: reason });
    };
    const header = request.headers['tidewatch-signature'];
    if (request.method !== 'POST' || typeof header !== 'string' || !secret) return refuse('no signature');
    const parts = new Map(
      header.split(',').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
      }),
    );
    const t = Number(parts.get('t'));
    const v1 = parts.get('v1') ?? '';
    if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return refuse('bad signature');
    const expected = createHmac('sha256', secret).update(`${t}.${request.rawBody}`).digest();
    if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return refuse('bad signature');
    const age = Math.floor(now().getTime() / 1000) - t;
    if (age > toleranceSeconds) return refuse('too old');
    if (age < -toleranceSeconds) return refuse('from the future');
    const eventId = request.headers['tidewatch-event-id'];
    received.push({
      eventId: typeof eventId === 'string' ? eventId : undefined,
      timestamp: t,
      body: JSON.parse(request.rawBody) as unknown,
      rawBody: request.rawBody,
      signature: header,
    });
    sendJson(res, 200, { ok: true });
  });
  return {
    url: `${server.url}/hooks/tidewatch`,
    setSecret(next) {
      secret = next;
    },
    received,
    rejected,
    script: (...answers) => scripted.push(...answers),
    clearScript: () => scripted.splice(0),
    stop: server.stop,
  };
}
