/**
 * `npm run worker`: a process that takes scheduled snapshots and serves no HTTP. Run any number of them
 * beside API processes started with WORKER=off; they share the work through the snapshot_schedule rows
 * of one database (decision 012).
 */
import { join } from 'node:path';
import pino from 'pino';
import { Server } from 'socket.io';
import { createMailer } from './core/mailer.ts';
import { closeAdapter, usePostgresAdapter } from './core/realtime/postgres-adapter.ts';
import { startAlertChannelJobs } from './jobs/alert-channels-job.ts';
import { createSnapshotEvents } from './jobs/snapshot-events.ts';
import { createRuntime, fail, startRecordedSends, startScheduledSnapshots } from './runtime.ts';

async function main(): Promise<void> {
  const runtime = await createRuntime();
  const log = pino({ level: runtime.config.logLevel });
  // On PostgreSQL, 'snapshot created' and 'v3 snapshot created' reach pages open on any API process through the socket.io adapter.
  const pool = runtime.database.pgPool;
  const io = pool ? new Server() : undefined;
  if (io && pool) await usePostgresAdapter(io, pool);
  const events = io
    ? createSnapshotEvents({
        db: runtime.database.db,
        io,
        logWarn: (object, message) => log.warn(object, message),
      })
    : undefined;
  const mailer = createMailer({
    smtpUrl: runtime.config.smtpUrl,
    outboxDir: join(runtime.config.dataDir, 'outbox'),
    logger: { info: (obj: object, msg?: string) => log.info(obj, msg) },
  });
  const scheduler = await startScheduledSnapshots(runtime, log, events, { mailer });
  if (!scheduler) fail("SNAPSHOT_INTERVAL is 'off': a worker has nothing to do");
  // Alert channels (issue 36): deliveries and the Telegram poller, shared with every process by leases.
  const alertChannels = startAlertChannelJobs({
    db: runtime.database.db,
    config: runtime.config.alertChannels,
    publicUrl: runtime.config.publicUrl,
    logWarn: (object, message) => log.warn(object, message),
  });
  // Recorded recovery sends (issue 42): checked final on their own timer, into the books within a minute.
  const recordedSends = startRecordedSends(runtime, log);
  log.info('Tidewatch worker started');
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info(`${signal} received: finishing the current run`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await scheduler.stop();
    await recordedSends.stop();
    await alertChannels.stop();
    if (io) await closeAdapter(io);
    await runtime.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `tidewatch worker: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
