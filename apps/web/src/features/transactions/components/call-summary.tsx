import { formatTokenAmount } from '@tidewatch/shared/amounts';
import type { TokenAmount } from '@tidewatch/shared/recovery';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../lib/format.ts';
import { explorerAddressUrl } from '../format-gas.ts';
import { useTransactionChain } from '../transaction-chain.tsx';
import type { CallDisplay } from '../transaction-state.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-3 gap-y-1">
      <dt className="w-24 shrink-0 text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ReceivedAmount({ amount }: { amount: TokenAmount }) {
  return (
    <li className="tabular-nums">
      {formatTokenAmount(amount.amount)} {amount.symbol} (
      {amount.usd === null ? 'price unknown' : formatUsd(amount.usd)})
    </li>
  );
}

/**
 * What a transaction does, before anything is signed: the contract (its name and address), the function,
 * what arrives in the wallet, and whatever the caller adds (the gas).
 */
export function CallSummary({ display, children }: { display: CallDisplay; children?: ReactNode }) {
  const chain = useTransactionChain();
  return (
    <dl className="space-y-1.5 text-sm">
      <Row term="contract">
        {display.contractLabel}
        {display.address ? (
          <>
            {' '}
            <a
              href={explorerAddressUrl(display.address, chain.explorerUrl)}
              target="_blank"
              rel="noreferrer"
              className="font-mono text-xs text-sky-700 hover:underline dark:text-sky-300"
            >
              {display.address}
            </a>
          </>
        ) : null}
      </Row>
      <Row term="function">
        <code className="font-mono">{display.functionSignature}</code>
      </Row>
      <Row term="you receive">
        {display.receives.length === 0 ? (
          'no tokens'
        ) : (
          <ul aria-label="you receive">
            {display.receives.map((amount) => (
              <ReceivedAmount key={amount.address} amount={amount} />
            ))}
          </ul>
        )}
      </Row>
      {children}
    </dl>
  );
}

/** A term and value in the same list (the gas line). */
export { Row as SummaryRow };
