import { farmKindList } from '@tidewatch/shared/farm-kinds';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { dashboardLoader } from './loaders/dashboard.ts';
import { farmDetailsLoader } from './loaders/farm-detail.ts';
import { paths } from './paths.ts';
import { RootHydrateFallback, RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error.tsx';
import { loadRouteModule } from './route-module.ts';
import type { ScreenHandle } from './route-pages.ts';
import { LandingRoute } from './routes/landing.tsx';
import { sessionGuardId, sessionGuardLoader } from './session-guard.ts';

/*
 * Every screen but the landing page is loaded when its route first matches (decision 016): the landing page
 * stays in the entry so a first visit needs no second round trip, and viem, socket.io and the charts come
 * only with the screens that use them. The router waits for a route's module before rendering it, showing
 * RootHydrateFallback on the first load and the layout's progress bar on later navigations. A screen whose
 * first render needs data has its loader in app/loaders/, in the entry, so the router asks for the data
 * while it fetches the screen's chunk, not after that chunk has arrived and run.
 */
/** Each screen module by name; the name is its file in app/routes/ (the build's page shells rely on it). */
const screens = {
  account: loadRouteModule(() => import('./routes/account.tsx')),
  alerts: loadRouteModule(() => import('./routes/alerts.tsx')),
  blockchain: loadRouteModule(() => import('./routes/blockchain.tsx')),
  books: loadRouteModule(() => import('./routes/books.tsx')),
  dashboard: loadRouteModule(() => import('./routes/dashboard.tsx')),
  'farm-detail': loadRouteModule(() => import('./routes/farm-detail.tsx')),
  'farm-tools': loadRouteModule(() => import('./routes/farm-tools.tsx')),
  integrations: loadRouteModule(() => import('./routes/integrations.tsx')),
  login: loadRouteModule(() => import('./routes/login.tsx')),
  'lp-tools': loadRouteModule(() => import('./routes/lp-tools.tsx')),
  recovery: loadRouteModule(() => import('./routes/recovery.tsx')),
  signup: loadRouteModule(() => import('./routes/signup.tsx')),
  'signup-confirm': loadRouteModule(() => import('./routes/signup-confirm.tsx')),
  'v3-position-detail': loadRouteModule(() => import('./routes/v3-position-detail.tsx')),
  'v3-positions': loadRouteModule(() => import('./routes/v3-positions.tsx')),
  vaults: loadRouteModule(() => import('./routes/vaults.tsx')),
  chains: loadRouteModule(() => import('./routes/chains.tsx')),
  wallets: loadRouteModule(() => import('./routes/wallets.tsx')),
};
type Screens = typeof screens;
type ScreenName = keyof Screens;

/**
 * A route whose screen comes from `name`'s module when it first matches. The name also sits in the route's
 * handle, where the build reads which chunk a path needs so the server can preload it (route-pages.ts).
 */
function lazyScreen<N extends ScreenName>(
  name: N,
  pick: (module: Awaited<ReturnType<Screens[N]>>) => Pick<RouteObject, 'Component' | 'loader'>,
): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    handle: { screen: name } satisfies ScreenHandle,
    lazy: () => (screens[name]() as Promise<Awaited<ReturnType<Screens[N]>>>).then(pick),
  };
}

/**
 * The route table (spec section 2). Guarded screens sit under one pathless layout whose loader checks the
 * session; everything else is open to visitors. Static segments outrank dynamic ones, so
 * /integrations/callback stays open although /integrations/:action is guarded.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, element: <LandingRoute /> },
      {
        path: paths.login.path,
        ...lazyScreen('login', (m) => ({ Component: m.LoginRoute })),
      },
      {
        path: paths.loginAction.path,
        ...lazyScreen('integrations', (m) => ({ Component: m.IntegrationsRoute })),
      },
      {
        path: paths.signup.path,
        ...lazyScreen('signup', (m) => ({ Component: m.SignupRoute })),
      },
      {
        path: paths.forgotPassword.path,
        ...lazyScreen('account', (m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: paths.resetPassword.path,
        ...lazyScreen('account', (m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: paths.setPassword.path,
        ...lazyScreen('account', (m) => ({ Component: m.SetPasswordRoute })),
      },
      {
        path: paths.signupConfirm.path,
        ...lazyScreen('signup-confirm', (m) => ({
          Component: m.SignupConfirmRoute,
          loader: m.signupConfirmLoader,
        })),
      },
      {
        path: paths.signupCreateAddress.path,
        ...lazyScreen('wallets', (m) => ({ Component: m.SignupCreateAddressRoute })),
      },
      {
        path: paths.integrationsCallback.path,
        ...lazyScreen('integrations', (m) => ({ Component: m.IntegrationsCallbackRoute })),
      },
      // Each farm kind's tool screen and its farms' pages.
      ...farmKindList.flatMap((kind): RouteObject[] => [
        {
          path: paths.farmTool.path(kind),
          ...lazyScreen('farm-tools', (m) => ({ Component: m.farmToolRoutes[kind] })),
        },
        {
          path: paths.farmDetails.path(kind),
          loader: farmDetailsLoader,
          ...lazyScreen('farm-detail', (m) => ({ Component: m.FarmDetailsRoute })),
        },
      ]),
      // The V3 positions tool and a position's page (issue 34), open to visitors like the farm tools.
      { path: paths.v3Tool.path, ...lazyScreen('v3-positions', (m) => ({ Component: m.V3PositionsRoute })) },
      // The vaults tool (issue 45): the Dragon's Lairs and the syrup pools.
      { path: paths.vaultsTool.path, ...lazyScreen('vaults', (m) => ({ Component: m.VaultsRoute })) },
      // QuickSwap on the chains beside Polygon (issue 47).
      { path: paths.chainsTool.path, ...lazyScreen('chains', (m) => ({ Component: m.ChainsRoute })) },
      {
        path: paths.v3PositionDetails.path,
        ...lazyScreen('v3-position-detail', (m) => ({ Component: m.V3PositionDetailsRoute })),
      },
      {
        id: sessionGuardId,
        loader: sessionGuardLoader,
        element: <Outlet />,
        children: [
          {
            path: paths.dashboard.path,
            loader: dashboardLoader,
            ...lazyScreen('dashboard', (m) => ({ Component: m.DashboardRoute })),
          },
          { path: paths.wallets.path, ...lazyScreen('wallets', (m) => ({ Component: m.WalletsRoute })) },
          { path: paths.recovery.path, ...lazyScreen('recovery', (m) => ({ Component: m.RecoveryRoute })) },
          { path: paths.books.path, ...lazyScreen('books', (m) => ({ Component: m.BooksRoute })) },
          {
            path: paths.accountSettings.path,
            ...lazyScreen('account', (m) => ({ Component: m.AccountSettingsRoute })),
          },
          {
            path: paths.alertSettings.path,
            ...lazyScreen('alerts', (m) => ({ Component: m.AlertSettingsRoute })),
          },
          {
            path: paths.notifications.path,
            ...lazyScreen('alerts', (m) => ({ Component: m.NotificationsRoute })),
          },
          {
            path: paths.integrations.path,
            ...lazyScreen('integrations', (m) => ({ Component: m.IntegrationsRoute })),
          },
          {
            path: paths.integrationsAction.path,
            ...lazyScreen('integrations', (m) => ({ Component: m.IntegrationsRoute })),
          },
          {
            path: paths.lpTools.path,
            ...lazyScreen('lp-tools', (m) => ({ Component: m.LpToolsRoute })),
          },
          {
            path: paths.blockchain.path,
            ...lazyScreen('blockchain', (m) => ({ Component: m.BlockchainRoute })),
          },
          { path: paths.farm.path, ...lazyScreen('farm-detail', (m) => ({ Component: m.FarmRoute })) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the first location's modules and loaders are in (or failed: the error page is ready too). */
export function whenRouterReady(router: Pick<AppRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
