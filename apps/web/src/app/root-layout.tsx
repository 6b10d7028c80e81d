import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '../components/index.ts';
import { FarmLoading } from '../features/farms/components/farm-loading.tsx';
import { AppHeader } from './app-header.tsx';
import { isFarmDetailPath } from './paths.ts';
import { useSnapshotUpdates } from './realtime/use-snapshot-updates.ts';

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-800 antialiased dark:bg-slate-950 dark:text-slate-200">
      <AppHeader />
      <main className="flex-1">{children}</main>
    </div>
  );
}

/**
 * Header on every screen; a thin progress bar while a loader (e.g. the session check) runs; live farm
 * updates while logged in. On the way to a farm's screen, whose loader fetches the farm, the screen left
 * behind gives way to 'loading farm...' (spec screen 6), so a slow phone does not keep showing the old page.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const loadingFarm = navigation.state === 'loading' && isFarmDetailPath(navigation.location.pathname);
  useSnapshotUpdates();
  return (
    <Shell>
      {navigation.state === 'loading' ? (
        <div className="h-0.5 w-full animate-pulse bg-sky-600" role="progressbar" aria-label="loading page" />
      ) : null}
      {loadingFarm ? <FarmLoading /> : <Outlet />}
      <ScrollRestoration />
    </Shell>
  );
}

/** Shown during the first load while loaders (the session check) run. */
export function RootHydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

export { Shell };
