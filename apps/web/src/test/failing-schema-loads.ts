import type * as StartUpSchemas from '../lib/start-up-schemas.ts';

/**
 * Lets a test make the schemas loaded on first use (lib/start-up-schemas.ts) fail to load, as they would
 * offline. In the test file:
 * @example
 * vi.mock('../../../lib/start-up-schemas.ts', async (importOriginal) =>
 *   (await import('../../../test/failing-schema-loads.ts')).withFailingLoads(await importOriginal()),
 * );
 * schemaLoads.isFailing = true; // until the test sets it back (resetSchemaLoads in afterEach)
 */
export const schemaLoads = { isFailing: false };

export function resetSchemaLoads(): void {
  schemaLoads.isFailing = false;
}

export function withFailingLoads(actual: typeof StartUpSchemas): typeof StartUpSchemas {
  const failOr =
    <T>(load: () => Promise<T>) =>
    (): Promise<T> =>
      schemaLoads.isFailing
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : load();
  return {
    ...actual,
    loadAuthSchemas: failOr(actual.loadAuthSchemas),
    loadAlertSchemas: failOr(actual.loadAlertSchemas),
    loadRealtimeSchemas: failOr(actual.loadRealtimeSchemas),
    loadErrorBody: failOr(actual.loadErrorBody),
    loadFarmSchemas: failOr(actual.loadFarmSchemas),
    loadWalletSchemas: failOr(actual.loadWalletSchemas),
  };
}
