import { useParams } from 'react-router';
import { PlaceholderScreen } from '../../components/index.ts';

// Stand-ins for screens later changes fill (wallets, farms, LP tools, blockchain). Each names its screen.

export function DashboardRoute() {
  return (
    <PlaceholderScreen title="dashboard">Your wallets and farms will be summarised here.</PlaceholderScreen>
  );
}

export function WalletsRoute() {
  const { action, walletId } = useParams();
  return (
    <PlaceholderScreen title="Wallets">
      {action === 'view' && walletId ? `wallet ${walletId}` : (action ?? 'default')}
    </PlaceholderScreen>
  );
}

export function SignupCreateAddressRoute() {
  return <PlaceholderScreen title="create an account from your wallet address" />;
}

export function BlockchainRoute() {
  const { chainId } = useParams();
  return <PlaceholderScreen title="blockchain">chain id {chainId}</PlaceholderScreen>;
}

export function LpMiningRoute() {
  return <PlaceholderScreen title="liquidity-pool tool" />;
}

export function DualMiningRoute() {
  return <PlaceholderScreen title="dual-mining tool" />;
}

export function FarmDetailsRoute() {
  const { farmAddress } = useParams();
  return <PlaceholderScreen title="farm details">{farmAddress}</PlaceholderScreen>;
}

export function FarmRoute() {
  const { farmAddress } = useParams();
  return <PlaceholderScreen title="farm">{farmAddress}</PlaceholderScreen>;
}

export function LpToolsRoute() {
  return <PlaceholderScreen title="LP tools" />;
}
