import { chainsTool } from '@tidewatch/shared/chains-tool';
import { type FarmKind, farmKindList, farmKinds } from '@tidewatch/shared/farm-kinds';
import { v3Tool } from '@tidewatch/shared/v3-tool';
import { vaultsTool } from '@tidewatch/shared/vaults-tool';
import { matchPath } from 'react-router';

/**
 * Every route of the app in one place (spec section 2). `path` is the route pattern the router uses;
 * `getHref` builds a link, so no screen assembles URLs by hand.
 */

/** Why the login screen was opened; shown as a hint above the form. */
export const loginReasons = {
  'login-required': 'please login first to view this page',
} as const;
export type LoginReason = keyof typeof loginReasons;

/** On a tool page, `?import=0x…` starts the import wizard with that farm address (one-click import). */
export const importFarmParam = 'import';

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The page to open after login: `next` when it is a path of this app, else the dashboard. A value such as
 * '//evil.example' or 'https://…' would leave the site, so only '/x' paths pass.
 */
export function safeNextPath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : paths.dashboard.getHref();
}

const segment = (value: string | number) => encodeURIComponent(String(value));
const toolPath = (kind: FarmKind) => `/quickswap/${farmKinds[kind].routeSegment}`;
const v3ToolPath = `/quickswap/${v3Tool.routeSegment}`;
const vaultsToolPath = `/quickswap/${vaultsTool.routeSegment}`;
const chainsToolPath = `/quickswap/${chainsTool.routeSegment}`;

export const paths = {
  home: { path: '/', getHref: () => '/' },

  login: {
    path: '/login',
    /** `next`: the page to return to after login (an in-app path; see `safeNextPath`). */
    getHref: (options: { reason?: LoginReason; next?: string } = {}) =>
      withQuery('/login', { reason: options.reason, next: options.next }),
  },
  /** Target of the 'set a password' e-mail's link (an account made from a wallet). */
  setPassword: {
    path: '/set-password',
    getHref: (token?: string) => withQuery('/set-password', { token }),
  },
  /** The integrations screen reached from the login area. */
  loginAction: { path: '/login/:action', getHref: (action: string) => `/login/${segment(action)}` },

  signup: { path: '/signup', getHref: () => '/signup' },
  /** Target of the confirmation e-mail's link. */
  signupConfirm: {
    path: '/signup/confirm',
    getHref: (token?: string) => withQuery('/signup/confirm', { token }),
  },
  /** Sign-up from a connected wallet address. */
  signupCreateAddress: {
    path: '/signup/create-address',
    getHref: (address?: string) => withQuery('/signup/create-address', { address }),
  },

  /** 'forgot password?': asks for a reset link by e-mail. */
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** Target of the reset e-mail's link. */
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  /** A signed-in user's account: change the password, delete the account. */
  accountSettings: { path: '/settings/account', getHref: () => '/settings/account' },
  /** Alert rules, thresholds and e-mail. */
  alertSettings: { path: '/settings/alerts', getHref: () => '/settings/alerts' },
  /** The in-app alerts (the header's bell). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },

  wallets: {
    path: '/wallets/:action?/:walletId?',
    getHref: (action: string, walletId?: string | number) =>
      walletId === undefined
        ? `/wallets/${segment(action)}`
        : `/wallets/${segment(action)}/${segment(walletId)}`,
  },
  walletView: {
    path: '/wallets/view/:walletId',
    getHref: (walletId: string | number) => `/wallets/view/${segment(walletId)}`,
  },

  /** A wallet's recovery plan: what it left in ended farms and the steps that get it out (issue 33). */
  recovery: {
    path: '/wallets/:address/recovery',
    getHref: (address: string) => `/wallets/${segment(address)}/recovery`,
  },

  /** A wallet's books (issue 35): a year's ledger, summary and CSV exports, in a chosen time zone. */
  books: {
    path: '/wallets/:address/books',
    getHref: (address: string, query: { year?: number; tz?: string } = {}) =>
      withQuery(`/wallets/${segment(address)}/books`, query),
  },

  integrations: { path: '/integrations', getHref: () => '/integrations' },
  integrationsAction: {
    path: '/integrations/:action',
    getHref: (action: string, query: { walletId?: string | number } = {}) =>
      withQuery(`/integrations/${segment(action)}`, query),
  },
  /** Open to visitors: the exchange-connected login form. */
  integrationsCallback: {
    path: '/integrations/callback',
    getHref: (code?: string) => withQuery('/integrations/callback', { code }),
  },

  blockchain: {
    path: '/blockchain/:chainId',
    getHref: (chainId: number | string) => `/blockchain/${segment(chainId)}`,
  },

  /** A farm kind's tool screen (spec screen 3): /quickswap/lp-mining, /quickswap/dual-mining. */
  farmTool: {
    path: (kind: FarmKind) => toolPath(kind),
    getHref: (kind: FarmKind) => toolPath(kind),
  },
  /** A farm's page under its kind's tool (spec screen 6). */
  farmDetails: {
    path: (kind: FarmKind) => `${toolPath(kind)}/details/:farmAddress`,
    getHref: (kind: FarmKind, farmAddress: string) => `${toolPath(kind)}/details/${segment(farmAddress)}`,
  },
  farm: { path: '/farm/:farmAddress', getHref: (farmAddress: string) => `/farm/${segment(farmAddress)}` },

  /** The third tool (issue 34): QuickSwap V3 positions, /quickswap/v3-positions. */
  v3Tool: { path: v3ToolPath, getHref: () => v3ToolPath },
  /** The fourth tool (issue 45): the Dragon's Lairs and syrup pools (vault shares next), /quickswap/vaults. */
  vaultsTool: { path: vaultsToolPath, getHref: () => vaultsToolPath },
  /** QuickSwap beside Polygon (issue 47): which chains are read, and each saved wallet's holdings on Base. */
  chainsTool: { path: chainsToolPath, getHref: () => chainsToolPath },
  /** A V3 position's page under the tool, by its id. */
  v3PositionDetails: {
    path: `${v3ToolPath}/details/:tokenId`,
    getHref: (tokenId: string) => `${v3ToolPath}/details/${segment(tokenId)}`,
  },

  /**
   * /lp-tools/{action}/{tool}/{product}/{toolId}, where a product is a farm kind's route segment (toolId a
   * farm's address) or the V3 tool's (toolId a position's id); shorter forms are allowed (e.g.
   * /lp-tools/view/quickswap).
   */
  lpTools: {
    path: '/lp-tools/:action?/:tool?/:kindSegment?/:toolId?',
    getHref: (action: string, tool?: string, kindSegment?: string, toolId?: string) =>
      ['/lp-tools', action, tool, kindSegment, toolId]
        .filter((part): part is string => part !== undefined)
        .map((part, index) => (index === 0 ? part : segment(part)))
        .join('/'),
  },
} as const;

const farmDetailPatterns = [...farmKindList.map((kind) => paths.farmDetails.path(kind)), paths.farm.path];

/** Whether `pathname` is a farm's screen, which shows 'loading farm...' until the farm is in (spec screen 6). */
export function isFarmDetailPath(pathname: string): boolean {
  return farmDetailPatterns.some((pattern) => matchPath(pattern, pathname) !== null);
}
