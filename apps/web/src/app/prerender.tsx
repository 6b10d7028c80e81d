/*
 * Build time only (the route-pages plugin in vite.config.ts runs this under Node, never in the browser): the
 * HTML each path shows before the app's script has run (decision 016).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLocation } from 'react-router';
import { FarmLoading } from '../features/farms/components/farm-loading.tsx';
import { isFarmDetailPath, paths } from './paths.ts';
import { AppProviders, createQueryClient } from './provider.tsx';
import { Shell } from './root-layout.tsx';
import { listRoutePages, type RoutePage } from './route-pages.ts';
import { routes } from './router.tsx';

/** The screens every visitor sees alike, with no data to wait for: rendered in full at build time. */
export const prerenderedPatterns: readonly string[] = [
  paths.home.path,
  paths.login.path,
  paths.signup.path,
  paths.forgotPassword.path,
];

export function listPages(): RoutePage[] {
  return listRoutePages(routes);
}

async function renderWithRoutes(table: Parameters<typeof createStaticHandler>[0], url: string) {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerendering ${url} answered ${context.status}`);
  // A page must never carry an error screen: the build fails instead.
  const error = Object.values(context.errors ?? {})[0];
  if (error) throw new Error(`prerendering ${url} failed`, { cause: error });
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline data script (our CSP has no room for one); the browser renders afresh.
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

/** The whole screen at `url`, as a visitor without a session sees it on its first render. */
export function renderScreen(url: string): Promise<string> {
  return renderWithRoutes(routes, url);
}

/**
 * Where the screen will be, a line saying it is loading ('loading farm...' on a farm's screen, as the screen
 * itself says until the farm is in): on a slow phone its code and data take seconds, and
 * a blank page says nothing. Not the animated spinner: an animation running through the whole load costs the
 * phone frames to draw while it starts the app (measured: more blocking time on the dashboard).
 */
function LoadingShell() {
  const { pathname } = useLocation();
  return (
    <Shell>
      {isFarmDetailPath(pathname) ? (
        <FarmLoading />
      ) : (
        <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">loading page…</p>
      )}
    </Shell>
  );
}

/** The header over a loading line: every screen at `url` while its code and data are on the way. */
export function renderShell(url: string): Promise<string> {
  return renderWithRoutes([{ path: '*', Component: LoadingShell }], url);
}
