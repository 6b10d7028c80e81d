import { Spinner } from '../../../components/index.ts';
import { explorerTransactionUrl } from '../format-gas.ts';
import type { PendingTransaction } from '../pending-store.ts';
import { useTransactionChain } from '../transaction-chain.tsx';

/** A link to a transaction on its chain's explorer (polygonscan, basescan), its hash as the text. */
export function TransactionLink({ hash }: { hash: string }) {
  const chain = useTransactionChain();
  return (
    <a
      href={explorerTransactionUrl(hash, chain.explorerUrl)}
      target="_blank"
      rel="noreferrer"
      className="font-mono text-xs wrap-anywhere text-sky-700 hover:underline dark:text-sky-300"
    >
      {hash}
    </a>
  );
}

/** Sent and waiting for a receipt; the hash stays in the browser, so leaving the page loses nothing. */
export function PendingPanel({
  pending,
  waitProblem,
}: {
  pending: PendingTransaction;
  waitProblem: string | null;
}) {
  return (
    <div className="space-y-2 text-sm">
      <p className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
        <Spinner size="sm" label="" />
        pending: waiting for the transaction to be mined
      </p>
      <p>
        <TransactionLink hash={pending.hash} />
      </p>
      {waitProblem ? <p className="text-amber-800 dark:text-amber-200">{waitProblem}</p> : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        you can leave this page: the wait resumes from this hash when you come back
      </p>
    </div>
  );
}
