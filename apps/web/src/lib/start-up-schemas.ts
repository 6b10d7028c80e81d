/**
 * The shared schemas that code in the start-up bundle, the screens of a first visit (log in, sign up) and the
 * route loaders (app/loaders/) use, each loaded on first use: zod and the schemas then arrive with the first
 * response, message or form that needs them instead of with the page, so a first visit fetches and runs less
 * before the app can start, and a route's data is asked for before its screen's chunk has run (decision 016).
 * Every other screen imports its schemas from '@tidewatch/shared' as usual.
 */
export const loadAuthSchemas = () => import('@tidewatch/shared/auth');
export const loadAlertSchemas = () => import('@tidewatch/shared/alerts');
export const loadRealtimeSchemas = () => import('@tidewatch/shared/realtime');
export const loadErrorBody = () => import('@tidewatch/shared/error-body');
export const loadFarmSchemas = () => import('@tidewatch/shared/farms');
export const loadWalletSchemas = () => import('@tidewatch/shared/wallets');

/**
 * A loader of one schema of a module above, to pass as an API call's or a form's `schema`.
 * @example api.get('/internal/token/session', { schema: schemaFrom(loadAuthSchemas, 'sessionResponseSchema') })
 */
export function schemaFrom<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return async () => (await load())[name];
}
