import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { AlertChannelsConfig } from '../core/config.ts';
import type { Database } from '../core/db/index.ts';
import { deliverAlertChannels, startTelegramPoller } from '../features/alert-channels/index.ts';

/** How often a process looks for due channel deliveries (a test alert arrives within about this). */
const deliveryTickMs = 5_000;

/**
 * The alert channels' jobs of one process (issue 36): a delivery tick every few seconds and, when a bot
 * token is set, the Telegram poller. Every process runs both: deliveries are claimed under leases and the
 * poller's lease row lets one process poll, so any number of API processes and workers share them. stop()
 * ends them: a tick claims no more deliveries and stop resolves once its sends in flight end (each within
 * the delivery timeout), so a shutdown is short and leaves no delivery leased to a dead process.
 */
export function startAlertChannelJobs(deps: {
  db: Kysely<Database>;
  config: AlertChannelsConfig;
  publicUrl: string;
  logWarn: (object: object, message: string) => void;
}): { stop(): Promise<void> } {
  let isStopped = false;
  // Tells a running tick to claim nothing more: stop waits only for the sends already in flight.
  const stopping = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running = deliverAlertChannels({
      db: deps.db,
      config: deps.config,
      publicUrl: deps.publicUrl,
      now: () => new Date(),
      stopSignal: stopping.signal,
    })
      .then(() => undefined)
      .catch((error: unknown) => deps.logWarn({ err: error }, 'alert channels: a delivery tick failed'))
      .finally(() => {
        running = undefined;
        if (!isStopped) timer = setTimeout(tick, deliveryTickMs);
      });
  };
  timer = setTimeout(tick, 0);
  const poller = deps.config.telegramBotToken
    ? startTelegramPoller({
        db: deps.db,
        config: deps.config,
        owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
        logWarn: deps.logWarn,
      })
    : undefined;
  return {
    async stop() {
      isStopped = true;
      stopping.abort();
      clearTimeout(timer);
      await Promise.all([running, poller?.stop()]);
    },
  };
}
