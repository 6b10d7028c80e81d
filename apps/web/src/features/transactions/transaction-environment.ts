/**
 * The runner's waits, which tests shorten (jsdom has no blocks to wait for). The app never changes these:
 * Polygon makes a block about every 2 s, so a receipt is looked for every 4 s (wagmi's default), and a wait
 * the network broke is tried again after 5 s, as long as the page is open; a record the server's node is not
 * ready for is tried again after 2, 4, 8 and 16 s.
 */
export const transactionEnvironment = {
  pollingIntervalMs: 4_000,
  retryAfterProblemMs: 5_000,
  /** The first pause before recording a receipt again the server's node does not have yet; doubled each time. */
  recordRetryDelayMs: 2_000,
};
