import type { ReactNode } from 'react';

export type BannerProps = {
  /** One line per entry; a single string or node is one line. */
  messages: ReadonlyArray<ReactNode> | ReactNode;
  title?: string;
  className?: string;
};

function lines(messages: BannerProps['messages']): ReactNode[] {
  return Array.isArray(messages) ? messages : [messages];
}

function Lines({ messages }: { messages: BannerProps['messages'] }) {
  const list = lines(messages);
  if (list.length === 1) return <p>{list[0]}</p>;
  return (
    <ul className="space-y-1">
      {list.map((message, index) => (
        // Messages can repeat (two fields, same wording), so position is the stable key here.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list rendered once per error
        <li key={index}>{message}</li>
      ))}
    </ul>
  );
}

/** A red box for failures, read out at once by screen readers (role alert). Lists errors one per line. */
export function ErrorBanner({ messages, title, className = '' }: BannerProps) {
  return (
    <div
      role="alert"
      className={`rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}
    >
      {title ? <p className="mb-1 font-semibold">{title}</p> : null}
      <Lines messages={messages} />
    </div>
  );
}

/** A green box for confirmations (role status: announced politely). */
export function SuccessBanner({ messages, title, className = '' }: BannerProps) {
  return (
    <div
      role="status"
      className={`rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ${className}`}
    >
      {title ? <p className="mb-1 font-semibold">{title}</p> : null}
      <Lines messages={messages} />
    </div>
  );
}

/** A neutral box for hints such as 'please login first to view this page'. */
export function InfoBanner({ messages, title, className = '' }: BannerProps) {
  return (
    <div
      role="status"
      className={`rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 ${className}`}
    >
      {title ? <p className="mb-1 font-semibold">{title}</p> : null}
      <Lines messages={messages} />
    </div>
  );
}
