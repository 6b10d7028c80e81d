import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, ConfirmDialog, ErrorBanner } from '../../../components/index.ts';
import { formatCount, shortenAddress } from '../../../lib/format.ts';
import { useRemoveWallet, useWalletRemovalPreview } from '../api/manage-wallets.ts';

/** 'remove wallet', confirmed in a dialog that says what will be deleted with it. */
export function RemoveWalletButton({ walletId, address }: { walletId: number; address: string }) {
  const [isOpen, setOpen] = useState(false);
  const preview = useWalletRemovalPreview(walletId, isOpen);
  const remove = useRemoveWallet();
  const navigate = useNavigate();
  const what = preview.data
    ? `its ${formatCount(preview.data.tracked_farms, 'tracked farm')} and ${formatCount(preview.data.position_snapshots, 'position snapshot')}`
    : 'its tracked farms and their position history';
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        remove wallet
      </Button>
      {isOpen ? (
        <ConfirmDialog
          title={`remove ${shortenAddress(address)}?`}
          confirmLabel="remove wallet"
          isBusy={remove.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            remove.mutate(walletId, {
              onSuccess: () => {
                setOpen(false);
                void navigate(paths.wallets.getHref('view'));
              },
            })
          }
          error={remove.isError ? <ErrorBanner messages={remove.error.message} /> : null}
        >
          <p>
            This deletes the wallet {shortenAddress(address)} from your account with {what}. Other users
            tracking the same address keep theirs.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
