import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfCookieName, csrfHeaderName } from '@tidewatch/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/core/config.ts';
import { type AppDatabase, createDatabase, migrateToLatest } from '../src/core/db/index.ts';
import { createMailer, type MailMessage } from '../src/core/mailer.ts';
import { emptyForReuse, takeEmptiedDatabase } from './postgres-reuse.ts';

export type TestApp = {
  app: FastifyInstance;
  database: AppDatabase;
  /** PostgreSQL only: the fresh database's URL (other processes can open it too). */
  databaseUrl?: string;
  config: Config & { jwtSecret: string };
  /** Every e-mail sent while no SMTP_URL was configured (the outbox transport). */
  outbox: MailMessage[];
  dataDir: string;
  /** Cookie + header of a fresh CSRF token, to spread into `inject` options. */
  csrf: () => Promise<{ cookies: Record<string, string>; headers: Record<string, string> }>;
  /** `inject` with a CSRF token (and a bearer token when given) already attached. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export type TestAppOverrides = {
  /** Environment values for parseConfig (e.g. SMTP_URL); DATA_DIR is always a fresh temp dir. */
  env?: Record<string, string>;
  deps?: Partial<Omit<AppDeps, 'config' | 'database'>>;
  /** Runs before `ready()`, e.g. to add a throw-away route. */
  beforeReady?: (app: FastifyInstance) => void;
};

/**
 * A fresh, migrated database: temp SQLite, or a new database on `adminUrl`'s server (by default
 * TEST_DATABASE_URL; null for SQLite whatever the environment says).
 */
export async function createTestDatabase(
  dataDir: string,
  adminUrl: string | null | undefined = process.env.TEST_DATABASE_URL,
): Promise<{ database: AppDatabase; databaseUrl?: string; drop: () => Promise<void> }> {
  if (!adminUrl) {
    const database = createDatabase({ sqlitePath: join(dataDir, 'tidewatch.sqlite') });
    await migrateToLatest(database.db);
    return { database, drop: async () => {} };
  }
  // A copy of the migrated template the test run's global set-up made (postgres-template.ts), when there is one
  // on this server; migrateToLatest then finds nothing to do. A database an earlier app of this process left,
  // emptied back to the template's rows, before a new copy (postgres-reuse.ts).
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const isTemplateHere = template !== undefined && adminUrl === process.env.TEST_DATABASE_URL;
  const url = new URL(adminUrl);
  const reused = isTemplateHere ? takeEmptiedDatabase() : undefined;
  const name = reused ?? `tidewatch_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!reused) {
    await adminQuery(
      adminUrl,
      `create database ${name}${isTemplateHere ? ` template ${template} strategy file_copy` : ''}`,
    );
  }
  url.pathname = `/${name}`;
  const database = createDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
  await migrateToLatest(database.db);
  return {
    database,
    databaseUrl: url.toString(),
    drop: async () => {
      if (isTemplateHere && (await emptyForReuse(name, url.toString()))) return;
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** A token row named `symbol` (any write to a versioned table raises data_version). */
export function insertToken(db: AppDatabase['db'], symbol: string) {
  return db
    .insertInto('tokens')
    .values({
      chain_id: 137,
      address: `0x${symbol.padEnd(40, '0')}`,
      symbol,
      name: symbol,
      decimals: 18,
      created_at: new Date(0).toISOString(),
    })
    .execute();
}

/** Builds the app on a fresh database with a fresh DATA_DIR; close() removes both. */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidewatch-test-'));
  const parsed = parseConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:5173',
    POLYGON_RPC_URL: 'http://127.0.0.1:9',
    // No test reaches Steer's API: a test that lists Steer's vaults starts the kit's Steer server.
    STEER_API_URL: 'http://127.0.0.1:9',
    STEER_STAKING_POOLS_URL: 'http://127.0.0.1:9/dev/staking-pools',
    // Nor Merkl's: a test of Merkl rewards passes the kit's Merkl server.
    MERKL_API_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    ...overrides.env,
  });
  const config = { ...parsed, jwtSecret: parsed.jwtSecret ?? randomBytes(32).toString('base64url') };
  const { database, databaseUrl, drop } = await createTestDatabase(dataDir);
  const outbox: MailMessage[] = [];
  const fileMailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(dataDir, 'outbox'),
    logger: { info() {} },
  });
  const mailer = {
    send: async (message: MailMessage) => {
      outbox.push(message);
      await fileMailer.send(message);
    },
    close: () => fileMailer.close(),
  };
  const app = await buildApp({ config, database, mailer, logger: false, ...overrides.deps });
  overrides.beforeReady?.(app);
  await app.ready();

  const csrf = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/internal/csrf_cookie' });
    const cookie = response.cookies.find((c) => c.name === csrfCookieName);
    if (!cookie) throw new Error('csrf_cookie did not set the csrftoken cookie');
    return { cookies: { [csrfCookieName]: cookie.value }, headers: { [csrfHeaderName]: cookie.value } };
  };

  return {
    app,
    database,
    ...(databaseUrl ? { databaseUrl } : {}),
    config,
    outbox,
    dataDir,
    csrf,
    request: async ({ token, ...options }) => {
      const { cookies, headers } = await csrf();
      return app.inject({
        ...options,
        cookies: { ...cookies, ...(options.cookies as Record<string, string> | undefined) },
        headers: {
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.headers as Record<string, string> | undefined),
        },
      });
    },
    close: async () => {
      await app.close();
      mailer.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Pulls the confirmation token out of the last e-mail sent to `email`. */
export function confirmationTokenFor(testApp: TestApp, email: string): string {
  const mail = testApp.outbox.filter((message) => message.to === email).at(-1);
  const token = mail?.text.match(/\/signup\/confirm\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was sent to ${email}`);
  return token;
}

/** Pulls the reset token out of the last reset e-mail sent to `email`. */
export function resetTokenFor(testApp: TestApp, email: string): string {
  const mail = testApp.outbox.filter((message) => message.to === email).at(-1);
  const token = mail?.text.match(/\/reset-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link was sent to ${email}`);
  return token;
}

/** Signs up, confirms by the e-mailed link and logs in; returns the bearer token. */
export async function createConfirmedUser(
  testApp: TestApp,
  email = `user-${randomBytes(3).toString('hex')}@example.com`,
  password = 'correct horse battery staple',
): Promise<{ email: string; password: string; token: string }> {
  const signup = await testApp.request({
    method: 'POST',
    url: '/api/internal/signup',
    payload: { email, password },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  const confirm = await testApp.request({
    method: 'POST',
    url: '/api/internal/confirm-email',
    payload: { token: confirmationTokenFor(testApp, email) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirmation failed: ${confirm.body}`);
  const login = await testApp.request({
    method: 'POST',
    url: '/api/internal/auth',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { email, password, token: login.json().token };
}
