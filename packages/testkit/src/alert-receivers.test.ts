import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startDiscordServer } from './alert-receivers/discord-server.ts';
import { startTelegramServer } from './alert-receivers/telegram-server.ts';
import { startWebhookReceiver } from './alert-receivers/webhook-receiver.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('startTelegramServer', () => {
  it('answers getMe, long-polls getUpdates until a message arrives, confirms by offset, and sends to known chats', async () => {
    const telegram = await startTelegramServer();
    stops.push(telegram.stop);
    const bot = `${telegram.apiUrl}/bot${telegram.token}`;
    const me = (await (await fetch(`${bot}/getMe`)).json()) as { result: { username: string } };
    expect(me.result.username).toBe(telegram.botUsername);

    const polling = postJson(`${bot}/getUpdates`, { offset: 0, timeout: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const chatId = telegram.addMessage('/start abc123', { username: 'alice' });
    const first = (await (await polling).json()) as {
      result: { update_id: number; message: { text: string; chat: { id: number; username: string } } }[];
    };
    expect(first.result).toHaveLength(1);
    expect(first.result[0]?.message).toMatchObject({
      text: '/start abc123',
      chat: { id: chatId, username: 'alice' },
    });

    const offset = (first.result[0]?.update_id ?? 0) + 1;
    const confirmed = (await (await postJson(`${bot}/getUpdates`, { offset, timeout: 0 })).json()) as {
      result: unknown[];
    };
    expect(confirmed.result).toEqual([]);

    const sent = await postJson(`${bot}/sendMessage`, {
      chat_id: chatId,
      text: 'hello',
      disable_web_page_preview: true,
    });
    expect(sent.status).toBe(200);
    expect(telegram.sent).toEqual([{ chat_id: chatId, text: 'hello', disable_web_page_preview: true }]);
    const unknown = await postJson(`${bot}/sendMessage`, { chat_id: 42, text: 'hello' });
    expect(unknown.status).toBe(400);
  });

  it('answers 401 for a wrong token and 409 to a poll ended by a newer one', async () => {
    const telegram = await startTelegramServer();
    stops.push(telegram.stop);
    const wrong = await fetch(`${telegram.apiUrl}/bot1:wrong/getMe`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ ok: false, error_code: 401, description: 'Unauthorized' });
    const bot = `${telegram.apiUrl}/bot${telegram.token}`;
    const older = postJson(`${bot}/getUpdates`, { timeout: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const newer = postJson(`${bot}/getUpdates`, { timeout: 5 });
    expect((await older).status).toBe(409);
    telegram.addMessage('hi');
    expect((await newer).status).toBe(200);
    expect(telegram.conflicts).toBe(1);
  });
});

describe('startDiscordServer', () => {
  it('accepts an embed with 204, refuses unknown webhooks and empty messages, and plays scripted answers', async () => {
    const discord = await startDiscordServer();
    stops.push(discord.stop);
    const url = discord.createWebhook();
    expect(url.startsWith(`${discord.baseUrl}/`)).toBe(true);
    const embed = { embeds: [{ title: 'farm ending', fields: [{ name: 'a', value: 'b', inline: true }] }] };
    expect((await postJson(url, embed)).status).toBe(204);
    expect(discord.messages).toEqual([{ webhookId: url.split('/').at(-2), body: embed }]);
    expect((await postJson(`${discord.baseUrl}/1/nope`, embed)).status).toBe(404);
    expect((await postJson(url, {})).status).toBe(400);

    discord.script({ status: 500 }, { status: 429, retryAfterSeconds: 30 });
    expect((await postJson(url, embed)).status).toBe(500);
    const limited = await postJson(url, embed);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(await limited.json()).toMatchObject({ retry_after: 30 });
    expect((await postJson(url, embed)).status).toBe(204);
    expect(discord.messages).toHaveLength(2);
  });
});

describe('startWebhookReceiver', () => {
  const sign = (secret: string, t: number, body: string) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

  it('accepts a body signed with the secret, refuses a wrong signature and a replay older than 5 minutes', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const receiver = await startWebhookReceiver({ now: () => now });
    stops.push(receiver.stop);
    receiver.setSecret('whsec_test');
    const body = JSON.stringify({ id: 'n1', rule: 'ending_soon' });
    const t = now.getTime() / 1000;
    const good = await postJson(receiver.url, body, {
      'tidewatch-signature': sign('whsec_test', t, body),
      'tidewatch-event-id': 'n1',
    });
    expect(good.status).toBe(200);
    expect(receiver.received).toEqual([
      {
        eventId: 'n1',
        timestamp: t,
        body: JSON.parse(body),
        rawBody: body,
        signature: sign('whsec_test', t, body),
      },
    ]);

    const forged = await postJson(receiver.url, body, { 'tidewatch-signature': sign('other', t, body) });
    expect(forged.status).toBe(400);
    const replay = await postJson(receiver.url, body, {
      'tidewatch-signature': sign('whsec_test', t - 301, body),
    });
    expect(replay.status).toBe(400);
    expect(receiver.rejected.map((r) => r.reason)).toEqual(['bad signature', 'too old']);
    expect(receiver.received).toHaveLength(1);
  });
});
