import { useQueries } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { formatUsd, shortenAddress } from '../../../lib/format.ts';
import { chainHoldingsQueryOptions } from '../api/get-chains.ts';

/**
 * Each saved wallet on every chain at once: the sum of its holdings' totals on each chain read below, from the same
 * answers (cached: no request of its own), unknown when one chain's total is unknown or its read failed, never a
 * smaller sum. Each chain's part is named, so the whole is seen to be their sum.
 */
export function EveryChainTotal({
  chains,
  wallets,
}: {
  chains: readonly { chain_id: number; name: string }[];
  wallets: readonly Wallet[];
}) {
  const pairs = wallets.flatMap((wallet) => chains.map((chain) => ({ wallet, chain })));
  const answers = useQueries({
    queries: pairs.map(({ chain, wallet }) => chainHoldingsQueryOptions(chain.chain_id, wallet.address)),
  });
  if (chains.length < 2) return null;
  return (
    <section
      aria-label="every chain added up"
      className="space-y-1 text-sm text-slate-700 dark:text-slate-300"
    >
      {wallets.map((wallet) => {
        const parts = pairs.flatMap((pair, i) =>
          pair.wallet.id === wallet.id ? [{ ...pair, answer: answers[i]! }] : [],
        );
        if (parts.some((part) => part.answer.isPending)) {
          return <p key={wallet.id}>{shortenAddress(wallet.address)} on every chain: reading…</p>;
        }
        const totals = parts.map((part) => part.answer.data?.total_usd ?? null);
        const sum = totals.some((total) => total === null)
          ? null
          : (totals as number[]).reduce((a, b) => a + b, 0);
        return (
          <p key={wallet.id}>
            {shortenAddress(wallet.address)} on every chain: {formatUsd(sum)} (
            {parts.map((part, i) => `${part.chain.name} ${formatUsd(totals[i]!)}`).join(' + ')})
          </p>
        );
      })}
    </section>
  );
}
