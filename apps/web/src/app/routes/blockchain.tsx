import { useParams } from 'react-router';
import { BlockchainScreen } from '../../features/blockchain/components/blockchain-screen.tsx';
import { TrackedFarmsOnChain } from '../../features/farms/components/lp-summary.tsx';
import { WalletList } from '../../features/wallets/components/wallet-list.tsx';

/** /blockchain/{chainId}: the chain, the user's wallets on it and the farms tracked on it. */
export function BlockchainRoute() {
  const { chainId = '' } = useParams();
  const numericId = /^\d+$/.test(chainId) ? Number(chainId) : Number.NaN;
  return (
    <BlockchainScreen
      chainId={chainId}
      wallets={<WalletList chainId={numericId} emptyText="you have no wallets on this blockchain" />}
      farms={Number.isNaN(numericId) ? undefined : <TrackedFarmsOnChain chainId={numericId} />}
    />
  );
}
