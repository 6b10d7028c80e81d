import type { GotStatus } from '@tidewatch/shared';
import { updateTokenSchema, wizardTexts } from '@tidewatch/shared';
import { type FormEvent, useState } from 'react';
import { Button, ErrorBanner, SuccessBanner, TextField } from '../../../components/index.ts';
import { sendUpdateToken } from '../api/update-token.ts';

type FieldErrors = { name?: string; symbol?: string };

/** Each field's first problem, under that field: 'a symbol is required', not also the format rule. */
function firstErrorPerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'symbol') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return errors;
}

/**
 * 'got unresolvable token': names the token over the realtime channel ('update token'), shows the
 * 'got status' answer, and on success lets the wizard continue.
 */
export function UnresolvableToken({
  address,
  importId,
  onNamed,
}: {
  address: string;
  importId: number | undefined;
  onNamed: () => void;
}) {
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  const [status, setStatus] = useState<GotStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isSending, setIsSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isSending) return;
    const update = updateTokenSchema.safeParse({ address, name, symbol, import_id: importId });
    if (!update.success) {
      setFieldErrors(firstErrorPerField(update.error.issues));
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setIsSending(true);
    try {
      const answer = await sendUpdateToken(update.data);
      setStatus(answer);
      if (answer.status === 'ok') onNamed();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'could not name the token');
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="name the token">
      <p className="text-sm text-slate-800 dark:text-slate-200">{wizardTexts.unresolvableToken(address)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="name"
          value={name}
          errorMessage={fieldErrors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="symbol"
          value={symbol}
          errorMessage={fieldErrors.symbol}
          onChange={(event) => setSymbol(event.target.value)}
        />
      </div>
      {status ? (
        status.status === 'ok' ? (
          <SuccessBanner messages={status.message} />
        ) : (
          <ErrorBanner messages={status.message} />
        )
      ) : null}
      {failure ? <ErrorBanner messages={failure} /> : null}
      <Button type="submit" isLoading={isSending}>
        save token
      </Button>
    </form>
  );
}
