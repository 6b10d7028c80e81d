import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide toggle (accessible names 'show password' / 'hide password'). */
export function PasswordField(props: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          aria-label={isVisible ? 'hide password' : 'show password'}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
          className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:focus-visible:outline-sky-400"
        >
          {isVisible ? 'hide' : 'show'}
        </button>
      }
    />
  );
}
