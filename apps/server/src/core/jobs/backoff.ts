/** A schedule's back-off: its first wait after a failure and the longest it waits. */
export type BackoffPolicy = { firstMs: number; maxMs: number };

/**
 * How long scheduled work waits after failing `failures` times in a row: `firstMs`, doubled each time, never
 * more than `maxMs`. One rule for every schedule (snapshot rounds, history jobs, the books' fee reads, alert
 * e-mails, channel deliveries, the Telegram poller); each names its own first wait and ceiling, and the work
 * engine's back-off stage applies it (core/jobs/work-engine.ts).
 * @example retryDelayMs(2, { firstMs: 60_000, maxMs: 3_600_000 }) // 240_000
 */
export function retryDelayMs(failures: number, policy: BackoffPolicy): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures));
}
