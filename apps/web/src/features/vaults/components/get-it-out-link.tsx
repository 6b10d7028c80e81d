import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';

/**
 * 'get it out': the wallet's recovery plan with this vault (or the lair) ticked, where its steps (unstake with the
 * rewards, withdraw the shares; leave the lair) are shown with what each pays and run through the wallet.
 */
export function GetItOutLink({
  walletAddress,
  contract,
  label,
}: {
  walletAddress: string;
  contract: string;
  label: string;
}) {
  const href = `${paths.recovery.getHref(walletAddress)}?include_vaults=${contract}`;
  return (
    <Link
      to={href}
      aria-label={`get it out: ${label}`}
      className="text-xs text-sky-700 underline dark:text-sky-300"
    >
      get it out
    </Link>
  );
}
