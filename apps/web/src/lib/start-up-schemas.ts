/**
 * The shared schemas that code in the start-up bundle and the screens of a first visit (log in, sign up) use,
 * each loaded on first use: zod and the schemas then arrive with the first response, message or form that
 * needs them instead of with the page, so a first visit fetches and runs less before the app can start
 * (decision 016). Every other screen imports its schemas from '@tidewatch/shared' as usual.
 */
export const loadAuthSchemas = () => import('@tidewatch/shared/auth');
export const loadAlertSchemas = () => import('@tidewatch/shared/alerts');
export const loadRealtimeSchemas = () => import('@tidewatch/shared/realtime');
export const loadErrorBody = () => import('@tidewatch/shared/error-body');

/**
 * A loader of one schema of a module above, to pass as an API call's or a form's `schema`.
 * @example api.get('/internal/token/session', { schema: schemaFrom(loadAuthSchemas, 'sessionResponseSchema') })
 */
export function schemaFrom<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return async () => (await load())[name];
}
