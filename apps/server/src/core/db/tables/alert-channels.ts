import type { AlertChannelKind, AlertChannelStatus } from '@tidewatch/shared';
import type { Generated } from 'kysely';

/** A user's alert channel (issue 36): a linked Telegram chat, a Discord webhook or a signed webhook. */
export type AlertChannelsTable = {
  id: Generated<number>;
  user_id: number;
  kind: AlertChannelKind;
  label: string;
  status: AlertChannelStatus;
  /** What the user sees: the chat title or '@user', or the URL with its token masked. */
  target: string;
  /** Discord and webhook: where deliveries are POSTed (it holds Discord's token: never sent to the browser). */
  url: string | null;
  /** Webhook: the HMAC-SHA256 signing secret (shown to the user once). */
  secret: string | null;
  /** Telegram: the linked chat's id (decimal text: Telegram's ids exceed 32 bits). */
  telegram_chat_id: string | null;
  /** Telegram while linking: the nonce the one-time code is derived from (with the server secret). */
  link_nonce: string | null;
  /** sha256 (hex) of the one-time code; the code itself is never stored. */
  link_code_hash: string | null;
  link_expires_at: string | null;
  failures_in_a_row: Generated<number>;
  /** The receiver answered 429: none of the channel's deliveries is tried before this (its Retry-After). */
  not_before: string | null;
  /**
   * The tick sending to the channel now, and until when (a lease, like a delivery's): one request at a time
   * per channel across processes, so a 429's hold is seen before the next request leaves.
   */
  sending_owner: string | null;
  sending_until: string | null;
  last_delivery_at: string | null;
  /** When 'send a test alert' last queued one: at most one per channel every 30 seconds. */
  last_test_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  created_at: string;
};

/** One event to one channel: delivered once, retried with back-off, failed after a day. */
export type AlertDeliveriesTable = {
  id: Generated<number>;
  /** Null for a test alert ('send a test alert'). */
  notification_id: number | null;
  channel_id: number;
  /** 'pending' | 'sent' | 'failed'. */
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_at: string;
  /** Set while a process sends it: another process skips it until then. */
  lease_until: string | null;
  /** The process (a random token per tick) holding the lease: only it may record the outcome. */
  lease_owner: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** One row (id 1): the Telegram getUpdates offset and which process polls, until when. */
type TelegramPollerTable = {
  id: number;
  /** The next update_id to ask for (decimal text). */
  update_offset: string;
  lease_until: string | null;
  lease_owner: string | null;
};

export type AlertChannelsTables = {
  alert_channels: AlertChannelsTable;
  alert_deliveries: AlertDeliveriesTable;
  telegram_poller: TelegramPollerTable;
};
