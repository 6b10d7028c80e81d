import { confirmEmailBanner, integrationCallbackSchema } from '@tidewatch/shared';
import type { FormEvent } from 'react';
import { Button, CredentialFields, ErrorBanner, SuccessBanner } from '../../../components/index.ts';
import { errorLines } from '../../../lib/form-errors.ts';
import { useCredentials } from '../../../lib/use-credentials.ts';
import { useCompleteIntegration } from '../api/complete-integration.ts';

/** The exchange-connected login (spec: /integrations/callback?code=…). */
export function IntegrationCallbackForm({ code }: { code: string }) {
  const credentials = useCredentials();
  const { fieldErrors } = credentials;
  const complete = useCompleteIntegration();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = await credentials.validate(integrationCallbackSchema, { code });
    if (body) complete.mutate(body);
  }

  if (complete.isSuccess) return <SuccessBanner messages={confirmEmailBanner} />;

  const clientErrors = Object.values(fieldErrors).filter((message): message is string => Boolean(message));
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      {clientErrors.length > 0 ? <ErrorBanner messages={clientErrors} /> : null}
      {/* The spec lists each value of the error object, one per line. */}
      {complete.isError && clientErrors.length === 0 ? (
        <ErrorBanner messages={errorLines(complete.error)} />
      ) : null}
      <CredentialFields
        credentials={credentials}
        errors={fieldErrors}
        passwordAutoComplete="current-password"
      />
      <Button type="submit" isLoading={complete.isPending} className="w-full">
        log in
      </Button>
    </form>
  );
}
