import { randomBytes } from 'node:crypto';
import {
  listenLoopback,
  type ReceivedRequest,
  type ScriptedAnswer,
  sendJson,
  sendScripted,
} from './http-fake.ts';

/** A message a Discord webhook accepted: its JSON body (`{ content?, embeds? }`). */
type DiscordMessage = { webhookId: string; body: { content?: string; embeds?: unknown[] } };

export type DiscordServer = {
  /** The webhooks' base, to use as DISCORD_WEBHOOK_BASE_URL: `{origin}/api/webhooks`. */
  baseUrl: string;
  /** A new webhook's URL, `{baseUrl}/{id}/{token}`, as Discord shows it to the user. */
  createWebhook(): string;
  /** Messages accepted (answered 204), in order. */
  messages: DiscordMessage[];
  /** Every request, also the refused ones. */
  requests: ReceivedRequest[];
  /** The next requests' answers, one each, before the normal 204 resumes. */
  script(...answers: ScriptedAnswer[]): void;
  /** Drops the scripted answers not used yet. */
  clearScript(): void;
  stop(): Promise<void>;
};

/**
 * A loopback server speaking Discord's "execute webhook" (POST /api/webhooks/{id}/{token}): 204 for a JSON
 * body with `content` or `embeds`; 400 `{ code: 50006 }` for an empty message; 404 `{ code: 10015 }` for
 * an unknown webhook; a scripted 429 answers `{ message, retry_after, global }` with Retry-After, as
 * Discord's rate limits do.
 * @example
 * const discord = await startDiscordServer();
 * const url = discord.createWebhook(); // paste into a Discord channel
 * discord.script({ status: 500 }, { status: 429, retryAfterSeconds: 30 });
 */
export async function startDiscordServer(): Promise<DiscordServer> {
  const webhooks = new Map<string, string>();
  const messages: DiscordMessage[] = [];
  const requests: ReceivedRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  const server = await listenLoopback(async (request, res) => {
    requests.push(request);
    const next = scripted.shift();
    if (next) {
      const body =
        next.status === 429
          ? {
              message: 'You are being rate limited.',
              retry_after: next.retryAfterSeconds ?? 1,
              global: false,
            }
          : next.status >= 400
            ? { message: 'scripted failure', code: 0 }
            : undefined;
      return sendScripted(res, next, body);
    }
    const match = request.path.match(/^\/api\/webhooks\/(\d+)\/([\w-]+)(\?.*)?$/);
    if (request.method !== 'POST' || !match)
      return sendJson(res, 404, { message: '404: Not Found', code: 0 });
    const [, id = '', token = ''] = match;
    if (webhooks.get(id) !== token) return sendJson(res, 404, { message: 'Unknown Webhook', code: 10015 });
    let body: DiscordMessage['body'];
    try {
      body = JSON.parse(request.rawBody) as DiscordMessage['body'];
    } catch {
      return sendJson(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    if (!body.content && !(Array.isArray(body.embeds) && body.embeds.length > 0)) {
      return sendJson(res, 400, { message: 'Cannot send an empty message', code: 50006 });
    }
    messages.push({ webhookId: id, body });
    res.writeHead(204).end();
  });
  const baseUrl = `${server.url}/api/webhooks`;
  return {
    baseUrl,
    createWebhook() {
      const id = String(100_000_000_000_000_000n + BigInt(webhooks.size + 1));
      const token = randomBytes(32).toString('base64url');
      webhooks.set(id, token);
      return `${baseUrl}/${id}/${token}`;
    },
    messages,
    requests,
    script: (...answers) => scripted.push(...answers),
    clearScript: () => scripted.splice(0),
    stop: server.stop,
  };
}
