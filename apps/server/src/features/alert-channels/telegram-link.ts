import { createHash, createHmac, randomBytes } from 'node:crypto';

/** How long a Telegram deep link's one-time code works. */
export const linkCodeLifetimeMs = 60 * 60_000;

/**
 * The one-time code of a linking channel, derived from its stored nonce and the server secret: the
 * database holds the nonce and the code's hash, never the code, yet the settings page can show the same
 * link again until it is used or expires. 24 base64url characters (Telegram's start parameter allows them).
 */
export function linkCodeOf(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`telegram-link:${nonce}`).digest('base64url').slice(0, 24);
}

/** A fresh nonce for a linking channel. */
export function newLinkNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** sha256 (hex) of a code: what the poller looks a /start message up by. */
export function hashLinkCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The bot's deep link that opens the chat with `/start {code}` ready to send. */
export function telegramDeepLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=${code}`;
}

/** The code of a `/start CODE` message (also `/start@bot CODE`), or null. */
export function startCodeOf(text: string | undefined): string | null {
  const match = text?.trim().match(/^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})$/);
  return match?.[1] ?? null;
}
