import { type Health, healthSchema } from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChainProbe } from '../../core/chain/chain-probe.ts';
import { type AppDatabase, pingDatabase } from '../../core/db/index.ts';
import { readFarmIndexHealth } from '../../core/farm-index/index-health-repository.ts';
import { getSchedulerStatus } from '../../core/jobs/schedule-repository.ts';

const probeTimeoutMs = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function errorText(error: unknown): string {
  // viem errors carry a one-line shortMessage; never send stack traces.
  const short = (error as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string'
    ? short
    : error instanceof Error
      ? error.message.split('\n')[0]!
      : 'unknown error';
}

/** `GET /api/health`: 200 while the database answers (status 'degraded' if the chain does not), else 503. */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: AppDatabase;
  chainProbe?: ChainProbe;
  snapshotIntervalMs: number | null;
}> = async (app, { database, chainProbe, snapshotIntervalMs }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      const [db, chain] = await Promise.all([
        withTimeout(pingDatabase(database.db), probeTimeoutMs, 'the database').then(
          () => ({ ok: true }) as const,
          (error: unknown) => ({ ok: false, error: errorText(error) }) as const,
        ),
        chainProbe
          ? withTimeout(chainProbe(), probeTimeoutMs, 'the chain RPC').then(
              ({ chainId, blockNumber }) => ({ ok: true, chainId, blockNumber: blockNumber.toString() }),
              (error: unknown) => ({ ok: false, error: errorText(error) }),
            )
          : Promise.resolve({ ok: false, error: 'no chain client configured' }),
      ]);
      if (!db.ok) request.log.error({ error: db.error }, 'health: database unreachable');
      const scheduler = db.ok
        ? await getSchedulerStatus(database.db, new Date()).catch(() => undefined)
        : undefined;
      const farmIndex = db.ok ? await readFarmIndexHealth(database.db).catch(() => undefined) : undefined;
      const body: Health = {
        status: db.ok && chain.ok ? 'ok' : 'degraded',
        database: { ...db, dialect: database.dialect },
        chain,
        ...(scheduler
          ? {
              scheduler: {
                interval_seconds: snapshotIntervalMs === null ? null : snapshotIntervalMs / 1000,
                ...scheduler,
              },
            }
          : {}),
        ...(farmIndex ? { farm_index: farmIndex } : {}),
      };
      return reply.code(db.ok ? 200 : 503).send(body);
    },
  );
};
