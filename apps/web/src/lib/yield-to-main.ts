type YieldingScheduler = { yield: () => Promise<void> };

/**
 * Ends the current task and resolves in a new one, so the browser can paint and answer input in between.
 * Start-up work split this way runs as several short tasks instead of one long one that blocks a phone's
 * main thread (decision 016). `scheduler.yield()` where the browser has it (the continuation keeps its place
 * ahead of other queued tasks), a zero-delay timer elsewhere. In a hidden tab it resolves at once: there is
 * nothing to paint, and browsers slow a hidden tab's timers to one a second.
 * @example await yieldToMain(); // what follows runs in a task of its own
 */
export function yieldToMain(): Promise<void> {
  if (typeof document !== 'undefined' && document.hidden) return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How long `afterNextPaint` waits at most: a background tab draws no frames until it is shown. */
export const paintWaitLimitMs = 1_000;

/**
 * Resolves once the browser has drawn the next frame and has time to spare (idle time after its animation
 * frame), or `paintWaitLimitMs` after the call at the latest: a tab that draws nothing waits no longer. Work
 * a page's content does not need (the header's alerts, the realtime channel, looking for wallets) starts
 * after the content's first paint instead of before it: on a slow phone its requests and code shared the link
 * and the main thread with the content (decision 016).
 * @example useEffect(() => { void afterNextPaint().then(connect); }, []);
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const limit = setTimeout(resolve, paintWaitLimitMs);
    if (typeof requestAnimationFrame !== 'function') return;
    const done = () => {
      clearTimeout(limit);
      resolve();
    };
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: paintWaitLimitMs });
      else setTimeout(done, 0);
    });
  });
}
