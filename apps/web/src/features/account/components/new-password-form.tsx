import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorBanner, PasswordField, SuccessBanner } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';

type NewPasswordFormProps = {
  /** The e-mailed link's token; empty when the link was cut short. */
  token: string;
  /** Sends token and password; answers the message shown on success. */
  mutation: UseMutationResult<string, Error, { token: string; password: string }>;
  incompleteLinkMessage: string;
  formLabel: string;
  submitLabel: string;
  /** Where to go once the password is set. */
  next: { href: string; label: string };
  /** Shown under a failure that is not about the password itself. */
  afterError?: ReactNode;
};

/** The page an e-mailed link opens to choose a password (reset, or first set-up of a wallet account). */
export function NewPasswordForm({
  token,
  mutation,
  incompleteLinkMessage,
  formLabel,
  submitLabel,
  next,
  afterError,
}: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  if (!token) return <ErrorBanner messages={incompleteLinkMessage} />;
  if (mutation.isSuccess) {
    return (
      <div className="space-y-3">
        <SuccessBanner messages={mutation.data} />
        <Link to={next.href} className="font-medium text-sky-700 hover:underline dark:text-sky-300">
          {next.label}
        </Link>
      </div>
    );
  }
  const passwordError = fieldError(mutation.error, 'body.password');
  return (
    <form
      aria-label={formLabel}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate({ token, password });
      }}
    >
      <PasswordField
        label="new password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errorMessage={passwordError}
      />
      <Button type="submit" isLoading={mutation.isPending} className="w-full">
        {submitLabel}
      </Button>
      {mutation.isError && !passwordError ? (
        afterError ? (
          <div className="space-y-2">
            <ErrorBanner messages={mutation.error.message} />
            {afterError}
          </div>
        ) : (
          <ErrorBanner messages={mutation.error.message} />
        )
      ) : null}
    </form>
  );
}
