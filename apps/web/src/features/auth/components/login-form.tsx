import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '../../../app/paths.ts';
import { Button, CredentialFields, ErrorBanner } from '../../../components/index.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { useCredentials } from '../../../lib/use-credentials.ts';
import { useLogin } from '../api/login.ts';

/** Spec screen 2: e-mail and password, client checks first, the server's message on failure. */
export function LoginForm() {
  const credentials = useCredentials();
  const { fieldErrors } = credentials;
  const login = useLogin();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A first visit's screen: its check loads when the form is first sent (start-up-schemas.ts).
    const body = await credentials.validate(schemaFrom(loadAuthSchemas, 'loginSchema'));
    if (!body) return;
    // Back to the page that sent here (an e-mailed link), replacing /login so Back does not return to it.
    const next = safeNextPath(searchParams.get('next'));
    login.mutate(body, { onSuccess: () => navigate(next, { replace: true }) });
  }

  const clientErrors = [credentials.loadError, fieldErrors.email, fieldErrors.password].filter(
    (message): message is string => Boolean(message),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      {clientErrors.length > 0 ? <ErrorBanner messages={clientErrors} /> : null}
      {login.isError && clientErrors.length === 0 ? <ErrorBanner messages={login.error.message} /> : null}
      <CredentialFields
        credentials={credentials}
        errors={fieldErrors}
        passwordAutoComplete="current-password"
      />
      <Button type="submit" isLoading={login.isPending} className="w-full">
        log in
      </Button>
      <p className="text-center text-sm">
        <Link
          to={paths.forgotPassword.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          forgot password?
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        new here?{' '}
        <Link
          to={paths.signup.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          create an account
        </Link>
      </p>
    </form>
  );
}
