import type { RouteObject } from 'react-router';

/** What `lazyScreen` puts in a route's handle: the name of its module in app/routes/. */
export type ScreenHandle = { screen: string };

/** One path of the route table as the server sees it: its pattern and the screen module it loads, if any. */
export type RoutePage = { pattern: string; screen: string | null };

function readScreen(route: RouteObject): string | null {
  const handle = route.handle as Partial<ScreenHandle> | undefined;
  return typeof handle?.screen === 'string' ? handle.screen : null;
}

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * Every path the route table renders (pathless layouts folded into their children), each with the screen
 * module it loads. The build writes one page per entry so the server can name the screen's chunk in the
 * HTML (decision 016).
 * @example listRoutePages(routes) // [{ pattern: '/', screen: null }, { pattern: '/login', screen: 'login' }, …]
 */
export function listRoutePages(table: readonly RouteObject[], parent = '/'): RoutePage[] {
  return table.flatMap((route) => {
    const pattern = route.path === undefined ? parent : joinPaths(parent, route.path);
    if (route.children) return listRoutePages(route.children, pattern);
    if (route.index || route.path !== undefined) return [{ pattern, screen: readScreen(route) }];
    return [];
  });
}
