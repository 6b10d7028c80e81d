import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from './paths.ts';
import { Shell } from './root-layout.tsx';
import { RouteModuleLoadError, reloadForMissingModule } from './route-module.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The routing fallback (spec section 2): 'Unexpected Application Error!' with the status or message, logged
 * to the console for whoever investigates (the e2e journeys fail on it). A render error inside a panel does
 * not come here: PanelBoundary keeps it in the panel. A screen whose module a new build replaced reloads the
 * page once instead (the URL is already the screen's).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (error instanceof RouteModuleLoadError) reloadForMissingModule();
    else console.error(`Unexpected Application Error! ${describe(error)}`, error);
  }, [error]);
  return (
    <Shell>
      <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">
          Unexpected Application Error!
        </h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{describe(error)}</p>
        <Link
          to={paths.home.getHref()}
          className="mt-8 inline-block font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          back to the start page
        </Link>
      </div>
    </Shell>
  );
}
