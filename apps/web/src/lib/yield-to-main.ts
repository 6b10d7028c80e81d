type YieldingScheduler = { yield: () => Promise<void> };

/**
 * Ends the current task and resolves in a new one, so the browser can paint and answer input in between.
 * Start-up work split this way runs as several short tasks instead of one long one that blocks a phone's
 * main thread (decision 016). `scheduler.yield()` where the browser has it (the continuation keeps its place
 * ahead of other queued tasks), a zero-delay timer elsewhere.
 * @example await yieldToMain(); // what follows runs in a task of its own
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
