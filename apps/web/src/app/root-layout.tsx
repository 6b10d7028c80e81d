import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '../components/index.ts';
import { useSnapshotUpdates } from '../features/farms/hooks/use-snapshot-updates.ts';
import { AppHeader } from './app-header.tsx';

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
 * updates while logged in.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useSnapshotUpdates();
  return (
    <Shell>
      {navigation.state === 'loading' ? (
        <div className="h-0.5 w-full animate-pulse bg-sky-600" role="progressbar" aria-label="loading page" />
      ) : null}
      <Outlet />
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
