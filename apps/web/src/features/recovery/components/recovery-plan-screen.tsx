import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecoveryPlan, RecoveryStep } from '@tidewatch/shared/recovery';
import { DEFAULT_SLIPPAGE_BPS } from '@tidewatch/shared/recovery-calls';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, InfoBanner, InlineError, Page, PanelBoundary, Spinner } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { SlippageSetting, useSlippage } from '../../transactions/index.ts';
import { recoveryPlanQueryOptions } from '../api/get-recovery-plan.ts';
import { PlanHoldings } from './plan-holdings.tsx';
import { PlanSteps, type StepActions } from './plan-steps.tsx';
import { VaultChoice } from './vault-choice.tsx';
import { WalletLpChoice } from './wallet-lp-choice.tsx';

/** How a step's run ended (the transactions feature's outcome). */
type RunOutcome = 'confirmed' | 'failed' | 'rejected';

/** One step to run, as the app layer's runner takes it. */
export type StepRun = {
  /** The plan's step; null for a transaction sent earlier whose step the plan no longer lists. */
  step: RecoveryStep | null;
  /** The key its pending hash is kept under (the step's id). */
  stepKey: string;
  plan: RecoveryPlan;
  slippageBps: number;
  /** Counts the runs on this screen: a step run again (same id) is a new run, keyed by `${step.id}:${runId}`. */
  runId: number;
  onFinished: (outcome: RunOutcome) => void;
};

/** The whole plan in one wallet prompt (issue 46): the batch runner's inputs. */
export type BatchRun = {
  plan: RecoveryPlan;
  slippageBps: number;
  runId: number;
  onFinished: (outcome: RunOutcome) => void;
};

export type RecoveryPlanScreenProps = {
  walletAddress: string;
  /**
   * The wallet runs several calls in one prompt (EIP-5792), and how the whole plan is drawn as one batch (composed
   * in the app layer); absent: steps run one by one only.
   */
  batch?:
    | {
        isSupported: boolean;
        /** A batch of this plan was sent and not yet recorded: it is followed again on load. */
        isPending: boolean;
        render: (run: BatchRun) => ReactNode;
      }
    | undefined;
  /** Draws the transaction runner for a step (composed in the app layer, decision 018). */
  renderStepRunner: (run: StepRun) => ReactNode;
  /** The keys of the steps whose transaction was sent and is not yet recorded: each is followed on load. */
  listPendingSteps: () => string[];
};

/** Steps whose call takes minimum amounts from the person's slippage: removing liquidity, withdrawing a vault. */
const isSlippageBound = (step: RecoveryStep) =>
  step.kind === 'remove_liquidity' || step.kind === 'withdraw_vault';

export const watchOnlyText =
  'this is a watch-only wallet: prove you own it on the wallets page to run these steps';

/**
 * 'get it out' (issue 33, item 3): everything a wallet left in ended farms and the steps that turn it back into
 * tokens, with amounts, USD and gas per step and in total. The person runs the first ready step (one wallet
 * prompt); after each the plan is read again from the chain, so they can stop and come back. LP the wallet
 * holds outside a farm is listed apart and joins the plan only for the pairs ticked (issue 42, finding 7).
 */
export function RecoveryPlanScreen({
  walletAddress,
  renderStepRunner,
  listPendingSteps,
  batch,
}: RecoveryPlanScreenProps) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  // A vault or the lair named in the link (the vaults tool's 'get it out') starts ticked.
  const [searchParams] = useSearchParams();
  const [tickedVaults, setTickedVaults] = useState<ReadonlySet<string>>(
    () => new Set(searchParams.get('include_vaults')?.toLowerCase().split(',').filter(Boolean) ?? []),
  );
  // The plan with the ticked pairs is a new read: the last plan stays on screen meanwhile, its steps not runnable.
  const query = useQuery({
    ...recoveryPlanQueryOptions(walletAddress, [...ticked], [...tickedVaults]),
    placeholderData: keepPreviousData,
  });
  const [run, setRun] = useState<Omit<StepRun, 'onFinished'> | null>(null);
  const [batchRun, setBatchRun] = useState<Omit<BatchRun, 'onFinished'> | null>(null);
  const [isRunFinished, setIsRunFinished] = useState(true);
  const slippage = useSlippage();
  const plan = query.data;

  // Each step sent before a reload (or while the network was down) is followed again from its hash, once per
  // page: listed in the plan or not (one mined while the page was closed is gone from it, yet unrecorded).
  const followed = useRef(new Set<string>());
  useEffect(() => {
    if (!plan || !isRunFinished) return;
    const stepKey = listPendingSteps().find((key) => !followed.current.has(key));
    if (stepKey === undefined) return;
    followed.current.add(stepKey);
    const step = plan.steps.find((candidate) => candidate.id === stepKey) ?? null;
    setRun((last) => ({
      step,
      stepKey,
      plan,
      slippageBps: DEFAULT_SLIPPAGE_BPS,
      runId: (last?.runId ?? 0) + 1,
    }));
    setIsRunFinished(false);
  }, [plan, isRunFinished, listPendingSteps]);

  // A batch sent before a reload is followed again from its id, once.
  const isBatchPending = batch?.isPending === true;
  useEffect(() => {
    if (!plan || !isBatchPending) return;
    setBatchRun((last) => last ?? { plan, slippageBps: DEFAULT_SLIPPAGE_BPS, runId: 1 });
    setIsRunFinished(false);
  }, [plan, isBatchPending]);

  const title = 'get it out';
  const description = `what ${shortenAddress(walletAddress)} left in ended farms, and the steps that bring it back`;
  if (query.isPending) {
    return (
      <Page title={title} description={description}>
        <Spinner label="loading the recovery plan" />
      </Page>
    );
  }
  // A plan read again after a step that fails keeps the plan last read, and the step's result with it
  // (issue 43, finding 5): only a first read that fails is the error page.
  if (query.isError && query.data === undefined) {
    return (
      <Page title={title} description={description}>
        <InlineError
          title="could not load the recovery plan"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Page>
    );
  }
  const data = query.data;
  const refreshError = query.isError ? (
    <InlineError
      title="could not read the recovery plan again: this is the plan as last read"
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  ) : null;
  const isEmpty = data.steps.length === 0;

  const actions: StepActions = {
    runnableStepId:
      isRunFinished && !query.isPlaceholderData
        ? (data.steps.find((step) => step.is_ready)?.id ?? null)
        : null,
    disabledReason: (step) => {
      if (data.is_watch_only) return watchOnlyText;
      return isSlippageBound(step) ? slippage.blocker : null;
    },
    onRun: (step) => {
      if (slippage.readyBps === null && isSlippageBound(step)) return;
      followed.current.add(step.id);
      setRun({
        step,
        stepKey: step.id,
        plan: data,
        slippageBps: slippage.readyBps ?? DEFAULT_SLIPPAGE_BPS,
        runId: (run?.runId ?? 0) + 1,
      });
      setIsRunFinished(false);
    },
  };
  const toggle = (last: ReadonlySet<string>, key: string) => {
    const next = new Set(last);
    if (!next.delete(key)) next.add(key);
    return next;
  };
  const toggleWalletLp = (pair: string) => setTicked((last) => toggle(last, pair));
  const toggleVault = (contract: string) => setTickedVaults((last) => toggle(last, contract));
  const onFinished = (outcome: RunOutcome) => {
    setIsRunFinished(true);
    // A mined transaction changed the wallet: the plan is computed again from the chain.
    if (outcome !== 'rejected') void query.refetch();
  };
  const batchDisabledReason = data.is_watch_only
    ? watchOnlyText
    : data.steps.some(isSlippageBound) && slippage.blocker !== null
      ? 'set and accept the slippage first'
      : null;
  const runAll = () => {
    if (batchDisabledReason !== null) return;
    setRun(null);
    setIsRunFinished(false);
    setBatchRun({
      plan: data,
      slippageBps: slippage.readyBps ?? DEFAULT_SLIPPAGE_BPS,
      runId: (batchRun?.runId ?? 0) + 1,
    });
  };

  return (
    <Page title={title} description={description}>
      <div className="space-y-6">
        {refreshError}
        {data.is_watch_only ? (
          <InfoBanner
            messages={
              <>
                {watchOnlyText} (<Link to={paths.wallets.getHref('view')}>wallets page</Link>)
              </>
            }
          />
        ) : null}
        {data.index.is_stale && data.index.refreshed_at ? (
          <p className="text-xs text-slate-500">
            the farm index was last refreshed on {data.index.refreshed_at.slice(0, 10)}: farms found since are
            not in this plan
          </p>
        ) : null}
        <PlanHoldings plan={data} />
        <WalletLpChoice plan={data} ticked={ticked} onToggle={toggleWalletLp} />
        <VaultChoice plan={data} ticked={tickedVaults} onToggle={toggleVault} />
        {run ? (
          <PanelBoundary name="running step">{renderStepRunner({ ...run, onFinished })}</PanelBoundary>
        ) : null}
        {isEmpty ? null : (
          <>
            {data.steps.some(isSlippageBound) ? <SlippageSetting {...slippage.settingProps} /> : null}
            {batch?.isSupported && data.steps.length > 1 && isRunFinished ? (
              <div className="space-y-1">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={batchDisabledReason !== null}
                  onClick={runAll}
                >
                  run every step in one wallet prompt
                </Button>
                {batchDisabledReason ? (
                  <p className="text-xs text-slate-600 dark:text-slate-400">{batchDisabledReason}</p>
                ) : null}
              </div>
            ) : null}
            {batch && batchRun ? (
              <PanelBoundary name="running every step">
                {batch.render({
                  ...batchRun,
                  onFinished: (outcome) => {
                    onFinished(outcome);
                    if (outcome !== 'confirmed') return;
                    setBatchRun(null);
                  },
                })}
              </PanelBoundary>
            ) : null}
            <PlanSteps plan={data} actions={actions} />
          </>
        )}
        {isEmpty ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            nothing left in ended farms for this wallet
          </p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          the gas these steps paid, with the wallet's income, deposits and withdrawals per year:{' '}
          <Link to={paths.books.getHref(walletAddress)} className="text-sky-700 underline dark:text-sky-300">
            books
          </Link>
        </p>
      </div>
    </Page>
  );
}
