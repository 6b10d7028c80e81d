import { confirmEmailBanner, passwordMinLength, signupSchema } from '@tidewatch/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, ErrorBanner, PasswordField, SuccessBanner, TextField } from '../../../components/index.ts';
import { type FieldErrors, fieldErrorsFromAppError, fieldErrorsFromZod } from '../../../lib/form-errors.ts';
import { useSignup } from '../api/signup.ts';

/** E-mail and password sign-up; the account is usable once the e-mailed link is followed. */
export function SignupForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const signup = useSignup();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signupSchema.safeParse({ email, password });
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setClientErrors({});
    signup.mutate(parsed.data, { onSuccess: () => setPassword('') });
  }

  if (signup.isSuccess) {
    return (
      <div className="space-y-4">
        <SuccessBanner messages={confirmEmailBanner} />
        <p className="text-sm text-slate-600">
          Already confirmed?{' '}
          <Link to={paths.login.getHref()} className="font-medium text-sky-700 hover:underline">
            log in
          </Link>
        </p>
      </div>
    );
  }

  const serverErrors = fieldErrorsFromAppError(signup.error);
  const errors = { ...serverErrors, ...clientErrors };
  // A failure that names no field (e.g. too many attempts) goes in the banner.
  const hasFieldError = Boolean(serverErrors.email || serverErrors.password);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {signup.isError && !hasFieldError ? <ErrorBanner messages={signup.error.message} /> : null}
      <TextField
        label="email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        errorMessage={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label="password"
        name="password"
        autoComplete="new-password"
        hint={`at least ${passwordMinLength} characters`}
        value={password}
        errorMessage={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" isLoading={signup.isPending} className="w-full">
        create account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login.getHref()} className="font-medium text-sky-700 hover:underline">
          log in
        </Link>
      </p>
    </form>
  );
}
