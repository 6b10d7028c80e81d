import { loginSchema } from '@tidewatch/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, ErrorBanner, PasswordField, TextField } from '../../../components/index.ts';
import { type FieldErrors, fieldErrorsFromZod } from '../../../lib/form-errors.ts';
import { useLogin } from '../api/login.ts';

/** Spec screen 2: e-mail and password, client checks first, the server's message on failure. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const login = useLogin();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, { onSuccess: () => navigate(paths.dashboard.getHref()) });
  }

  const clientErrors = [fieldErrors.email, fieldErrors.password].filter((message): message is string =>
    Boolean(message),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {clientErrors.length > 0 ? <ErrorBanner messages={clientErrors} /> : null}
      {login.isError && clientErrors.length === 0 ? <ErrorBanner messages={login.error.message} /> : null}
      <TextField
        label="email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        invalid={Boolean(fieldErrors.email)}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label="password"
        name="password"
        autoComplete="current-password"
        value={password}
        invalid={Boolean(fieldErrors.password)}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" isLoading={login.isPending} className="w-full">
        log in
      </Button>
      <p className="text-center text-sm text-slate-600">
        new here?{' '}
        <Link to={paths.signup.getHref()} className="font-medium text-sky-700 hover:underline">
          create an account
        </Link>
      </p>
    </form>
  );
}
