import type { V3Position, V3WalletPositions } from '@tidewatch/shared/v3-positions';
import { useEffect, useId, useState } from 'react';
import { Button, Spinner } from '../../../components/index.ts';
import {
  BatchRunner,
  hasPendingBatch,
  hasPendingTransaction,
  SlippageSetting,
  type TransactionOutcome,
  type TransactionRequest,
  TransactionRunner,
  useAtomicBatchSupport,
  useSlippage,
} from '../../transactions/index.ts';

export type V3Action = 'collect' | 'claim' | 'leave' | 'close';

export type ActionRunProps = {
  action: V3Action;
  position: V3Position;
  walletAddress: string;
  contracts: V3WalletPositions['contracts'];
  onFinished(outcome: TransactionOutcome): void;
  onClose(): void;
};

const isWNative = (address: string, contracts: ActionRunProps['contracts']) =>
  address.toLowerCase() === contracts.wnative.toLowerCase();

/** The steps an action takes: closing a farmed position leaves farming first (its own transaction). */
async function buildRequests(
  props: ActionRunProps,
  options: { receiveNative: boolean; slippageBps: number },
): Promise<TransactionRequest[]> {
  // The builders and viem come with this chunk, when the person first opens an action.
  const requests = await import('../actions/action-requests.ts');
  const { actionContracts } = await import('../actions/action-position.ts');
  const ctx = { position: props.position, contracts: actionContracts(props.contracts), polUsd: null };
  switch (props.action) {
    case 'collect':
      return [requests.collectFeesRequest(ctx, options.receiveNative)];
    case 'claim':
      return [requests.claimRewardsRequest(ctx)];
    case 'leave':
      return [requests.leaveFarmingRequest(ctx)];
    case 'close': {
      const close = requests.closePositionRequest(ctx, options);
      return props.position.is_farmed ? [requests.leaveFarmingRequest(ctx), close] : [close];
    }
  }
}

const stepNames: Record<string, string> = {
  v3_collect: 'collect fees',
  v3_claim_rewards: 'claim rewards',
  v3_leave_farming: 'leave farming',
  v3_close: 'close position',
};

/**
 * One action on a V3 position: its options (receive POL instead of WPOL; for closing, the slippage, 0.5 % by
 * default, above 5 % only once accepted again), then each of its steps in the transaction runner, the next once
 * the one before is confirmed. A step sent earlier and still pending opens at once and follows its hash.
 */
export function ActionRun(props: ActionRunProps) {
  const { action, position, walletAddress, contracts } = props;
  const checkboxId = useId();
  const involvesNative =
    isWNative(position.pool.token0.address, contracts) || isWNative(position.pool.token1.address, contracts);
  const [receiveNative, setReceiveNative] = useState(false);
  const slippage = useSlippage();
  const [requests, setRequests] = useState<TransactionRequest[] | null>(null);
  const [step, setStep] = useState(0);
  const [isBuilding, setIsBuilding] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const isSlippageReady = slippage.readyBps !== null;
  // Leaving farming and closing in one prompt, when the wallet runs several calls all or nothing (EIP-5792).
  const canBatch =
    useAtomicBatchSupport(walletAddress as `0x${string}`) && action === 'close' && position.is_farmed;
  const batchKey = `v3_leave_and_close:${position.token_id}`;
  const [isBatch, setIsBatch] = useState(false);

  const review = async (asBatch = false) => {
    if (slippage.readyBps === null) return;
    setIsBuilding(true);
    setBuildError(null);
    try {
      const built = await buildRequests(props, { receiveNative, slippageBps: slippage.readyBps });
      // A step sent earlier and still waiting for its receipt is where the run resumes.
      const pending = built.findIndex(
        (request) => request.key && hasPendingTransaction(walletAddress, request.key),
      );
      setStep(Math.max(0, pending));
      setIsBatch(asBatch);
      setRequests(built);
    } catch (error) {
      setBuildError(error instanceof Error ? error.message : 'the action could not be prepared');
    } finally {
      setIsBuilding(false);
    }
  };

  // An action with nothing to choose goes straight to its review; a send of this position waiting for its receipt
  // (a reload) resumes without asking for options.
  const hasOptions = action === 'close' || (action === 'collect' && involvesNative);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the run opens.
  useEffect(() => {
    const isResuming = ['v3_collect', 'v3_claim_rewards', 'v3_leave_farming', 'v3_close'].some((kind) =>
      hasPendingTransaction(walletAddress, `${kind}:${position.token_id}`),
    );
    if (hasPendingBatch(walletAddress, batchKey)) void review(true);
    else if (isResuming || !hasOptions) void review();
  }, []);

  const current = requests?.[step];
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      {requests === null && !hasOptions && buildError === null ? (
        <Spinner label="preparing" />
      ) : requests === null ? (
        <div className="space-y-2">
          {action === 'close' ? (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                closing takes out all the liquidity, collects everything and burns the position
                {position.is_farmed ? ': it leaves farming first (a transaction of its own)' : ''}
              </p>
              <SlippageSetting {...slippage.settingProps} />
            </>
          ) : null}
          {involvesNative && (action === 'collect' || action === 'close') ? (
            <div className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                id={checkboxId}
                type="checkbox"
                checked={receiveNative}
                onChange={(event) => setReceiveNative(event.target.checked)}
              />
              <label htmlFor={checkboxId}>receive POL instead of WPOL</label>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={!isSlippageReady}
              isLoading={isBuilding}
              onClick={() => void review()}
            >
              {canBatch ? 'review step by step' : 'review'}
            </Button>
            {canBatch ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={!isSlippageReady}
                onClick={() => void review(true)}
              >
                leave farming and close in one prompt
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={props.onClose}>
              cancel
            </Button>
          </div>
          {buildError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {buildError}
            </p>
          ) : null}
        </div>
      ) : isBatch ? (
        <div className="space-y-2">
          <BatchRunner
            wallet={walletAddress as `0x${string}`}
            requests={requests}
            batchKey={batchKey}
            polUsd={null}
            onFinished={props.onFinished}
          />
          <Button size="sm" variant="ghost" onClick={props.onClose}>
            close
          </Button>
        </div>
      ) : current ? (
        <div className="space-y-2">
          {requests.length > 1 ? (
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
              step {step + 1} of {requests.length}: {stepNames[current.stepKind] ?? current.stepKind}
            </p>
          ) : null}
          <TransactionRunner
            key={current.key}
            wallet={walletAddress as `0x${string}`}
            request={current}
            onFinished={(outcome) => {
              props.onFinished(outcome);
              if (outcome === 'confirmed' && step + 1 < requests.length) setStep(step + 1);
            }}
          />
          <Button size="sm" variant="ghost" onClick={props.onClose}>
            close
          </Button>
        </div>
      ) : (
        <Spinner label="preparing" />
      )}
    </div>
  );
}
