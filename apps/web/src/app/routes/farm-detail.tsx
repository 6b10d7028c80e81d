import { useParams } from 'react-router';
import { FarmDetailScreen } from '../../features/farms/components/farm-detail.tsx';

// Apart from the tool screens (farm-tools.tsx), so a farm's page does not load the import wizard and its
// realtime client (decision 016).

/** /quickswap/{kind's route segment}/details/{farmAddress}. */
export function FarmDetailsRoute() {
  const { farmAddress = '' } = useParams();
  return <FarmDetailScreen key={farmAddress} farmAddress={farmAddress} />;
}

/** /farm/{farmAddress}: needs the connected wallet. */
export function FarmRoute() {
  const { farmAddress = '' } = useParams();
  return <FarmDetailScreen key={farmAddress} farmAddress={farmAddress} requiresWallet />;
}
