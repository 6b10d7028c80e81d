import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

export type ConfirmDialogProps = {
  title: string;
  /** What will happen, said plainly (what will be deleted). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isBusy?: boolean;
  /** An error to show inside the dialog (the action failed). */
  error?: ReactNode;
};

const focusableSelector =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> keeps the page behind it inert, but Tab from its last control goes on to the browser's own
 * controls: wrap it round to the first (and Shift+Tab from the first to the last), so focus stays inside.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = event.currentTarget.ownerDocument.activeElement;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal confirmation on the native <dialog>: it traps focus while open (Tab wraps round), Escape cancels,
 * and focus returns to what opened it when it closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  isBusy = false,
  error,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    // The browser gives focus back on close(), but not when the dialog leaves the page open, as it does when
    // its owner unmounts it: give it back here, to the opener if it is still on the page.
    const opener = dialog?.ownerDocument.activeElement;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // m-auto: the browser centres a modal dialog with margin auto, which Tailwind's reset sets to 0
      // (the dialog stuck to the top-left corner); max-h and overflow keep a long one inside a phone.
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-lg bg-white p-5 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-900 dark:ring-1 dark:ring-slate-700 dark:backdrop:bg-black/60"
    >
      <h2 id={titleId} className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
      {error ? <div className="mt-3">{error}</div> : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} isLoading={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
