import { closeSync, openSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './types.ts';

export type { Database } from './types.ts';
export type Dialect = 'sqlite' | 'postgres';
/** The database, or a transaction open on it: what every repository function takes. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export type AppDatabase = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: the connection pool (the socket.io adapter and the job queue share the database). */
  pgPool?: pg.Pool;
  /** Closes the pool / file handle. */
  close: () => Promise<void>;
  /**
   * SQLite only: a reader of one value (the first column of the first row) of `query`, run synchronously
   * on the connection, skipping Kysely's connection queue, when no transaction is open on it — it then sees
   * exactly the committed data a queued query would. It answers undefined (ask Kysely) while one is open:
   * a read inside another request's transaction could see its rows half-written. For the read every
   * request makes (data_version): the queue's promises cost more than the read itself (bench:api).
   */
  prepareValueReader?: (query: CompiledQuery) => () => { value: unknown } | undefined;
};

export type DatabaseOptions = {
  /** postgres:// URL; when unset, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
};

/** Opens the database: SQLite (WAL, foreign keys, busy timeout) by default, PostgreSQL with a URL. */
export function createDatabase(options: DatabaseOptions): AppDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (restart, failover, admin) emits 'error' on the pool;
    // unhandled, that would crash the process. The pool replaces the client on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pgPool: pool, close: () => db.destroy() };
  }
  // Created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode.
  closeSync(openSync(options.sqlitePath, 'a', 0o600));
  const file = new SqliteDatabase(options.sqlitePath);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  // Several processes (API, snapshot workers) may share the file: wait for locks instead of failing.
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  const prepareValueReader = (query: CompiledQuery) => {
    // A statement of its own: pluck() changes how it answers, and Kysely shares the cached ones.
    const statement = file.prepare(query.sql).pluck();
    return () => (file.inTransaction ? undefined : { value: statement.get(query.parameters) });
  };
  return { db, dialect: 'sqlite', close: () => db.destroy(), prepareValueReader };
}

/**
 * Kysely prepares every query anew; compiling the same SQL again showed in bench:api's profile. The
 * statements are kept per SQL text (a bounded number: queries are built from code, their values are
 * parameters). better-sqlite3 runs a statement synchronously, so one statement is never used twice at once.
 */
function withStatementCache(file: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = file.prepare(source);
      if (statements.size >= 2_000) statements.clear();
      statements.set(source, statement);
    }
    return statement;
  };
  return new Proxy(file, {
    get: (target, property) => {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property);
      // Native methods check their receiver: call them on the database itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `database migration ${failed} failed: ${error instanceof Error ? error.message : error}`,
      {
        cause: error,
      },
    );
  }
}

/** True when a trivial query succeeds (health check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Instants are stored as ISO-8601 UTC text; one helper so every writer uses the same format. */
export function toDbTime(date: Date): string {
  return date.toISOString();
}
