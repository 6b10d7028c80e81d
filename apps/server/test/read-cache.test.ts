import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDataVersion } from '../src/core/db/data-version.ts';
import type { AppDatabase } from '../src/core/db/index.ts';
import { createReadCache } from '../src/core/http/read-cache.ts';
import { createTestDatabase, insertToken } from './helpers.ts';

// The read cache serves a stored answer only while the database's data_version is unchanged: any write to
// a table the reads come from (here: tokens, wallets), from any connection, is seen at the next request.
let database: AppDatabase;
let drop: () => Promise<void>;
let app: FastifyInstance;
let computed: number;
let clock: number;

beforeEach(async () => {
  ({ database, drop } = await createTestDatabase(mkdtempSync(join(tmpdir(), 'tidewatch-cache-'))));
  computed = 0;
  clock = 0;
  const cache = createReadCache(createDataVersion(database), { maxAgeMs: 10_000, now: () => clock });
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/tokens/:user',
    { schema: { response: { 200: z.object({ symbols: z.array(z.string()), computed: z.number() }) } } },
    async (request, reply) => {
      await cache.serve(reply, request.url, async () => {
        computed += 1;
        const rows = await database.db.selectFrom('tokens').select('symbol').orderBy('id').execute();
        // An extra field the response schema leaves out, as it would without the cache.
        return { symbols: rows.map((r) => r.symbol), computed, secret: 'not sent' };
      });
      return reply;
    },
  );
  app.get(
    '/big',
    { schema: { response: { 200: z.object({ symbols: z.array(z.string()) }) } } },
    async (request, reply) => {
      await cache.serve(reply, request.url, async () => ({
        symbols: Array.from({ length: 2_000 }, (_, i) => `T${i}`),
      }));
      return reply;
    },
  );
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await database.close();
  await drop();
});

const addToken = (symbol: string) => insertToken(database.db, symbol);

async function get(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json() as { symbols: string[]; computed: number; secret?: string };
}

describe('read cache', () => {
  it('answers from the cache until a write raises data_version, with the route schema applied', async () => {
    await addToken('AAA');
    expect(await get('/tokens/1')).toEqual({ symbols: ['AAA'], computed: 1 });
    expect(await get('/tokens/1')).toEqual({ symbols: ['AAA'], computed: 1 });
    await addToken('BBB');
    expect(await get('/tokens/1')).toEqual({ symbols: ['AAA', 'BBB'], computed: 2 });
    await database.db.updateTable('tokens').set({ symbol: 'CCC' }).where('symbol', '=', 'AAA').execute();
    expect(await get('/tokens/1')).toEqual({ symbols: ['CCC', 'BBB'], computed: 3 });
    await database.db.deleteFrom('tokens').where('symbol', '=', 'BBB').execute();
    expect(await get('/tokens/1')).toEqual({ symbols: ['CCC'], computed: 4 });
  });

  it('keeps one entry per key, and recomputes past the maximum age', async () => {
    expect((await get('/tokens/1')).computed).toBe(1);
    expect((await get('/tokens/2')).computed).toBe(2);
    expect((await get('/tokens/1')).computed).toBe(1);
    clock = 10_001;
    expect((await get('/tokens/1')).computed).toBe(3);
  });

  it('sends a large answer gzipped to a client that accepts it, as it is to one that does not', async () => {
    const zipped = await app.inject({
      method: 'GET',
      url: '/big',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    const plain = await app.inject({ method: 'GET', url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('is raised by writes to other source tables too (a saved wallet)', async () => {
    const before = await database.db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
    const user = await database.db
      .insertInto('users')
      .values({ email: 'cache@example.com', password_hash: 'x', created_at: new Date(0).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('wallets')
      .values({
        user_id: user.id,
        name: 'MetaMask',
        address: '0x1111111111111111111111111111111111111111',
        chain_id: 137,
        verified_at: new Date(0).toISOString(),
        created_at: new Date(0).toISOString(),
      })
      .execute();
    const after = await database.db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
    expect(Number(after.version)).toBeGreaterThanOrEqual(Number(before.version) + 2);
  });
});
