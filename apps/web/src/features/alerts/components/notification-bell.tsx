import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useHasPainted } from '../../../lib/use-has-painted.ts';
import { notificationsQueryOptions } from '../api.ts';

/**
 * The header's bell: unread alerts counted, a link to the list. The count is asked for once the page has
 * painted: it is not what the visitor came for, and its request and schemas waited in line with the
 * content's.
 */
export function NotificationBell() {
  const hasPainted = useHasPainted();
  const query = useQuery({ ...notificationsQueryOptions(), enabled: hasPainted });
  const unread = query.data?.unread ?? 0;
  return (
    <Link
      to={paths.notifications.getHref()}
      aria-label={unread > 0 ? `notifications: ${unread} unread` : 'notifications'}
      className="relative inline-flex items-center rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {unread > 0 ? (
        <span className="ml-1 rounded-full bg-red-600 px-1.5 text-xs font-semibold tabular-nums text-white">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}
