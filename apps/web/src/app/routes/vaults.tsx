import { useQuery } from '@tanstack/react-query';
import { vaultsTool } from '@tidewatch/shared/vaults-tool';
import { Page } from '../../components/index.ts';
import { walletPositionsQueryOptions } from '../../features/v3-positions/api/get-wallet-positions.ts';
import { MerklRewardsLine } from '../../features/v3-positions/components/merkl-rewards.tsx';
import { VaultsList } from '../../features/vaults/components/vaults-list.tsx';
import { WalletConnectControl } from '../../lib/wallet/index.ts';

/**
 * The wallet's Merkl rewards beside its vault shares: Merkl pays the campaigns of vaults (ICHI's, Steer's,
 * Gamma's) to their share holders' wallets, per wallet and token, not per vault. The same figure the V3 positions
 * tool shows (one request, one function on the server), where they are claimed.
 */
function WalletMerkl({ walletAddress }: { walletAddress: string }) {
  const merkl = useQuery({ ...walletPositionsQueryOptions(walletAddress), select: (answer) => answer.merkl });
  if (!merkl.data) return null;
  return (
    <section aria-label="Merkl rewards of this wallet" className="space-y-1">
      <MerklRewardsLine merkl={merkl.data} />
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Merkl pays vault campaigns to the wallet (all of its QuickSwap campaigns together): claim them in the
        V3 positions tool
      </p>
    </section>
  );
}

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
          <VaultsList renderWalletExtras={(address) => <WalletMerkl walletAddress={address} />} />
        </section>
      </div>
    </Page>
  );
}
