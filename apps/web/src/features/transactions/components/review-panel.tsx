import { Button } from '../../../components/index.ts';
import { formatGas } from '../format-gas.ts';
import { useTransactionChain } from '../transaction-chain.tsx';
import type { Review } from '../transaction-state.ts';
import { CallSummary, SummaryRow } from './call-summary.tsx';

export type ReviewPanelProps = {
  review: Review;
  polUsd: number | null;
  /** The wallet's prompt is open. */
  isSending: boolean;
  /** False while the wallet checks fail (another account, another network): nothing can be sent. */
  canConfirm: boolean;
  onConfirm: () => void;
};

/** The simulated call and its gas, then 'confirm in wallet' (the one prompt). */
export function ReviewPanel({ review, polUsd, isSending, canConfirm, onConfirm }: ReviewPanelProps) {
  const chain = useTransactionChain();
  return (
    <div className="space-y-3">
      <CallSummary display={review.display}>
        <SummaryRow term="gas">
          about {formatGas(review.gasUnits, review.gasPriceWei, polUsd, chain.nativeSymbol)}
        </SummaryRow>
      </CallSummary>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        simulated from your account at the latest block: it does not revert
      </p>
      <Button size="sm" isLoading={isSending} disabled={!canConfirm} onClick={onConfirm}>
        {isSending ? 'confirm in MetaMask…' : 'confirm in wallet'}
      </Button>
    </div>
  );
}
