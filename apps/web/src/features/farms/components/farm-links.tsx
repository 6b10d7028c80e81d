import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { quickswapFarmPageUrl, quickswapV2FarmsNote } from '@tidewatch/shared/quickswap-links';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import type { AnyFarmListItem } from '../api/get-farms.ts';

const linkClass = 'text-sky-700 hover:underline dark:text-sky-300';

const polygonscanAddressUrl = (address: string) => `https://polygonscan.com/address/${address}`;

/** A link that leaves the app: a new tab, without handing the other site a reference back. */
function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noreferrer" className={linkClass}>
        {children}
      </a>
    </li>
  );
}

/** Links for a farm: its detail page (optional), polygonscan for farm and pool, the farm on quickswap. */
export function FarmLinks({
  kind,
  item,
  showDetails = true,
}: {
  kind: FarmKind;
  item: Pick<AnyFarmListItem, 'farm' | 'pool'>;
  showDetails?: boolean;
}) {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {showDetails ? (
        <li>
          <Link
            to={paths.farmDetails.getHref(kind, item.farm.address)}
            className={`font-medium ${linkClass}`}
          >
            View Farm
          </Link>
        </li>
      ) : null}
      {showDetails && kind === 'dual' ? (
        <li>
          <Link
            to={paths.farm.getHref(item.farm.address)}
            className="rounded-md px-2 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:text-slate-300 dark:ring-slate-600 dark:hover:bg-slate-800/60"
          >
            view
          </Link>
        </li>
      ) : null}
      <ExternalLink href={polygonscanAddressUrl(item.farm.address)}>farm on polygonscan</ExternalLink>
      <ExternalLink href={polygonscanAddressUrl(item.pool.address)}>pool on polygonscan</ExternalLink>
      <ExternalLink href={quickswapFarmPageUrl}>{`QuickSwap farms (${quickswapV2FarmsNote})`}</ExternalLink>
    </ul>
  );
}
