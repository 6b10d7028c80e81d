import { useState } from 'react';
import { Button, ConfirmDialog, InlineError } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { useUntrackFarm } from '../api/untrack-farm.ts';

/** 'untrack' on a tracked card, confirmed in a dialog that can also delete the pair's history. */
export function UntrackButton({
  farmAddress,
  walletAddress,
  pair,
}: {
  farmAddress: string;
  walletAddress: string;
  pair: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const [deleteHistory, setDeleteHistory] = useState(false);
  const untrack = useUntrackFarm();
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        untrack
      </Button>
      {isOpen ? (
        <ConfirmDialog
          title={`stop tracking ${pair}?`}
          confirmLabel="untrack"
          isBusy={untrack.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            untrack.mutate({ farmAddress, walletAddress, deleteHistory }, { onSuccess: () => setOpen(false) })
          }
          error={untrack.isError ? <InlineError title="untrack failed" error={untrack.error} /> : null}
        >
          <p>
            {pair} will no longer be tracked with {shortenAddress(walletAddress)}: no more automatic
            snapshots.
          </p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={deleteHistory}
              onChange={(e) => setDeleteHistory(e.target.checked)}
            />
            also delete its position history (otherwise it stays, and tracking it again shows it)
          </label>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
