import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { DataVersion } from '../db/data-version.ts';

export type ReadCache = {
  /**
   * Sends the serialized answer of `compute`, or the one stored under `key` while the database's
   * data_version is unchanged and the entry is younger than the maximum age. The key must name
   * everything the answer depends on besides the data (route, user, parameters).
   */
  serve: (reply: FastifyReply, key: string, compute: () => Promise<unknown>) => Promise<void>;
  /**
   * A route handler's answer through the cache, keyed by the session's user (or 'public') and the URL.
   * @example async (request, reply) => readCache.answer(request, reply, () => farms.listFarms('lp'))
   */
  answer: <R extends FastifyReply>(
    request: { user: { id: number } | null; url: string },
    reply: R,
    compute: () => Promise<unknown>,
  ) => Promise<R>;
};

type Entry = { version: string; body: string; gzipped?: Buffer; storedAt: number };

/** Gzip pays off on the large lists (a 160 KB summary sends about a tenth); small answers go as they are. */
const gzipFrom = 8 * 1024;

/**
 * Serialized answers of the heavy reads (tracked lists, farm list, farm detail), kept per process and
 * checked on each request against data_version, a counter the database raises on every write to the
 * tables they come from (migration 012) — so a snapshot stored by a worker process, or tracking in
 * another API process, is seen at once. The maximum age bounds what depends on the clock (time left in
 * a reward period). The least recently used entry goes first past `maxEntries`. Large answers are sent
 * gzipped to clients that accept it, compressed once per entry.
 */
export function createReadCache(
  dataVersion: DataVersion,
  options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
): ReadCache {
  const maxEntries = options.maxEntries ?? 1_000;
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  /** The body, gzipped once per entry for clients that accept it (every browser does). */
  async function send(reply: FastifyReply, entry: Entry): Promise<void> {
    const accepts = /\bgzip\b/.test(String(reply.request.headers['accept-encoding'] ?? ''));
    if (entry.body.length < gzipFrom) {
      await reply.send(entry.body);
      return;
    }
    reply.header('vary', 'accept-encoding');
    if (!accepts) {
      await reply.send(entry.body);
      return;
    }
    entry.gzipped ??= gzipSync(entry.body);
    await reply.header('content-encoding', 'gzip').send(entry.gzipped);
  }

  const cache: ReadCache = {
    async serve(reply, key, compute) {
      // Read before computing: a write landing in between makes the stored entry look older than its
      // data, so it is recomputed once more, never served stale.
      const version = await dataVersion.of(reply.request);
      reply.type('application/json; charset=utf-8');
      const found = entries.get(key);
      if (found && found.version === version && now() - found.storedAt < maxAgeMs) {
        entries.delete(key);
        entries.set(key, found);
        await send(reply, found);
        return;
      }
      // The route's own serializer: the same fields, checked by its response schema, as an uncached answer.
      const entry: Entry = { version, body: String(reply.serialize(await compute())), storedAt: now() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      await send(reply, entry);
    },
    async answer(request, reply, compute) {
      await cache.serve(reply, `${request.user?.id ?? 'public'} ${request.url}`, compute);
      return reply;
    },
  };
  return cache;
}
