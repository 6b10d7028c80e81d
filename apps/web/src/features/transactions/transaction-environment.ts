/**
 * The runner's waits, which tests shorten (jsdom has no blocks to wait for). The app never changes these:
 * Polygon makes a block about every 2 s, so a receipt is looked for every 4 s (wagmi's default), and a wait
 * the network broke is tried again after 5 s, as long as the page is open.
 */
export const transactionEnvironment = {
  pollingIntervalMs: 4_000,
  retryAfterProblemMs: 5_000,
};
