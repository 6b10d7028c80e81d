/*
 * Screens load with their routes (decision 016). A new build deletes the previous build's files, so a page
 * opened before a deploy can fail to fetch a screen it has not shown yet; a reload gets the new build.
 */

/** A screen's module could not be fetched: usually a newer build replaced the files this page came from. */
export class RouteModuleLoadError extends Error {
  constructor(cause: unknown) {
    super('this screen could not be loaded: reload the page to get the latest version of Tidewatch', {
      cause,
    });
    this.name = 'RouteModuleLoadError';
  }
}

/** Wraps a route's `import()` so a failed fetch is told apart from an error inside the screen. */
export function loadRouteModule<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      throw new RouteModuleLoadError(error);
    });
}

/** The browser call, replaceable in tests (jsdom cannot reload). */
export const routeModuleEnvironment = {
  reloadPage: () => window.location.reload(),
};

const reloadedAtKey = 'routeModuleReloadedAt';
const reloadPauseMs = 60_000;

/**
 * Reloads the page for a missing route module, once: when a reload within the last minute did not help (the
 * server is down, not updated), the error page stays.
 */
export function reloadForMissingModule(now = Date.now()): boolean {
  const last = Number(window.sessionStorage.getItem(reloadedAtKey) ?? 0);
  if (now - last < reloadPauseMs) return false;
  window.sessionStorage.setItem(reloadedAtKey, String(now));
  routeModuleEnvironment.reloadPage();
  return true;
}
