import { useQuery } from '@tanstack/react-query';
import { Button, Spinner } from '../../../components/index.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { shortenAddress } from '../../../lib/format.ts';
import { notificationsQueryOptions, useMarkRead } from '../api.ts';

/** /notifications: the alerts, newest first, unread ones marked, each with its farm. */
export function NotificationList() {
  const query = useQuery(notificationsQueryOptions());
  const markRead = useMarkRead();
  if (query.isPending) return <Spinner label="loading notifications" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {query.error.message}
      </p>
    );
  const { items, unread } = query.data;
  if (items.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        no alerts yet: they appear here when a tracked farm needs you
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-400">
        <span>{unread} unread</span>
        {unread > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => markRead.mutate({ all: true })}
            isLoading={markRead.isPending}
          >
            mark all read
          </Button>
        ) : null}
      </div>
      <ul aria-label="notifications" className="space-y-2">
        {items.map((item) => (
          <li
            key={item.id}
            className={`rounded-md border p-3 text-sm ${item.is_read ? 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900' : 'border-sky-200 bg-sky-50 dark:border-sky-800 dark:bg-sky-950'}`}
          >
            <p className="font-medium text-slate-900 dark:text-slate-100">
              {item.is_read ? null : <span className="sr-only">unread: </span>}
              {item.title}
            </p>
            <p className="text-slate-700 dark:text-slate-300">{item.body}</p>
            <p className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600 dark:text-slate-400">
              <RelativeTime time={item.created_at} />
              {item.chain ? <span>{item.chain}</span> : null}
              <span className="font-mono">{shortenAddress(item.wallet_address)}</span>
              <a
                href={new URL(item.link).pathname}
                className="text-sky-700 hover:underline dark:text-sky-300"
              >
                open the farm
              </a>
              {item.is_read ? null : (
                <button
                  type="button"
                  className="text-sky-700 hover:underline dark:text-sky-300"
                  onClick={() => markRead.mutate({ ids: [item.id] })}
                >
                  mark read
                </button>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
