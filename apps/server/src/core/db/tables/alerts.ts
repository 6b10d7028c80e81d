import type { AlertRule } from '@tidewatch/shared';
import type { Generated } from 'kysely';

type AlertRuleName = AlertRule;

/** A user's choice for one rule, for one wallet or ('') every wallet; no row = the rule's default. */
type AlertRulesTable = {
  id: Generated<number>;
  user_id: number;
  rule: AlertRuleName;
  wallet_address: Generated<string>;
  is_enabled: number;
  /** 0: this rule's events stay in the app only (its e-mail unsubscribe link sets it). */
  is_email_enabled: Generated<number>;
  /** value_moved: percent in 24 hours; apr_below: APR percent; null for the others. */
  threshold: number | null;
  updated_at: string;
  /** 0: the rule's events are kept from the header's bell (issue 36). */
  is_bell_enabled: Generated<number>;
  /** JSON array of the user's alert channel ids this rule's events also go to (issue 36). */
  channel_ids: Generated<string>;
};

/** One event for one user, in the app and (unless off) by e-mail; `event_key` makes it happen once. */
export type NotificationsTable = {
  id: Generated<number>;
  user_id: number;
  event_key: string;
  /** A rule's event, or 'channel_paused' (an alert channel stopped after 20 failures, issue 36). */
  rule: AlertRuleName | 'channel_paused';
  /** The farm; for a V3 position's events (its range, incentive and value moves) the position's pool. */
  farm_address: string;
  wallet_address: string;
  title: string;
  body: string;
  /** The farm detail (V3: the position's detail), absolute (e-mail) URL. */
  link: string;
  created_at: string;
  read_at: string | null;
  /** 'pending' | 'sending' | 'sent' | 'off' (e-mail off, or no address). */
  email_status: string;
  email_attempts: Generated<number>;
  email_next_at: string | null;
  email_lease_until: string | null;
  email_error: string | null;
  /** 1: the rule's bell is off; the row stays as the event the channels deliver (issue 36). */
  bell_hidden: Generated<number>;
  /** V3 rules: the position's token id; null for farms. */
  position: string | null;
  /** The event's numbers when it was found (JSON AlertFigures; issue 36): the webhook's and Discord's figures. */
  figures: string | null;
  /** The chain the event happened on (issue 47); null for a paused alert channel's notice. */
  chain_id: number | null;
};

export type AlertsTables = { alert_rules: AlertRulesTable; notifications: NotificationsTable };
