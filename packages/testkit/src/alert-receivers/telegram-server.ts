import type { ServerResponse } from 'node:http';
import { listenLoopback, type ScriptedAnswer, sendJson } from './http-fake.ts';

/** A chat as the Bot API describes it: a private chat (a user) or a group. */
type TelegramChat =
  | { id: number; type: 'private'; username?: string; first_name: string }
  | { id: number; type: 'group' | 'supergroup'; title: string };

type TelegramUpdate = {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    chat: TelegramChat;
    from: { id: number; is_bot: false; first_name: string; username?: string };
    text: string;
  };
};

/** A sendMessage the server accepted, as sent. */
type TelegramSentMessage = {
  chat_id: number;
  text: string;
  disable_web_page_preview?: boolean;
};

export type TelegramServer = {
  /** The Bot API origin, to use as TELEGRAM_API_URL (methods are at `{apiUrl}/bot{token}/{method}`). */
  apiUrl: string;
  /** The token the bot answers to (TELEGRAM_BOT_TOKEN); any other gets 401 Unauthorized. */
  token: string;
  /** The bot's username (getMe), e.g. 'tidewatch_test_bot'. */
  botUsername: string;
  /**
   * A user writes to the bot: an update for getUpdates. A private chat with `username` unless `group`
   * names a group's title. Returns the chat's id.
   */
  addMessage(text: string, from?: { chatId?: number; username?: string; group?: string }): number;
  /** Messages the bot sent (sendMessage), in order. */
  sent: TelegramSentMessage[];
  /** Calls per method, e.g. calls.getUpdates. */
  calls: Record<string, number>;
  /** getUpdates requests ended by a newer one (Telegram's 409 Conflict: two pollers). */
  conflicts: number;
  /** The next sendMessage answers, one each, before normal service. */
  scriptSend(...answers: ScriptedAnswer[]): void;
  stop(): Promise<void>;
};

const ok = (res: ServerResponse, result: unknown) => sendJson(res, 200, { ok: true, result });
const apiError = (res: ServerResponse, code: number, description: string, extra: object = {}) =>
  sendJson(res, code, { ok: false, error_code: code, description, ...extra });

/**
 * A loopback server speaking the part of Telegram's Bot API Tidewatch uses: getMe, getUpdates (offset
 * confirms earlier updates; `timeout` seconds of long polling, answered as soon as an update arrives; a
 * second concurrent call ends the first with 409 Conflict) and sendMessage (400 'chat not found' for a chat
 * that never wrote). Parameters come as a query string, JSON or a form, as the Bot API accepts them.
 * A wrong token answers 401 Unauthorized.
 * @example
 * const telegram = await startTelegramServer();
 * // TELEGRAM_API_URL=telegram.apiUrl TELEGRAM_BOT_TOKEN=telegram.token
 * telegram.addMessage(`/start ${code}`, { username: 'alice' });
 */
export async function startTelegramServer(
  options: { token?: string; botUsername?: string } = {},
): Promise<TelegramServer> {
  const token = options.token ?? '123456:TEST-token_for-the-fake-bot';
  const botUsername = options.botUsername ?? 'tidewatch_test_bot';
  const updates: TelegramUpdate[] = [];
  const chats = new Map<number, TelegramChat>();
  const sent: TelegramSentMessage[] = [];
  const calls: Record<string, number> = {};
  const scripted: ScriptedAnswer[] = [];
  let nextUpdateId = 700_000_001;
  let nextChatId = 5_000_001;
  let nextMessageId = 1;
  let conflicts = 0;
  /** The pending long poll, if any: woken by a new update, or ended by a newer poll. */
  let waiting: { wake: () => void; conflict: () => void } | undefined;

  const paramsOf = (path: string, rawBody: string, contentType: string | undefined) => {
    const params = new URLSearchParams(new URL(path, 'http://x').search);
    const merged: Record<string, unknown> = Object.fromEntries(params);
    if (rawBody && contentType?.includes('application/json')) Object.assign(merged, JSON.parse(rawBody));
    else if (rawBody) Object.assign(merged, Object.fromEntries(new URLSearchParams(rawBody)));
    return merged;
  };

  const server = await listenLoopback(async (request, res) => {
    const match = new URL(request.path, 'http://x').pathname.match(/^\/bot([^/]+)\/(\w+)$/);
    if (!match) return apiError(res, 404, 'Not Found');
    const [, given, method = ''] = match;
    calls[method] = (calls[method] ?? 0) + 1;
    if (given !== token) return apiError(res, 401, 'Unauthorized');
    const params = paramsOf(request.path, request.rawBody, request.headers['content-type']);
    if (method === 'getMe') {
      return ok(res, {
        id: Number(token.split(':')[0]),
        is_bot: true,
        first_name: 'Tidewatch test bot',
        username: botUsername,
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
      });
    }
    if (method === 'getUpdates') {
      const offset = Number(params.offset ?? 0);
      const limit = Math.min(100, Math.max(1, Number(params.limit ?? 100)));
      const timeoutS = Math.max(0, Number(params.timeout ?? 0));
      // An offset confirms every update before it: they are never returned again.
      if (offset > 0) {
        while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
      }
      if (updates.length === 0 && timeoutS > 0) {
        waiting?.conflict();
        let mine: typeof waiting;
        const outcome = await new Promise<'update' | 'timeout' | 'conflict'>((resolve) => {
          const timer = setTimeout(() => resolve('timeout'), timeoutS * 1000);
          const done = (how: 'update' | 'conflict') => {
            clearTimeout(timer);
            resolve(how);
          };
          mine = { wake: () => done('update'), conflict: () => done('conflict') };
          waiting = mine;
        });
        // A newer poll may have taken the slot already.
        if (waiting === mine) waiting = undefined;
        if (outcome === 'conflict') {
          conflicts += 1;
          return apiError(
            res,
            409,
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
          );
        }
      }
      return ok(res, updates.slice(0, limit));
    }
    if (method === 'sendMessage') {
      const next = scripted.shift();
      if (next) {
        if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
        if (next.status === 429) {
          const retry = next.retryAfterSeconds ?? 1;
          res.setHeader('retry-after', String(retry));
          return apiError(res, 429, `Too Many Requests: retry after ${retry}`, {
            parameters: { retry_after: retry },
          });
        }
        return apiError(
          res,
          next.status,
          next.status === 403 ? 'Forbidden: bot was blocked by the user' : 'Internal Server Error',
        );
      }
      const chatId = Number(params.chat_id);
      const text = typeof params.text === 'string' ? params.text : '';
      const chat = chats.get(chatId);
      if (!chat) return apiError(res, 400, 'Bad Request: chat not found');
      if (!text) return apiError(res, 400, 'Bad Request: message text is empty');
      const preview = params.disable_web_page_preview;
      sent.push({
        chat_id: chatId,
        text,
        ...(preview === undefined
          ? {}
          : { disable_web_page_preview: preview === true || preview === 'true' }),
      });
      return ok(res, {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat,
        text,
      });
    }
    return apiError(res, 404, 'Not Found: method not found');
  });

  return {
    apiUrl: server.url,
    token,
    botUsername,
    addMessage(text, from = {}) {
      const chatId = from.chatId ?? nextChatId++;
      const username = from.username ?? 'alice';
      const chat: TelegramChat = from.group
        ? { id: -chatId, type: 'group', title: from.group }
        : { id: chatId, type: 'private', username, first_name: username };
      chats.set(chat.id, chat);
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat,
          from: { id: chatId, is_bot: false, first_name: username, username },
          text,
        },
      });
      waiting?.wake();
      return chat.id;
    },
    sent,
    calls,
    get conflicts() {
      return conflicts;
    },
    scriptSend: (...answers) => scripted.push(...answers),
    stop: async () => {
      waiting?.wake();
      await server.stop();
    },
  };
}
