import type { ReceiverAnswer } from './pinned-post.ts';

/** A message the bot received, as getUpdates gives it (the fields the linking reads). */
export type TelegramUpdate = {
  update_id: number;
  message?: {
    text?: string;
    chat: { id: number; type: string; title?: string; username?: string; first_name?: string };
  };
};

/** Telegram answered `ok: false` or not at all: `description` is Telegram's own words. */
class TelegramError extends Error {
  override readonly name = 'TelegramError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export type TelegramBotOptions = { apiUrl: string; token: string };

/** getMe answers, per API URL and token: a success for good, a failure for a minute. */
const usernames = new Map<string, { username: string | null; error: string | null; until: number }>();

/**
 * The Bot API calls Tidewatch makes: getMe (the bot's username, for the deep link), getUpdates (long
 * polling) and sendMessage. The token is in the path, as the Bot API wants it; it never reaches a log line
 * (errors name the method and Telegram's description only).
 */
export function telegramBot(options: TelegramBotOptions) {
  const base = `${options.apiUrl}/bot${options.token}`;
  const call = async <T>(method: string, body: object, signal: AbortSignal): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      const reason = signal.aborted ? 'no answer in time' : 'unreachable';
      throw new TelegramError(`Telegram ${method}: ${reason} (${(error as Error).message})`, null);
    }
    const answer = (await response.json().catch(() => ({}))) as {
      ok?: boolean;
      result?: T;
      description?: string;
    };
    if (!response.ok || !answer.ok) {
      const description = answer.description ?? `HTTP ${response.status}`;
      const hint = response.status === 401 ? ': the bot token (TELEGRAM_BOT_TOKEN) is wrong' : '';
      throw new TelegramError(`Telegram ${method}: ${description}${hint}`, response.status);
    }
    return answer.result as T;
  };
  const cacheKey = `${options.apiUrl}|${options.token}`;
  return {
    /** The bot's username, or null (with why) when getMe fails; cached. */
    async username(now = Date.now()): Promise<{ username: string | null; error: string | null }> {
      const cached = usernames.get(cacheKey);
      if (cached && (cached.username !== null || cached.until > now)) return cached;
      try {
        const me = await call<{ username?: string }>('getMe', {}, AbortSignal.timeout(5_000));
        const entry = { username: me.username ?? null, error: null, until: Number.POSITIVE_INFINITY };
        usernames.set(cacheKey, entry);
        return entry;
      } catch (error) {
        const entry = { username: null, error: (error as Error).message, until: now + 60_000 };
        usernames.set(cacheKey, entry);
        return entry;
      }
    },
    /** Updates from `offset` on, waiting up to `timeoutSeconds` for the first (long polling). */
    getUpdates(offset: number, timeoutSeconds: number, signal: AbortSignal): Promise<TelegramUpdate[]> {
      return call('getUpdates', { offset, timeout: timeoutSeconds, allowed_updates: ['message'] }, signal);
    },
    /** A confirmation in a chat; throws a TelegramError when refused. */
    async say(chatId: string, text: string, signal: AbortSignal): Promise<void> {
      await call('sendMessage', { chat_id: chatId, text, disable_web_page_preview: true }, signal);
    },
    /** An alert's sendMessage, answered as the raw HTTP answer (the delivery reads 429 / Retry-After). */
    async sendMessage(chatId: string, text: string, signal: AbortSignal): Promise<ReceiverAnswer> {
      const response = await fetch(`${base}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
        signal,
      });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: (await response.text()).slice(0, 16_384),
      };
    },
  };
}
