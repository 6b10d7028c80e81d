import { type ReactNode, useId, useState } from 'react';

const storageKey = (panelId: string) => `tidewatch:panel-open:${panelId}`;

/** The state this tab last left the panel in, if any (sessionStorage: per tab, kept across Back). */
function readRememberedOpen(panelId: string | undefined): boolean | undefined {
  if (!panelId) return undefined;
  try {
    const stored = window.sessionStorage.getItem(storageKey(panelId));
    return stored === null ? undefined : stored === 'true';
  } catch {
    return undefined; // storage refused (private mode): the panel starts as its default says
  }
}

function rememberOpen(panelId: string | undefined, isOpen: boolean): void {
  if (!panelId) return;
  try {
    window.sessionStorage.setItem(storageKey(panelId), String(isOpen));
  } catch {
    // storage refused: the panel still folds, it is only not remembered
  }
}

export type CollapsibleProps = {
  /** The toggle's visible label. */
  title: ReactNode;
  /** Beside the title, e.g. a count badge. */
  meta?: ReactNode;
  /** The spec's dashboard panels are open by default. */
  defaultOpen?: boolean;
  /** Names the panel so this tab remembers it open or folded when the person comes back (Back, a link). */
  panelId?: string;
  children: ReactNode;
  className?: string;
};

/** A titled section whose body folds away; the header is a button with aria-expanded. */
export function Collapsible({
  title,
  meta,
  defaultOpen = true,
  panelId,
  children,
  className = '',
}: CollapsibleProps) {
  const [isOpen, setIsOpen] = useState(() => readRememberedOpen(panelId) ?? defaultOpen);
  const bodyId = useId();
  return (
    <section
      className={`rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => {
            rememberOpen(panelId, !isOpen);
            setIsOpen(!isOpen);
          }}
          className="flex w-full items-center justify-between gap-3 rounded-lg px-5 py-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-700 dark:hover:bg-slate-800/60 dark:focus-visible:outline-sky-400"
        >
          <span className="flex items-center gap-2">
            {title}
            {meta}
          </span>
          <span
            aria-hidden="true"
            className={`text-slate-500 transition-transform dark:text-slate-400 ${isOpen ? 'rotate-180' : ''}`}
          >
            ▾
          </span>
        </button>
      </h2>
      <div id={bodyId} hidden={!isOpen} className="border-t border-slate-100 px-5 py-4 dark:border-slate-800">
        {children}
      </div>
    </section>
  );
}
