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

// Each kind's colours; the box, the title line and the one-per-line list are the same for all.
const toneClasses = {
  error: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200',
} as const;

function Banner({
  role,
  tone,
  messages,
  title,
  className = '',
}: BannerProps & { role: 'alert' | 'status'; tone: keyof typeof toneClasses }) {
  return (
    <div
      role={role}
      className={`rounded-md border px-4 py-3 text-sm wrap-anywhere ${toneClasses[tone]} ${className}`}
    >
      {title ? <p className="mb-1 font-semibold">{title}</p> : null}
      <Lines messages={messages} />
    </div>
  );
}

/** A red box for failures, read out at once by screen readers (role alert). Lists errors one per line. */
export function ErrorBanner(props: BannerProps) {
  return <Banner role="alert" tone="error" {...props} />;
}

/** A green box for confirmations (role status: announced politely). */
export function SuccessBanner(props: BannerProps) {
  return <Banner role="status" tone="success" {...props} />;
}

/** A neutral box for hints such as 'please login first to view this page'. */
export function InfoBanner(props: BannerProps) {
  return <Banner role="status" tone="info" {...props} />;
}
