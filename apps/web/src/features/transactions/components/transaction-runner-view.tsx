import type { SentTransactionKind } from '@tidewatch/shared/recovery';
import { Spinner } from '../../../components/index.ts';
import { useTransactionRun } from '../hooks/use-transaction-run.ts';
import { describeCall } from '../review-call.ts';
import { TransactionChainProvider } from '../transaction-chain.tsx';
import type { TransactionRunnerProps } from '../types.ts';
import { CallSummary } from './call-summary.tsx';
import { MinedPanel, NotSentPanel, ReplacementLine } from './outcome-panel.tsx';
import { PendingPanel } from './pending-panel.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { SignaturePanel } from './signature-panel.tsx';
import { WalletCheckPanel } from './wallet-check-panel.tsx';

/** What a reverting call's contract is, for 'the farm would revert: …'. */
const contractNoun: Record<SentTransactionKind, string> = {
  exit: 'farm',
  withdraw: 'farm',
  claim: 'farm',
  approve: 'token',
  remove_liquidity: 'router',
  leave_lair: "Dragon's Lair",
  convert_quick: 'converter',
  unstake_vault: 'MasterChef',
  withdraw_vault: 'vault',
  v3_collect: 'position manager',
  v3_claim_rewards: 'FarmingCenter',
  v3_leave_farming: 'FarmingCenter',
  v3_close: 'position manager',
  merkl_claim: 'Merkl distributor',
};

/** One transaction, from the wallet checks to its recorded receipt (see TransactionRunner). */
export function TransactionRunnerView(props: TransactionRunnerProps) {
  const { request, wallet } = props;
  const { state, check, confirm, retry, record, signature } = useTransactionRun(props);
  const requestDisplay = describeCall(request, null);

  const stage = (() => {
    switch (state.stage) {
      case 'preparing':
        if (signature && check.kind === 'ready')
          return <SignaturePanel display={requestDisplay} signature={signature} />;
        return check.kind === 'ready' ? (
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Spinner size="sm" label="" />
            simulating the transaction at the latest block…
          </p>
        ) : (
          <CallSummary display={requestDisplay} />
        );
      case 'reverts':
        return (
          <div className="space-y-2">
            <CallSummary display={requestDisplay} />
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              the {contractNoun[request.stepKind]} would revert: {state.reason}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">nothing was sent</p>
          </div>
        );
      case 'unavailable':
        return (
          <NotSentPanel message={`the transaction could not be checked: ${state.message}`} onRetry={retry} />
        );
      case 'review':
      case 'sending':
        return (
          <ReviewPanel
            review={state.review}
            polUsd={request.polUsd}
            isSending={state.stage === 'sending'}
            canConfirm={check.kind === 'ready'}
            onConfirm={() => void confirm()}
          />
        );
      case 'rejected':
        return <NotSentPanel message={state.message} onRetry={retry} />;
      case 'pending':
        return <PendingPanel pending={state.pending} waitProblem={state.waitProblem} />;
      case 'mined':
        return <MinedPanel state={state} record={record} />;
      case 'cancelled':
        return (
          <div className="space-y-2">
            <ReplacementLine replacement={state.replacement} />
            <NotSentPanel message="nothing was done: the step can run again" onRetry={retry} />
          </div>
        );
    }
  })();

  return (
    <TransactionChainProvider chainId={request.chainId}>
      <section
        aria-label={`transaction ${request.functionSignature} on ${request.contractLabel}`}
        className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      >
        {check.kind === 'ready' || state.stage === 'mined' ? null : (
          <WalletCheckPanel check={check} wallet={wallet} />
        )}
        {stage}
      </section>
    </TransactionChainProvider>
  );
}
