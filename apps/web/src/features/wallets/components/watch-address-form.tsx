import { type FormEvent, useState } from 'react';
import { Button, ErrorBanner, SuccessBanner, TextField } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { useWatchWallet } from '../api/manage-wallets.ts';

/**
 * Adds an address to follow without signing: tracking and 'find my farms' work with it; it is marked
 * watch-only wherever it shows. The server refuses contracts and more than 20.
 */
export function WatchAddressForm() {
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const watch = useWatchWallet();
  const fieldError =
    watch.error && 'details' in watch.error
      ? (watch.error as { details?: { field: string; message: string }[] }).details
      : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    watch.mutate(
      { address: address.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: () => {
          setAddress('');
          setName('');
        },
      },
    );
  }
  return (
    <form
      aria-label="add a watch-only address"
      onSubmit={submit}
      className="mt-4 space-y-2 border-t border-slate-100 pt-4 dark:border-slate-800"
    >
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">add a watch-only address</h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        follow any address without signing: for tracking and finding its farms
      </p>
      <TextField
        label="address"
        placeholder="0x…"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        errorMessage={fieldError?.find((d) => d.field === 'body.address')?.message}
      />
      <TextField
        label="name (optional)"
        value={name}
        maxLength={40}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" size="sm" isLoading={watch.isPending} disabled={address.trim() === ''}>
        watch address
      </Button>
      {watch.isSuccess ? <SuccessBanner messages={`watching ${shortenAddress(watch.data.address)}`} /> : null}
      {watch.isError && !fieldError?.length ? <ErrorBanner messages={watch.error.message} /> : null}
    </form>
  );
}
