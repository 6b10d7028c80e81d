import { confirmEmailBanner, integrationCallbackSchema } from '@tidewatch/shared';
import { type FormEvent, useState } from 'react';
import { Button, ErrorBanner, PasswordField, SuccessBanner, TextField } from '../../../components/index.ts';
import { errorLines, type FieldErrors, fieldErrorsFromZod } from '../../../lib/form-errors.ts';
import { useCompleteIntegration } from '../api/complete-integration.ts';

/** The exchange-connected login (spec: /integrations/callback?code=…). */
export function IntegrationCallbackForm({ code }: { code: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const complete = useCompleteIntegration();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = integrationCallbackSchema.safeParse({ email, password, code });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setFieldErrors({});
    complete.mutate(parsed.data);
  }

  if (complete.isSuccess) return <SuccessBanner messages={confirmEmailBanner} />;

  const clientErrors = Object.values(fieldErrors).filter((message): message is string => Boolean(message));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {clientErrors.length > 0 ? <ErrorBanner messages={clientErrors} /> : null}
      {/* The spec lists each value of the error object, one per line. */}
      {complete.isError && clientErrors.length === 0 ? (
        <ErrorBanner messages={errorLines(complete.error)} />
      ) : null}
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
      <Button type="submit" isLoading={complete.isPending} className="w-full">
        log in
      </Button>
    </form>
  );
}
