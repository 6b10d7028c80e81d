import { Link, NavLink } from 'react-router';
import { NotificationBell } from '../features/alerts/components/notification-bell.tsx';
import { LogoutButton } from '../features/auth/components/logout-button.tsx';
import { useSessionToken } from '../lib/session.ts';
import { paths } from './paths.ts';

const navItems = [
  { to: paths.dashboard.getHref(), label: 'dashboard' },
  { to: paths.lpMining.getHref(), label: 'liquidity-pool tool' },
  { to: paths.dualMining.getHref(), label: 'dual-mining tool' },
  { to: paths.lpTools.getHref('view', 'quickswap'), label: 'LP tools' },
] as const;

export function AppHeader() {
  const token = useSessionToken();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link to={paths.home.getHref()} className="text-lg font-semibold tracking-tight text-sky-800">
          Tidewatch
        </Link>
        <nav aria-label="main" className="order-3 w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-1 text-sm">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-1.5 ${isActive ? 'bg-sky-50 font-medium text-sky-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {token ? (
            <span className="flex items-center gap-2">
              <NotificationBell />
              <Link
                to={paths.alertSettings.getHref()}
                className="text-sm text-slate-600 hover:text-slate-900"
              >
                alerts
              </Link>
              <Link
                to={paths.accountSettings.getHref()}
                className="text-sm text-slate-600 hover:text-slate-900"
              >
                account
              </Link>
              <LogoutButton />
            </span>
          ) : (
            <Link
              to={paths.login.getHref()}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-sky-700 ring-1 ring-sky-200 hover:bg-sky-50"
            >
              log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
