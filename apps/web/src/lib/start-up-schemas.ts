import { yieldToMain } from './yield-to-main.ts';

/**
 * The shared schemas that code in the start-up bundle, the screens of a first visit (log in, sign up) and the
 * route loaders (app/loaders/) use, each loaded on first use: zod and the schemas then arrive with the first
 * response, message or form that needs them instead of with the page, so a first visit fetches and runs less
 * before the app can start, and a route's data is asked for before its screen's chunk has run (decision 016).
 * Every other screen imports its schemas from '@tidewatch/shared' as usual.
 */
const importErrorBody = () => import('@tidewatch/shared/error-body');
let zodReady: Promise<void> | undefined;

/**
 * `load`, after zod has been evaluated in a task of its own, with the smallest module of schemas (the error
 * body's, which any answer may need): zod, warming up and building a whole module of schemas were one task of
 * 150-300 ms at a phone's speed, long enough to block input; apart, each is short. (Not `import('zod')`: a
 * module's namespace keeps every export, all 380 kB of zod.)
 */
function afterZod<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    // A failed fetch is not kept: the next call tries again (a phone's connection may be back by then).
    zodReady ??= importErrorBody().then(yieldToMain, (error: unknown) => {
      zodReady = undefined;
      throw error;
    });
    await zodReady;
    return load();
  };
}

export const loadAuthSchemas = afterZod(() => import('@tidewatch/shared/auth'));
export const loadAlertSchemas = afterZod(() => import('@tidewatch/shared/alerts'));
export const loadRealtimeSchemas = afterZod(() => import('@tidewatch/shared/realtime'));
export const loadErrorBody = importErrorBody;
export const loadFarmSchemas = afterZod(() => import('@tidewatch/shared/farms'));
export const loadWalletSchemas = afterZod(() => import('@tidewatch/shared/wallets'));
export const loadPriceChoiceSchemas = afterZod(() => import('@tidewatch/shared/price-choice'));
export const loadAccountAccessSchemas = afterZod(() => import('@tidewatch/shared/account-access'));
export const loadDiscoverySchemas = afterZod(() => import('@tidewatch/shared/discovery'));
export const loadV3Schemas = afterZod(() => import('@tidewatch/shared/v3-positions'));
export const loadVaultsSchemas = afterZod(() => import('@tidewatch/shared/vaults'));
export const loadChainsSchemas = afterZod(() => import('@tidewatch/shared/chains'));

/**
 * A loader of one schema of a module above, to pass as an API call's or a form's `schema`.
 * @example api.get('/internal/token/session', { schema: schemaFrom(loadAuthSchemas, 'sessionResponseSchema') })
 */
export function schemaFrom<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return async () => (await load())[name];
}
