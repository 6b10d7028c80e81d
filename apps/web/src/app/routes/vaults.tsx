import { vaultsTool } from '@tidewatch/shared/vaults-tool';
import { Page } from '../../components/index.ts';
import { VaultsList } from '../../features/vaults/components/vaults-list.tsx';
import { WalletConnectControl } from '../../lib/wallet/index.ts';

/**
 * /quickswap/vaults, the fourth tool (issue 45), laid out as the other three: heading, wallet connect control,
 * then each saved wallet's Dragon's Lair and syrup stakes.
 */
export function VaultsRoute() {
  return (
    <Page title={vaultsTool.toolHeading}>
      <div className="space-y-6">
        <WalletConnectControl />
        <section aria-label="lair and syrup stakes" className="space-y-3">
          <VaultsList />
        </section>
      </div>
    </Page>
  );
}
