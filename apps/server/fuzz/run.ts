import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/core/db/index.ts';
import { changedTables, databaseFingerprint } from './fingerprint.ts';
import { type Operation, operationsOf, requestFor } from './operations.ts';

export type FuzzReport = {
  requests: number;
  operations: number;
  serverErrors: { op: string; url: string; status: number; body: string }[];
  badBodies: string[];
  /** Refused requests (4xx) after which some table's rows differed: `METHOD path status: tables`. */
  writesByRefused: string[];
};

/** Routes that send no JSON error body by design: HTML pages, the CSV file, the API document. */
const nonJson = new Set(['/api/alerts/unsubscribe', '/api/docs', '/api/openapi.json']);

/**
 * Sends `runs` generated requests to every operation of the app's OpenAPI document, with and without a
 * session and a CSRF token (mostly with one, so most requests reach the route), and checks: no 5xx, and every
 * 4xx answers the error body {statusCode, error, code, message}, and nothing in the database changed across a
 * refused request (its digest is taken after every request, so a write by an accepted one is not blamed).
 */
export async function fuzzApp(
  app: FastifyInstance,
  options: {
    runs: number;
    seed: number;
    token: string;
    csrf: { cookies: Record<string, string>; headers: Record<string, string> };
    skip?: (op: Operation) => boolean;
    /** The app's database, to check that refused requests write nothing. */
    db: Kysely<Database>;
  },
): Promise<FuzzReport> {
  const report: FuzzReport = {
    requests: 0,
    operations: 0,
    serverErrors: [],
    badBodies: [],
    writesByRefused: [],
  };
  let fingerprint = await databaseFingerprint(options.db);
  for (const op of operationsOf(app)) {
    if (options.skip?.(op)) continue;
    report.operations += 1;
    await fc.assert(
      fc.asyncProperty(requestFor(op), async (request) => {
        report.requests += 1;
        const response = await app.inject({
          method: op.method as 'GET',
          url: request.url,
          cookies: request.hasCsrf ? options.csrf.cookies : {},
          headers: {
            ...(request.hasCsrf ? options.csrf.headers : {}),
            ...(request.hasSession ? { authorization: `Bearer ${options.token}` } : {}),
            ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) ?? 'null' }),
        });
        const where = `${op.method} ${op.path}`;
        const before = fingerprint;
        fingerprint = await databaseFingerprint(options.db);
        if (response.statusCode >= 400 && response.statusCode < 500) {
          const changed = changedTables(before, fingerprint);
          if (changed.length > 0)
            report.writesByRefused.push(`${where} ${response.statusCode}: ${changed.join(', ')}`);
        }
        if (response.statusCode >= 500) {
          report.serverErrors.push({
            op: where,
            url: request.url.slice(0, 200),
            status: response.statusCode,
            body: response.body.slice(0, 300),
          });
        } else if (response.statusCode >= 400 && !nonJson.has(op.path)) {
          const body = response.json() as Record<string, unknown>;
          const isShaped =
            body.statusCode === response.statusCode &&
            typeof body.error === 'string' &&
            typeof body.code === 'string' &&
            typeof body.message === 'string';
          if (!isShaped)
            report.badBodies.push(`${where} ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }),
      { numRuns: options.runs, seed: options.seed, endOnFailure: true },
    );
  }
  return report;
}
