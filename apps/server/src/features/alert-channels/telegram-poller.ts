import type { Kysely } from 'kysely';
import type { AlertChannelsConfig } from '../../core/config.ts';
import type { Database } from '../../core/db/index.ts';
import { retryDelayMs } from '../../core/jobs/backoff.ts';
import { alreadyTaken, RetryLaterError, runWork, type WorkKind } from '../../core/jobs/work-engine.ts';
import {
  claimTelegramPoller,
  findLinkingChannel,
  linkTelegramChat,
  recordTelegramProblem,
  releaseTelegramPoller,
  storeTelegramOffset,
} from './channels-repository.ts';
import { type TelegramUpdate, telegramBot } from './telegram-bot.ts';
import { hashLinkCode, startCodeOf } from './telegram-link.ts';

export type TelegramPollDeps = {
  db: Kysely<Database>;
  config: AlertChannelsConfig;
  /** This process's name in the poller's lease row. */
  owner: string;
  now: () => Date;
  /** Ends a long poll early (shutting down). */
  signal?: AbortSignal;
};

/** What one poll did: not this process's turn, a Telegram problem, or how many chats it linked. */
export type PollResult =
  | { kind: 'not-mine' }
  | { kind: 'error'; reason: string }
  | { kind: 'polled'; linked: number };

/** The chat as the user's settings show it: a group's title, '@user', or the person's name. */
function chatTarget(chat: NonNullable<TelegramUpdate['message']>['chat']): string {
  if (chat.title) return chat.title;
  if (chat.username) return `@${chat.username}`;
  return chat.first_name ?? `chat ${chat.id}`;
}

/**
 * The Telegram poller as a kind of the work engine, its unit one long poll from the stored offset: claimed by
 * taking the lease row (one process polls; the others find it held) → getUpdates with long polling → each
 * `/start CODE` whose code a linking channel waits for linked (and said so in the chat), the offset stored
 * past what was read → or, when Telegram cannot be asked (a wrong token, unreachable), that written on every
 * Telegram channel's status; e-mail and the bell do not wait on it. How the poll went goes to `answer`.
 */
function telegramPolls(
  deps: TelegramPollDeps,
  token: string,
  answer: (result: PollResult) => void,
): WorkKind<number, TelegramUpdate[]> {
  const { db, config } = deps;
  const bot = telegramBot({ apiUrl: config.telegramApiUrl, token });
  return {
    claim: async () => {
      const now = deps.now();
      const leaseMs = (config.telegramPollTimeoutSeconds + 30) * 1000;
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const offset = await claimTelegramPoller(db, deps.owner, now.toISOString(), until);
      return offset === undefined ? [] : [offset];
    },
    take: alreadyTaken,
    perform: async (offset) => {
      const timeout = AbortSignal.timeout((config.telegramPollTimeoutSeconds + 10) * 1000);
      const signal = deps.signal ? AbortSignal.any([timeout, deps.signal]) : timeout;
      try {
        return await bot.getUpdates(offset, config.telegramPollTimeoutSeconds, signal);
      } catch (error) {
        // Telegram's own failure: the next poll tries again (the poller's loop waits first).
        throw new RetryLaterError((error as Error).message, undefined);
      }
    },
    record: async (offset, updates) => {
      await recordTelegramProblem(db, null, deps.now().toISOString());
      let linked = 0;
      let nextOffset = offset;
      for (const update of updates) {
        nextOffset = Math.max(nextOffset, update.update_id + 1);
        if (await linkChatOf(deps, bot, update)) linked += 1;
      }
      if (nextOffset !== offset) await storeTelegramOffset(db, deps.owner, nextOffset);
      answer({ kind: 'polled', linked });
    },
    // Only Telegram's failures go on the channels' status; the database's go to the caller.
    backOff: async (_offset, failure) => {
      if (!(failure.error instanceof RetryLaterError)) throw failure.error;
      const reason = failure.error.message;
      await recordTelegramProblem(db, reason, deps.now().toISOString());
      answer({ kind: 'error', reason });
    },
  };
}

/** Links the chat of a `/start CODE` a linking channel waits for, and says how it went in the chat. */
async function linkChatOf(
  deps: TelegramPollDeps,
  bot: ReturnType<typeof telegramBot>,
  update: TelegramUpdate,
): Promise<boolean> {
  const message = update.message;
  const code = startCodeOf(message?.text);
  if (!message || !code) return false;
  const chatId = String(message.chat.id);
  const channel = await findLinkingChannel(deps.db, hashLinkCode(code), deps.now().toISOString());
  const isLinked =
    channel !== undefined &&
    (await linkTelegramChat(deps.db, channel.id, { chatId, target: chatTarget(message.chat) }));
  const reply = isLinked
    ? 'Tidewatch alerts linked: the alerts you choose for this chat in Tidewatch will arrive here.'
    : 'This link is not valid any more (used, or older than an hour). Add Telegram again in Tidewatch’s alert settings for a new one.';
  // The link holds even if the confirmation cannot be sent; the settings page shows it linked.
  await bot.say(chatId, reply, AbortSignal.timeout(deps.config.deliveryTimeoutMs)).catch(() => undefined);
  return isLinked;
}

/**
 * One turn of the Telegram poller (telegramPolls): not this process's turn, a Telegram problem, or how many
 * chats it linked.
 */
export async function pollTelegramOnce(deps: TelegramPollDeps): Promise<PollResult> {
  const token = deps.config.telegramBotToken;
  if (!token) return { kind: 'not-mine' };
  let result: PollResult = { kind: 'not-mine' };
  await runWork(
    telegramPolls(deps, token, (answer) => {
      result = answer;
    }),
  );
  return result;
}

/**
 * The poller of one process: polls while it holds the lease, waits and tries again when another process
 * does or Telegram fails. stop() ends the current long poll and hands the lease over.
 */
export function startTelegramPoller(
  deps: Omit<TelegramPollDeps, 'signal' | 'now'> & {
    logWarn: (object: object, message: string) => void;
  },
): { stop(): Promise<void> } {
  const controller = new AbortController();
  let errorsInARow = 0;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  const loop = (async () => {
    while (!controller.signal.aborted) {
      const result = await pollTelegramOnce({
        ...deps,
        now: () => new Date(),
        signal: controller.signal,
      }).catch((error: unknown) => ({ kind: 'error', reason: (error as Error).message }) as const);
      if (controller.signal.aborted) break;
      if (result.kind === 'not-mine') {
        errorsInARow = 0;
        await pause(5_000);
      } else if (result.kind === 'error') {
        errorsInARow += 1;
        if (errorsInARow === 1)
          deps.logWarn({ reason: result.reason }, 'telegram: polling failed; trying again');
        await pause(retryDelayMs(errorsInARow, { firstMs: 1_000, maxMs: 60_000 }));
      } else {
        errorsInARow = 0;
        // A poll with no timeout (tests) answers at once: a short breath between polls.
        if (deps.config.telegramPollTimeoutSeconds === 0) await pause(500);
      }
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
      await releaseTelegramPoller(deps.db, deps.owner).catch(() => undefined);
    },
  };
}
