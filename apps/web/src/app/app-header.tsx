import { chainsTool } from '@tidewatch/shared/chains-tool';
import { farmKindList, farmKinds } from '@tidewatch/shared/farm-kinds';
import { v3Tool } from '@tidewatch/shared/v3-tool';
import { vaultsTool } from '@tidewatch/shared/vaults-tool';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NotificationBell } from '../features/alerts/components/notification-bell.tsx';
import { LogoutButton } from '../features/auth/components/logout-button.tsx';
import { useSessionToken } from '../lib/session.ts';
import { paths } from './paths.ts';

const navItems = [
  { to: paths.dashboard.getHref(), label: 'dashboard' },
  ...farmKindList.map((kind) => ({ to: paths.farmTool.getHref(kind), label: farmKinds[kind].toolHeading })),
  { to: paths.v3Tool.getHref(), label: v3Tool.toolHeading },
  { to: paths.vaultsTool.getHref(), label: vaultsTool.toolHeading },
  { to: paths.chainsTool.getHref(), label: chainsTool.toolHeading },
  { to: paths.lpTools.getHref('view', 'quickswap'), label: 'LP tools' },
] as const;

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 dark:focus-visible:outline-sky-400';
const quietLink = `block rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:px-2 sm:py-1.5 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

function navLinkClass({ isActive }: { isActive: boolean }): string {
  const state = isActive
    ? 'bg-sky-50 font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-200'
    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
  return `block rounded-md px-3 py-2 sm:py-1.5 ${state} ${focusRing}`;
}

/**
 * The header on every screen. From the small breakpoint up the navigation sits in one row; on a phone it
 * folds behind a 'menu' button (aria-expanded, aria-controls) that Escape closes, returning focus to it.
 * The bell and log in / log out stay in the top row at every width. The button comes right before the
 * panel in the document, so Tab goes from it into the opened menu; flex order places them on screen.
 */
export function AppHeader() {
  const token = useSessionToken();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A followed link (or back / forward) closes the menu: the next screen starts with its content in view.
  const closeMenu = () => setIsMenuOpen(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(closeMenu, [pathname]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to={paths.home.getHref()}
          className={`rounded-md text-lg font-semibold tracking-tight text-sky-800 dark:text-sky-300 ${focusRing}`}
        >
          Tidewatch
        </Link>
        <button
          ref={menuButton}
          type="button"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setIsMenuOpen((open) => !open)}
          className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 order-2 hover:bg-slate-100 sm:hidden dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800 ${focusRing}`}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          menu
        </button>
        <div
          id={menuId}
          className={`${isMenuOpen ? 'flex' : 'hidden'} order-last w-full flex-col gap-2 border-t border-slate-100 pt-2 sm:order-none sm:flex sm:w-auto sm:flex-1 sm:flex-row sm:items-center sm:justify-between sm:border-0 sm:pt-0 dark:border-slate-800`}
        >
          <nav aria-label="main">
            <ul className="flex flex-col gap-1 text-sm sm:flex-row sm:flex-wrap">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass} onClick={closeMenu}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {token ? (
            <ul className="flex flex-col gap-1 border-t border-slate-100 pt-2 sm:flex-row sm:items-center sm:border-0 sm:pt-0 dark:border-slate-800">
              <li>
                <Link to={paths.alertSettings.getHref()} className={quietLink} onClick={closeMenu}>
                  alerts
                </Link>
              </li>
              <li>
                <Link to={paths.accountSettings.getHref()} className={quietLink} onClick={closeMenu}>
                  account
                </Link>
              </li>
            </ul>
          ) : null}
        </div>
        <div className="order-1 ml-auto flex items-center gap-2 sm:order-none sm:ml-0">
          {token ? (
            <>
              <NotificationBell />
              <LogoutButton />
            </>
          ) : (
            <Link
              to={paths.login.getHref()}
              className={`rounded-md px-3 py-1.5 text-sm font-medium text-sky-700 ring-1 ring-sky-200 hover:bg-sky-50 dark:text-sky-300 dark:ring-sky-800 dark:hover:bg-sky-950 ${focusRing}`}
            >
              log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
