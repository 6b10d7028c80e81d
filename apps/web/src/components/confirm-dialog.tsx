import { type ReactNode, useEffect, useId, useRef } from 'react';
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

/**
 * A modal confirmation on the native <dialog>: it traps focus while open, Escape cancels, and focus
 * returns to what opened it when it closes.
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
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-5 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-900 dark:ring-1 dark:ring-slate-700 dark:backdrop:bg-black/60"
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
