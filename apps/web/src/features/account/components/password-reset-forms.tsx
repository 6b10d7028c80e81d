import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, EmailField, ErrorBanner, PasswordField, SuccessBanner } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useRequestPasswordReset, useResetPassword } from '../api.ts';

/** 'forgot password?': the address to send a reset link to; the answer is the same for any address. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate(email);
  }
  return (
    <form aria-label="forgot password" onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        enter your account's e-mail address: we send it a link to choose a new password
      </p>
      <EmailField
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errorMessage={fieldError(request.error, 'body.email')}
      />
      <Button type="submit" isLoading={request.isPending} className="w-full">
        send reset link
      </Button>
      {request.isSuccess ? <SuccessBanner messages={request.data} /> : null}
      {request.isError && !fieldError(request.error, 'body.email') ? (
        <ErrorBanner messages={request.error.message} />
      ) : null}
    </form>
  );
}

/** The reset link's page: a new password; the link works once, for an hour. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const reset = useResetPassword();
  if (!token) return <ErrorBanner messages="this reset link is incomplete: ask for a new one" />;
  if (reset.isSuccess) {
    return (
      <div className="space-y-3">
        <SuccessBanner messages={reset.data} />
        <Link
          to={paths.login.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          log in
        </Link>
      </div>
    );
  }
  return (
    <form
      aria-label="choose a new password"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        reset.mutate({ token, password });
      }}
    >
      <PasswordField
        label="new password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errorMessage={fieldError(reset.error, 'body.password')}
      />
      <Button type="submit" isLoading={reset.isPending} className="w-full">
        set new password
      </Button>
      {reset.isError && !fieldError(reset.error, 'body.password') ? (
        <div className="space-y-2">
          <ErrorBanner messages={reset.error.message} />
          <Link
            to={paths.forgotPassword.getHref()}
            className="text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
          >
            ask for a new link
          </Link>
        </div>
      ) : null}
    </form>
  );
}
