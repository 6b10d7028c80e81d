import { useParams, useSearchParams } from 'react-router';
import { Page, PanelBoundary } from '../../components/index.ts';
import { WalletBooksDownload } from '../../features/books/components/wallet-books-download.tsx';
import { FindMyFarms } from '../../features/discovery/components/find-my-farms.tsx';
import { LazyPositionActions } from '../../features/farms/components/position-actions-lazy.tsx';
import { positionFromWalletFarm } from '../../features/farms/components/position-actions-position.ts';
import { ShortRewardsCaveat } from '../../features/farms/components/short-rewards-caveat.tsx';
import { CreateAddressSignup } from '../../features/wallets/components/create-address-signup.tsx';
import { WalletsScreen } from '../../features/wallets/components/wallets-screen.tsx';

/** /wallets/{action}/{walletId} and /wallets/{action}. */
export function WalletsRoute() {
  const { action, walletId } = useParams();
  return (
    <WalletsScreen
      action={action}
      walletId={walletId}
      walletActions={(wallet) => (
        <div className="space-y-4">
          <PanelBoundary name="books">
            <WalletBooksDownload walletAddress={wallet.address} />
          </PanelBoundary>
          <PanelBoundary name="find my farms">
            <FindMyFarms
              walletAddress={wallet.address}
              positionActions={(found, onFinished) => (
                <LazyPositionActions
                  position={positionFromWalletFarm(found, wallet.address)}
                  onFinished={onFinished}
                  isCaveatSaidAbove
                />
              )}
              actionsCaveat={(found) => (
                <ShortRewardsCaveat positions={found.map((f) => positionFromWalletFarm(f, wallet.address))} />
              )}
            />
          </PanelBoundary>
        </div>
      )}
    />
  );
}

/** /signup/create-address?address=…: open to visitors. */
export function SignupCreateAddressRoute() {
  const [searchParams] = useSearchParams();
  return (
    <Page width="narrow">
      <CreateAddressSignup suggestedAddress={searchParams.get('address') ?? undefined} />
    </Page>
  );
}
