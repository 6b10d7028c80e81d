import type { ReactNode } from 'react';

export type PageProps = {
  /** The page's h1. */
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Narrow pages (forms) read better at a limited width. */
  width?: 'narrow' | 'wide';
};

/** The content frame every screen sits in: consistent width, spacing and heading. */
export function Page({ title, description, children, width = 'wide' }: PageProps) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${width === 'narrow' ? 'max-w-md' : 'max-w-6xl'}`}>
      {title ? (
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere text-slate-900 dark:text-slate-100">
          {title}
        </h1>
      ) : null}
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className={title || description ? 'mt-6' : ''}>{children}</div>
    </div>
  );
}
