import type { Generated, Selectable } from 'kysely';
import type { AlertChannelsTables } from './tables/alert-channels.ts';
import type { AlertsTables } from './tables/alerts.ts';
import type { ChainWalletsTables } from './tables/chain-wallets.ts';
import type { FarmImportsTables } from './tables/farm-imports.ts';
import type { DiscoveryTables } from './tables/farm-index.ts';
import type { FarmsTables } from './tables/farms.ts';
import type { MerklAnswersTables } from './tables/merkl-answers.ts';
import type { RecordedSendMovementsTables } from './tables/recorded-send-movements.ts';
import type { TransactionFeesTables } from './tables/transaction-fees.ts';
import type { V3IncentiveIndexTables } from './tables/v3-incentive-index.ts';
import type { V3PositionsTables } from './tables/v3-positions.ts';
import type { VaultPositionsTables } from './tables/vault-positions.ts';
import type { WalletTransactionsTables } from './tables/wallet-transactions.ts';

/**
 * Table types for Kysely, one place for every table. Conventions (see docs/decisions/002-database.md):
 * ids are integer autoincrement; instants are ISO-8601 UTC text (`toISOString()`), which sorts and
 * compares the same on SQLite and PostgreSQL; on-chain amounts are decimal text, never floats.
 */

type UsersTable = {
  id: Generated<number>;
  /** Lower-cased and trimmed; unique. Null for accounts created from a wallet (002-wallets). */
  email: string | null;
  /** Null for accounts created from a wallet: they sign in by signing, never with a password. */
  password_hash: string | null;
  /** Null until the owner follows the confirmation link. */
  email_confirmed_at: string | null;
  created_at: string;
  /** EIP-55 address the account was created from (sign-up from a wallet); unique, else null. */
  wallet_address: string | null;
  /** Bearer tokens issued before this instant no longer authenticate (set by a password reset or change). */
  sessions_valid_from: string | null;
  /** The token id a password change kept valid (the session that made it); null after a reset (014). */
  sessions_kept_jti: string | null;
  /** 0: alert e-mails off (in-app notifications go on). */
  alert_email: Generated<number>;
};

type EmailTokensTable = {
  id: Generated<number>;
  user_id: number;
  /** What the token proves; 'confirm_email' for now. */
  purpose: string;
  /** sha256 (hex) of the token sent by e-mail; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** 'set_password' only: the address the link was sent to, stored on the account when it is used (019). */
  email: string | null;
};

/** One value of the restore cookie (hashed); a restore spends it and issues the next of its family (019). */
type SessionRestoresTable = {
  id: Generated<number>;
  user_id: number;
  /** Every cookie value descended from one login shares it; a spent value shown again ends the family. */
  family: string;
  /** sha256 (hex) of the cookie value; the value itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

type RevokedTokensTable = {
  jti: string;
  /** The token's own expiry: rows past it can be deleted. */
  expires_at: string;
};

/** One counted event of a throttle (see src/throttle): a failed login, a sign-up, a waitlist entry... */
type ThrottleHitsTable = {
  id: Generated<number>;
  /** The throttle's name, e.g. 'loginPerAccount'. */
  scope: string;
  /** What it counts by: a client IP, or a normalised e-mail whether or not an account exists. */
  key: string;
  created_at: string;
};

type WaitlistSignupsTable = {
  id: Generated<number>;
  email: string;
  tokens: string | null;
  concern: string | null;
  created_at: string;
};

type ContactMessagesTable = {
  id: Generated<number>;
  email: string;
  concerns: string | null;
  tokens: string | null;
  created_at: string;
};

type ExchangeConnectionsTable = {
  id: Generated<number>;
  user_id: number;
  /** The authorisation code handed over by the exchange's redirect. */
  code: string;
  /** 'pending' until a later feature exchanges the code. */
  status: string;
  created_at: string;
};

type BlockchainsTable = {
  id: Generated<number>;
  name: string;
  chain_id: number;
  /** Explorer origin, no trailing slash. */
  explorer_url: string;
};

/** Which wallet services we offer on which chains: one row per pair. */
type WalletCatalogueTable = {
  id: Generated<number>;
  name: string;
  chain_id: number;
  /** Display order. */
  position: number;
};

type WalletsTable = {
  id: Generated<number>;
  user_id: number;
  /** The wallet service, e.g. 'MetaMask'. */
  name: string;
  /** EIP-55 checksummed; unique per (user_id, chain_id). */
  address: string;
  chain_id: number;
  /** When the signature proving ownership was verified (when it was added, for a watch-only address). */
  verified_at: string;
  /** 1: added without a signature, for tracking and discovery only (issue 14). */
  is_watch_only: Generated<number>;
  created_at: string;
};

/** When a periodic job last ran (one row per job name). */
type JobRunsTable = { name: string; last_run_at: string };

/** A server-issued EIP-4361 message and its single-use nonce. */
export type SiweNoncesTable = {
  id: Generated<number>;
  nonce: string;
  /**
   * 'connect-wallet' (the guide, user_id set), 'sign-up' and 'log-in' (visitor, user_id null) or
   * 'delete-account' (user_id set).
   */
  purpose: string;
  user_id: number | null;
  /** EIP-55 address the message was built for. */
  address: string;
  /** The exact text the wallet must sign. */
  message: string;
  issued_at: string;
  expires_at: string;
  /** Set atomically by the one request whose signature verified. */
  consumed_at: string | null;
  /** Guide only: set when the verified address was saved as a wallet (a verification saves once). */
  saved_at: string | null;
};

export type Database = {
  users: UsersTable;
  email_tokens: EmailTokensTable;
  revoked_tokens: RevokedTokensTable;
  throttle_hits: ThrottleHitsTable;
  waitlist_signups: WaitlistSignupsTable;
  contact_messages: ContactMessagesTable;
  exchange_connections: ExchangeConnectionsTable;
  blockchains: BlockchainsTable;
  wallet_catalogue: WalletCatalogueTable;
  wallets: WalletsTable;
  siwe_nonces: SiweNoncesTable;
  session_restores: SessionRestoresTable;
  job_runs: JobRunsTable;
  data_version: DataVersionTable;
} & FarmsTables &
  DiscoveryTables &
  AlertsTables &
  AlertChannelsTables &
  FarmImportsTables &
  WalletTransactionsTables &
  V3PositionsTables &
  VaultPositionsTables &
  ChainWalletsTables &
  MerklAnswersTables &
  TransactionFeesTables &
  RecordedSendMovementsTables &
  V3IncentiveIndexTables;

/** One row (id 1): raised by triggers on every write to a table cached reads come from (migration 012). */
type DataVersionTable = {
  id: number;
  /** bigint: a string on PostgreSQL. */
  version: number | string;
};

export type User = Selectable<UsersTable>;
export type WaitlistSignupRow = Selectable<WaitlistSignupsTable>;
