import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import {
  Button,
  Card,
  ErrorBanner,
  PasswordField,
  SuccessBanner,
  TextField,
} from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useConfirmPasswordSetup, useRequestPasswordSetup } from '../api.ts';

/**
 * Account settings of an account without a password (made from a wallet): it has no e-mail address either,
 * so the person names one and a link goes there; opening it sets the password and confirms the address.
 */
export function SetPasswordCard({ email }: { email: string | null }) {
  const [address, setAddress] = useState(email ?? '');
  const request = useRequestPasswordSetup();
  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate(address);
  }
  return (
    <Card title="set a password">
      <form aria-label="set a password" onSubmit={submit} className="space-y-3" noValidate>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          your account was made from your wallet and has no password. to log in with an e-mail address and a
          password as well, enter the address: we send it a link (valid for 1 hour) where you choose the
          password, which also confirms the address. until then you log in with your wallet.
        </p>
        <TextField
          label="e-mail address"
          type="email"
          name="email"
          autoComplete="email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          errorMessage={fieldError(request.error, 'body.email')}
        />
        <Button type="submit" isLoading={request.isPending}>
          send the link
        </Button>
        {request.isSuccess ? <SuccessBanner messages={request.data} /> : null}
        {request.isError && !fieldError(request.error, 'body.email') ? (
          <ErrorBanner messages={request.error.message} />
        ) : null}
      </form>
    </Card>
  );
}

/** /set-password?token=…: the e-mailed link's page. */
export function SetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const confirm = useConfirmPasswordSetup();
  if (!token) return <ErrorBanner messages="this link is incomplete: ask for a new one" />;
  if (confirm.isSuccess) {
    return (
      <div className="space-y-3">
        <SuccessBanner messages={confirm.data} />
        <Link
          to={paths.accountSettings.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          account settings
        </Link>
      </div>
    );
  }
  return (
    <form
      aria-label="choose your password"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ token, password });
      }}
    >
      <PasswordField
        label="new password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errorMessage={fieldError(confirm.error, 'body.password')}
      />
      <Button type="submit" isLoading={confirm.isPending} className="w-full">
        set password
      </Button>
      {confirm.isError && !fieldError(confirm.error, 'body.password') ? (
        <ErrorBanner messages={confirm.error.message} />
      ) : null}
    </form>
  );
}
