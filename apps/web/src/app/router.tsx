import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { RootHydrateFallback, RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error.tsx';
import { loadRouteModule } from './route-module.ts';
import { LandingRoute } from './routes/landing.tsx';
import { sessionGuardId, sessionGuardLoader } from './session-guard.ts';

/*
 * Every screen but the landing page is loaded when its route first matches (decision 016): the landing page
 * stays in the entry so a first visit needs no second round trip, and viem, socket.io and the charts come
 * only with the screens that use them. The router waits for a route's module before rendering it, showing
 * RootHydrateFallback on the first load and the layout's progress bar on later navigations.
 */
const account = loadRouteModule(() => import('./routes/account.tsx'));
const alerts = loadRouteModule(() => import('./routes/alerts.tsx'));
const blockchain = loadRouteModule(() => import('./routes/blockchain.tsx'));
const dashboard = loadRouteModule(() => import('./routes/dashboard.tsx'));
const farmDetail = loadRouteModule(() => import('./routes/farm-detail.tsx'));
const farmTools = loadRouteModule(() => import('./routes/farm-tools.tsx'));
const integrations = loadRouteModule(() => import('./routes/integrations.tsx'));
const login = loadRouteModule(() => import('./routes/login.tsx'));
const lpTools = loadRouteModule(() => import('./routes/lp-tools.tsx'));
const signup = loadRouteModule(() => import('./routes/signup.tsx'));
const signupConfirm = loadRouteModule(() => import('./routes/signup-confirm.tsx'));
const wallets = loadRouteModule(() => import('./routes/wallets.tsx'));

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
        lazy: () => login().then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: paths.loginAction.path,
        lazy: () => integrations().then((m) => ({ Component: m.IntegrationsRoute })),
      },
      {
        path: paths.signup.path,
        lazy: () => signup().then((m) => ({ Component: m.SignupRoute })),
      },
      {
        path: paths.forgotPassword.path,
        lazy: () => account().then((m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: paths.resetPassword.path,
        lazy: () => account().then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: paths.signupConfirm.path,
        lazy: () =>
          signupConfirm().then((m) => ({
            Component: m.SignupConfirmRoute,
            loader: m.signupConfirmLoader,
          })),
      },
      {
        path: paths.signupCreateAddress.path,
        lazy: () => wallets().then((m) => ({ Component: m.SignupCreateAddressRoute })),
      },
      {
        path: paths.integrationsCallback.path,
        lazy: () => integrations().then((m) => ({ Component: m.IntegrationsCallbackRoute })),
      },
      { path: paths.lpMining.path, lazy: () => farmTools().then((m) => ({ Component: m.LpMiningRoute })) },
      {
        path: paths.lpMiningDetails.path,
        lazy: () => farmDetail().then((m) => ({ Component: m.FarmDetailsRoute })),
      },
      {
        path: paths.dualMining.path,
        lazy: () => farmTools().then((m) => ({ Component: m.DualMiningRoute })),
      },
      {
        path: paths.dualMiningDetails.path,
        lazy: () => farmDetail().then((m) => ({ Component: m.FarmDetailsRoute })),
      },
      {
        id: sessionGuardId,
        loader: sessionGuardLoader,
        element: <Outlet />,
        children: [
          {
            path: paths.dashboard.path,
            lazy: () => dashboard().then((m) => ({ Component: m.DashboardRoute })),
          },
          { path: paths.wallets.path, lazy: () => wallets().then((m) => ({ Component: m.WalletsRoute })) },
          {
            path: paths.accountSettings.path,
            lazy: () => account().then((m) => ({ Component: m.AccountSettingsRoute })),
          },
          {
            path: paths.alertSettings.path,
            lazy: () => alerts().then((m) => ({ Component: m.AlertSettingsRoute })),
          },
          {
            path: paths.notifications.path,
            lazy: () => alerts().then((m) => ({ Component: m.NotificationsRoute })),
          },
          {
            path: paths.integrations.path,
            lazy: () => integrations().then((m) => ({ Component: m.IntegrationsRoute })),
          },
          {
            path: paths.integrationsAction.path,
            lazy: () => integrations().then((m) => ({ Component: m.IntegrationsRoute })),
          },
          {
            path: paths.lpTools.path,
            lazy: () => lpTools().then((m) => ({ Component: m.LpToolsRoute })),
          },
          {
            path: paths.blockchain.path,
            lazy: () => blockchain().then((m) => ({ Component: m.BlockchainRoute })),
          },
          { path: paths.farm.path, lazy: () => farmDetail().then((m) => ({ Component: m.FarmRoute })) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
