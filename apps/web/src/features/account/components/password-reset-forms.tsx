import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { EmailField } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useRequestPasswordReset, useResetPassword } from '../api.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { SendLinkButton } from './send-link-button.tsx';

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
      <SendLinkButton request={request} label="send reset link" className="w-full" />
    </form>
  );
}

/** The reset link's page: a new password; the link works once, for an hour. */
export function ResetPasswordForm({ token }: { token: string }) {
  return (
    <NewPasswordForm
      token={token}
      mutation={useResetPassword()}
      incompleteLinkMessage="this reset link is incomplete: ask for a new one"
      formLabel="choose a new password"
      submitLabel="set new password"
      next={{ href: paths.login.getHref(), label: 'log in' }}
      afterError={
        <Link
          to={paths.forgotPassword.getHref()}
          className="text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          ask for a new link
        </Link>
      }
    />
  );
}
