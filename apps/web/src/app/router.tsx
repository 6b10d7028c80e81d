import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { RootHydrateFallback, RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error.tsx';
import { AccountSettingsRoute, ForgotPasswordRoute, ResetPasswordRoute } from './routes/account.tsx';
import { AlertSettingsRoute, NotificationsRoute } from './routes/alerts.tsx';
import { BlockchainRoute } from './routes/blockchain.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { DualMiningRoute, FarmDetailsRoute, FarmRoute, LpMiningRoute } from './routes/farm-tools.tsx';
import { IntegrationsCallbackRoute, IntegrationsRoute } from './routes/integrations.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { LpToolsRoute } from './routes/lp-tools.tsx';
import { SignupRoute } from './routes/signup.tsx';
import { SignupConfirmRoute, signupConfirmLoader } from './routes/signup-confirm.tsx';
import { SignupCreateAddressRoute, WalletsRoute } from './routes/wallets.tsx';
import { sessionGuardId, sessionGuardLoader } from './session-guard.ts';

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
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.loginAction.path, element: <IntegrationsRoute /> },
      { path: paths.signup.path, element: <SignupRoute /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: paths.signupConfirm.path, element: <SignupConfirmRoute />, loader: signupConfirmLoader },
      { path: paths.signupCreateAddress.path, element: <SignupCreateAddressRoute /> },
      { path: paths.integrationsCallback.path, element: <IntegrationsCallbackRoute /> },
      { path: paths.lpMining.path, element: <LpMiningRoute /> },
      { path: paths.lpMiningDetails.path, element: <FarmDetailsRoute /> },
      { path: paths.dualMining.path, element: <DualMiningRoute /> },
      { path: paths.dualMiningDetails.path, element: <FarmDetailsRoute /> },
      {
        id: sessionGuardId,
        loader: sessionGuardLoader,
        element: <Outlet />,
        children: [
          { path: paths.dashboard.path, element: <DashboardRoute /> },
          { path: paths.wallets.path, element: <WalletsRoute /> },
          { path: paths.accountSettings.path, element: <AccountSettingsRoute /> },
          { path: paths.alertSettings.path, element: <AlertSettingsRoute /> },
          { path: paths.notifications.path, element: <NotificationsRoute /> },
          { path: paths.integrations.path, element: <IntegrationsRoute /> },
          { path: paths.integrationsAction.path, element: <IntegrationsRoute /> },
          { path: paths.lpTools.path, element: <LpToolsRoute /> },
          { path: paths.blockchain.path, element: <BlockchainRoute /> },
          { path: paths.farm.path, element: <FarmRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
