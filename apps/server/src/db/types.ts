import type { Generated, Insertable, Selectable } from 'kysely';
import type { FarmsTables } from '../features/farms/tables.ts';
import type { FarmImportsTables } from '../features/import-wizard/tables.ts';

/**
 * Table types for Kysely, one place for every table. Conventions (see docs/decisions/002-database.md):
 * ids are integer autoincrement; instants are ISO-8601 UTC text (`toISOString()`), which sorts and
 * compares the same on SQLite and PostgreSQL; on-chain amounts are decimal text, never floats.
 */

export type UsersTable = {
  id: Generated<number>;
  /** Lower-cased and trimmed; unique. */
  email: string;
  password_hash: string;
  /** Null until the owner follows the confirmation link. */
  email_confirmed_at: string | null;
  created_at: string;
};

export type EmailTokensTable = {
  id: Generated<number>;
  user_id: number;
  /** What the token proves; 'confirm_email' for now. */
  purpose: string;
  /** sha256 (hex) of the token sent by e-mail; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

export type RevokedTokensTable = {
  jti: string;
  /** The token's own expiry: rows past it can be deleted. */
  expires_at: string;
};

export type LoginAttemptsTable = {
  id: Generated<number>;
  /** Normalised e-mail as typed, whether or not an account exists. */
  email: string;
  ip: string;
  created_at: string;
};

export type WaitlistSignupsTable = {
  id: Generated<number>;
  email: string;
  tokens: string | null;
  concern: string | null;
  created_at: string;
};

export type ContactMessagesTable = {
  id: Generated<number>;
  email: string;
  concerns: string | null;
  tokens: string | null;
  created_at: string;
};

export type ExchangeConnectionsTable = {
  id: Generated<number>;
  user_id: number;
  /** The authorisation code handed over by the exchange's redirect. */
  code: string;
  /** 'pending' until a later feature exchanges the code. */
  status: string;
  created_at: string;
};

export type Database = {
  users: UsersTable;
  email_tokens: EmailTokensTable;
  revoked_tokens: RevokedTokensTable;
  login_attempts: LoginAttemptsTable;
  waitlist_signups: WaitlistSignupsTable;
  contact_messages: ContactMessagesTable;
  exchange_connections: ExchangeConnectionsTable;
} & FarmsTables &
  FarmImportsTables;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type WaitlistSignupRow = Selectable<WaitlistSignupsTable>;
