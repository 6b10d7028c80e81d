/**
 * The wallet layer's contact points with the browser that tests need to observe or shorten: how long detection
 * waits (spec: 3000 ms), how long a network-change message stays before the reload, and the reload itself
 * (jsdom cannot reload a page). The app never changes these.
 */
export const walletEnvironment = {
  detectionTimeoutMs: 3000,
  networkChangeReloadDelayMs: 1500,
  reloadPage: (): void => window.location.reload(),
};
