import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTokenAmount } from '@tidewatch/shared/amounts';
import { type FormEvent, useMemo, useState } from 'react';
import { Button, TextField } from '../../../components/index.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import { polPriceQueryOptions } from '../../recovery/api/get-pol-price.ts';
import { AccessNote, usePositionActionsAccess } from '../../transactions/index.ts';
import { farmKeys } from '../api/keys.ts';
import { checkWithdrawAmount, decimalToRaw, lpDecimals } from './position-actions-amount.ts';
import { refuseUnindexedFarm } from './position-actions-farm-index.ts';
import {
  type ActionPosition,
  hasRewards as rewardsIn,
  hasStake as stakeIn,
} from './position-actions-position.ts';
import { buildPositionRequest, type PositionAction, positionStepId } from './position-actions-request.ts';
import {
  hasPendingTransaction,
  type TransactionOutcome,
  type TransactionRequest,
  TransactionRunner,
} from './position-actions-runner.ts';
import { ShortRewardsNote } from './short-rewards-caveat.tsx';

export type PositionActionsProps = {
  position: ActionPosition;
  /**
   * A run ended (confirmed, failed or rejected). The farm views and 'left in ended farms' are read again
   * here; a screen with data of its own (find my farms) reads it again in this callback.
   */
  onFinished?(outcome: TransactionOutcome): void;
  /** In a list, the caveat about farms short of rewards is said once above it (ShortRewardsCaveat). */
  isCaveatSaidAbove?: boolean;
};

/**
 * Issue 33, item 1: 'claim rewards' (`getReward()`), 'withdraw' an amount (`withdraw(uint256)`) and
 * 'withdraw all and claim' (`exit()`) on a position, for a wallet the user proved with a signature and that
 * is the account connected in MetaMask. The runner (loaded on first use, with wagmi) shows what arrives, the
 * gas (in POL, and in USD once POL's price is known) and the contract before the wallet asks. Renders
 * nothing for an address that is not the user's, or a position with neither stake nor rewards.
 */
export function PositionActions({ position, onFinished, isCaveatSaidAbove = false }: PositionActionsProps) {
  const access = usePositionActionsAccess(position.walletAddress);
  const queryClient = useQueryClient();
  // POL's price for the gas line, asked only for the user's own wallets; while unknown (loading, failed,
  // or no route prices it) the gas shows in POL only.
  const polPrice = useQuery({ ...polPriceQueryOptions(), enabled: access.state !== 'hidden' });
  const polUsd = polPrice.data?.usd ?? null;
  const [request, setRequest] = useState(() => resumedRequest(position));
  // The price as it is now: one that arrives after the run opened still reaches the gas line.
  const runRequest = useMemo(
    () => (request && request.polUsd !== polUsd ? { ...request, polUsd } : request),
    [request, polUsd],
  );
  const [isWithdrawOpen, setIsWithdrawOpen] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const hasStake = stakeIn(position);
  const hasRewards = rewardsIn(position);
  // Once a run has opened, it stays until closed, even when the position read again is empty.
  if (access.state === 'hidden' || (!request && !hasStake && !hasRewards)) return null;

  const isReady = access.state === 'ready';
  const finished = (outcome: TransactionOutcome) => {
    // A mined transaction (confirmed, or reverted for its gas) changed the wallet: every farm view and the
    // dashboard's 'left in ended farms' are read again. A rejected prompt changed nothing.
    if (outcome !== 'rejected') {
      void queryClient.invalidateQueries({ queryKey: farmKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeyRoots.leftInEndedFarms });
    }
    onFinished?.(outcome);
  };
  const open = async (action: PositionAction, withdrawRaw?: bigint) => {
    setIsWithdrawOpen(false);
    setRefusal(null);
    setIsChecking(true);
    // Only a farm the index verified is sent to: the server records nothing else (after the gas is paid).
    const refused = await refuseUnindexedFarm(position.farmAddress).catch(
      (error: unknown) =>
        `the farm index could not be read: ${error instanceof Error ? error.message : 'try again'}`,
    );
    setIsChecking(false);
    if (refused) setRefusal(refused);
    else setRequest(buildPositionRequest({ action, position, withdrawRaw, polUsd }));
  };
  const close = () => {
    setRequest(null);
    setIsWithdrawOpen(false);
  };

  return (
    <section aria-label="actions on this position" className="mt-3 space-y-2">
      <AccessNote
        access={access}
        walletAddress={position.walletAddress}
        purpose={{ needs: 'claiming and withdrawing need', action: 'claim or withdraw' }}
      />
      {runRequest ? (
        <div className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <TransactionRunner
            wallet={position.walletAddress as `0x${string}`}
            request={runRequest}
            onFinished={finished}
          />
          <Button size="sm" variant="ghost" onClick={close}>
            close
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={!isReady || !hasRewards || isChecking}
              title={isReady && !hasRewards ? 'no rewards to claim' : undefined}
              onClick={() => void open('claim')}
            >
              claim rewards
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!isReady || !hasStake}
              title={isReady && !hasStake ? 'nothing staked' : undefined}
              aria-expanded={isWithdrawOpen}
              onClick={() => setIsWithdrawOpen((isOpen) => !isOpen)}
            >
              withdraw
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!isReady || !hasStake || isChecking}
              title={isReady && !hasStake ? 'nothing staked' : undefined}
              onClick={() => void open('exit')}
            >
              withdraw all and claim
            </Button>
          </div>
          {isReady && isWithdrawOpen ? (
            <WithdrawAmountForm staked={position.staked} onReview={(raw) => void open('withdraw', raw)} />
          ) : null}
          {refusal ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {refusal}
            </p>
          ) : null}
          {isReady && hasStake && hasRewards && !isCaveatSaidAbove ? <ShortRewardsNote /> : null}
        </>
      )}
    </section>
  );
}

/**
 * A transaction of this position sent earlier and still without a receipt (a reload, a closed tab): its
 * runner opens again and resumes the wait from the kept hash, never sending twice. A withdrawal's amount is
 * not kept; the runner only follows the hash, so the stake stands in for it.
 */
function resumedRequest(position: ActionPosition): TransactionRequest | null {
  const stakedRaw = decimalToRaw(position.staked, lpDecimals);
  const actions: PositionAction[] = ['exit', 'withdraw', 'claim'];
  const pending = actions.find((action) =>
    hasPendingTransaction(position.walletAddress, positionStepId(action, position.farmAddress)),
  );
  if (!pending || (pending === 'withdraw' && stakedRaw === 0n)) return null;
  const withdrawRaw = pending === 'withdraw' ? stakedRaw : undefined;
  // POL's price is filled in when the runner is drawn.
  return buildPositionRequest({ action: pending, position, withdrawRaw, polUsd: null });
}

/** The amount to withdraw, up to the stake ('max' fills it to the last wei); nothing is sent until it reads. */
function WithdrawAmountForm({ staked, onReview }: { staked: string; onReview(raw: bigint): void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  function review(event: FormEvent) {
    event.preventDefault();
    const checked = checkWithdrawAmount(typed, staked);
    if (checked.ok) onReview(checked.raw);
    else setError(checked.message);
  }
  return (
    <form onSubmit={review} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <TextField
          label="LP to withdraw"
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          hint={`your stake: ${formatTokenAmount(staked)} LP`}
          errorMessage={error}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(undefined);
          }}
          endAdornment={
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setTyped(staked);
                setError(undefined);
              }}
            >
              max
            </Button>
          }
        />
      </div>
      <Button size="sm" type="submit">
        review withdrawal
      </Button>
    </form>
  );
}
