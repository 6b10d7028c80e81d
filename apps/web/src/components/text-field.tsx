import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

const controlBase =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:outline-none focus:ring-2 sm:text-sm dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500';
const ringOk = 'ring-slate-300 focus:ring-sky-600 dark:ring-slate-600';
// The spec's red ring on a field with an error.
const ringError = 'ring-2 ring-red-500 focus:ring-red-500';

type FieldChrome = {
  label: string;
  /** Marks the field invalid (red ring, aria-invalid) without text, e.g. when a banner lists the message. */
  invalid?: boolean;
  /** Shown under the field, and also marks it invalid. */
  errorMessage?: string;
  hint?: string;
};

function FieldFrame({
  id,
  label,
  hint,
  errorMessage,
  children,
}: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {errorMessage ? (
        <p id={`${id}-error`} className="text-sm break-words text-red-700 dark:text-red-300">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint?: string, errorMessage?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', errorMessage ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
    /** Rendered inside the field's right edge (e.g. the password show/hide toggle). */
    endAdornment?: ReactNode;
  };

/** A labelled single-line input. */
export function TextField({
  label,
  invalid,
  errorMessage,
  hint,
  endAdornment,
  className = '',
  ...rest
}: TextFieldProps) {
  const id = useId();
  const isInvalid = Boolean(invalid || errorMessage);
  return (
    <FieldFrame id={id} label={label} hint={hint} errorMessage={errorMessage}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(id, hint, errorMessage)}
          className={`${controlBase} ${isInvalid ? ringError : ringOk} ${endAdornment ? 'pr-12' : ''} ${className}`}
          {...rest}
        />
        {endAdornment ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{endAdornment}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line input. */
export function TextAreaField({
  label,
  invalid,
  errorMessage,
  hint,
  className = '',
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const id = useId();
  const isInvalid = Boolean(invalid || errorMessage);
  return (
    <FieldFrame id={id} label={label} hint={hint} errorMessage={errorMessage}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy(id, hint, errorMessage)}
        className={`${controlBase} ${isInvalid ? ringError : ringOk} ${className}`}
        {...rest}
      />
    </FieldFrame>
  );
}
