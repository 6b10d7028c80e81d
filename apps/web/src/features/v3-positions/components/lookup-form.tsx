import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ErrorBanner, TextField } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useLookupPosition } from '../api/lookup-position.ts';

export type LookupFormProps = {
  /** Where the found position opens: its page under the tool, or its view in the LP tools. */
  hrefOf: (tokenId: string) => string;
};

/**
 * Opens any position by a pasted id or its QuickSwap link (public data: no wallet or account needed). The
 * server reads the id out of the text, so every link shape it knows works here too.
 */
export function LookupForm({ hrefOf }: LookupFormProps) {
  const [query, setQuery] = useState('');
  const lookup = useLookupPosition();
  const navigate = useNavigate();
  const queryError = fieldError(lookup.error, 'body.query');
  function submit(event: FormEvent) {
    event.preventDefault();
    lookup.mutate(query.trim(), { onSuccess: (tokenId) => navigate(hrefOf(tokenId)) });
  }
  return (
    <form aria-label="open a position" onSubmit={submit} className="space-y-2">
      <TextField
        label="position id or link"
        hint="a position's id (e.g. 4021) or its QuickSwap link (…#/pool/4021)"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        errorMessage={queryError}
      />
      <Button type="submit" size="sm" isLoading={lookup.isPending} disabled={query.trim() === ''}>
        open position
      </Button>
      {lookup.isError && !queryError ? <ErrorBanner messages={lookup.error.message} /> : null}
    </form>
  );
}
