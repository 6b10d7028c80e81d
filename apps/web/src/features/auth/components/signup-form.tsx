import { confirmEmailBanner, passwordMinLength } from '@tidewatch/shared';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, CredentialFields, ErrorBanner, SuccessBanner } from '../../../components/index.ts';
import { fieldErrorsFromAppError } from '../../../lib/form-errors.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { useCredentials } from '../../../lib/use-credentials.ts';
import { useSignup } from '../api/signup.ts';

/** E-mail and password sign-up; the account is usable once the e-mailed link is followed. */
export function SignupForm() {
  const credentials = useCredentials();
  const signup = useSignup();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A first visit's screen: its check loads when the form is first sent (start-up-schemas.ts).
    const body = await credentials.validate(schemaFrom(loadAuthSchemas, 'signupSchema'));
    if (body) signup.mutate(body, { onSuccess: () => credentials.setPassword('') });
  }

  if (signup.isSuccess) {
    return (
      <div className="space-y-4">
        <SuccessBanner messages={confirmEmailBanner} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Already confirmed?{' '}
          <Link
            to={paths.login.getHref()}
            className="font-medium text-sky-700 hover:underline dark:text-sky-300"
          >
            log in
          </Link>
        </p>
      </div>
    );
  }

  const serverErrors = fieldErrorsFromAppError(signup.error);
  const errors = { ...serverErrors, ...credentials.fieldErrors };
  // A failure that names no field (e.g. too many attempts) goes in the banner.
  const hasFieldError = Boolean(serverErrors.email || serverErrors.password);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      {credentials.loadError ? <ErrorBanner messages={credentials.loadError} /> : null}
      {signup.isError && !hasFieldError ? <ErrorBanner messages={signup.error.message} /> : null}
      <CredentialFields
        credentials={credentials}
        errors={errors}
        showsMessages
        passwordAutoComplete="new-password"
        passwordHint={`at least ${passwordMinLength} characters`}
      />
      <Button type="submit" isLoading={signup.isPending} className="w-full">
        create account
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link
          to={paths.login.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          log in
        </Link>
      </p>
    </form>
  );
}
