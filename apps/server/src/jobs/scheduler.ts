/**
 * The timer that drives scheduled snapshot runs in a process (the API process unless WORKER=off, or an
 * `npm run worker` process). It holds no job state: what is due, claimed or failing lives in the
 * snapshot_schedule rows, so any number of processes can tick against one database.
 */
export type Scheduler = { stop(): Promise<void> };

/** How often a process looks for due pairs: a fifth of the interval, between 1 s and 1 min. */
const tickMsFor = (intervalMs: number) => Math.min(60_000, Math.max(1_000, Math.floor(intervalMs / 5)));

export function startSnapshotScheduler(options: {
  intervalMs: number;
  run: () => Promise<unknown>;
  /** A run that throws (the database away, say) is reported here; the next tick tries again. */
  onError: (error: unknown) => void;
}): Scheduler {
  return startTicker({ tickMs: tickMsFor(options.intervalMs), run: options.run, onError: options.onError });
}

/**
 * Runs `run` at once and then `tickMs` after each run ends (never two at a time); stop() ends the loop once a
 * run in flight ends, so a stopping process waits for it. Every timer-driven job of a process ticks on it.
 */
export function startTicker(options: {
  tickMs: number;
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): Scheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  const tick = () => {
    running = options
      .run()
      .then(() => undefined)
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        if (!isStopped) timer = setTimeout(tick, options.tickMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
