import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { V3Position } from '@tidewatch/shared/v3-positions';
import { useState } from 'react';
import { Button } from '../../../components/index.ts';
import {
  AccessNote,
  hasPendingTransaction,
  type TransactionOutcome,
  usePositionActionsAccess,
} from '../../transactions/index.ts';
import { walletPositionsQueryOptions } from '../api/get-wallet-positions.ts';
import { v3Keys } from '../api/keys.ts';
import { formatAmountsWithUsd } from '../format.ts';
import { ActionRun, type V3Action } from './action-run.tsx';

const actionNames: Record<V3Action, string> = {
  collect: 'collect fees',
  claim: 'claim rewards',
  leave: 'leave farming',
  close: 'close position',
};

const hasAny = (amounts: readonly { amount: string }[] | null | undefined) =>
  (amounts ?? []).some((entry) => Number(entry.amount) > 0);

/** What the person can do with the position now, as the chain read says (the run checks again at the latest block). */
function availableActions(position: V3Position): V3Action[] {
  const actions: V3Action[] = [];
  if (hasAny(position.fees)) actions.push('collect');
  if (hasAny(position.farming?.pending) || hasAny(position.farming?.unclaimed)) actions.push('claim');
  if (position.is_farmed) actions.push('leave');
  actions.push('close');
  return actions;
}

/** The action a transaction sent earlier for this position is waiting for (a reload resumes it, never sends twice). */
function pendingAction(position: V3Position, wallet: string): V3Action | null {
  const keys: [V3Action, string][] = [
    ['collect', `v3_collect:${position.token_id}`],
    ['claim', `v3_claim_rewards:${position.token_id}`],
    ['leave', `v3_leave_farming:${position.token_id}`],
    ['close', `v3_close:${position.token_id}`],
  ];
  return keys.find(([, key]) => hasPendingTransaction(wallet, key))?.[0] ?? null;
}

/**
 * Acting on a V3 position (issue 46): collect its fees, claim its farming rewards, leave farming, close it. For a
 * wallet the user proved with a signature and that MetaMask is connected with; a watch-only wallet sees them
 * disabled with the reason. Out of range, it says what collecting and closing would pay now. Each action runs in
 * the transaction runner (built in the browser from the contracts the answer names, checked on chain, simulated,
 * shown, then the wallet).
 */
export function PositionActions({
  position,
  walletAddress,
}: {
  position: V3Position;
  walletAddress: string;
}) {
  const access = usePositionActionsAccess(walletAddress);
  const wallet = useQuery({
    ...walletPositionsQueryOptions(walletAddress),
    enabled: access.state !== 'hidden',
  });
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<V3Action | null>(() => pendingAction(position, walletAddress));
  if (access.state === 'hidden') return null;
  const canAct = access.state === 'ready' && wallet.data?.can_act === true;
  const finished = (outcome: TransactionOutcome) => {
    // A mined send changed the position and the wallet: its figures are read again.
    if (outcome !== 'rejected') void queryClient.invalidateQueries({ queryKey: v3Keys.all });
  };
  const actions = availableActions(position);
  return (
    <section aria-label="act on this position" className="mt-3 space-y-2">
      <AccessNote
        access={access}
        walletAddress={walletAddress}
        purpose={{ needs: 'acting on a position needs', action: 'act on this position' }}
      />
      {!position.in_range && Number(position.liquidity) > 0 ? <OutOfRangeOffer position={position} /> : null}
      {chosen && wallet.data ? (
        <ActionRun
          action={chosen}
          position={position}
          walletAddress={walletAddress}
          contracts={wallet.data.contracts}
          onFinished={finished}
          onClose={() => setChosen(null)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant="secondary"
              disabled={!canAct}
              onClick={() => setChosen(action)}
            >
              {actionNames[action]}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

/** The exact sum of two decimal amounts of a token with `decimals` (closing pays the liquidity and the fees). */
function addDecimals(a: string, b: string, decimals: number): string {
  const raw = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return (
      BigInt(whole) * 10n ** BigInt(decimals) +
      BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0')
    );
  };
  const sum = raw(a) + raw(b);
  const unit = 10n ** BigInt(decimals);
  const fraction = (sum % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${sum / unit}.${fraction}` : `${sum / unit}`;
}

/** Out of range: it earns no fees until the price returns; what each way out would pay now. */
function OutOfRangeOffer({ position }: { position: V3Position }) {
  const fees = position.fees ?? [];
  const closing = position.amounts.map((amount, i) => {
    const fee = fees[i];
    const total = addDecimals(amount.amount, fee?.amount ?? '0', amount.token.decimals);
    const usd = amount.usd === null || (fee && fee.usd === null) ? null : (amount.usd ?? 0) + (fee?.usd ?? 0);
    return { token: amount.token, amount: total, usd };
  });
  const closingUsd =
    position.value_usd === null || position.fees_usd === null ? null : position.value_usd + position.fees_usd;
  return (
    <div
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      <p>out of range: this position earns no fees until the price comes back into its range</p>
      <p>
        collect fees would pay {hasAny(fees) ? formatAmountsWithUsd(fees, position.fees_usd) : 'nothing now'}
      </p>
      <p>close position would pay {formatAmountsWithUsd(closing, closingUsd)}</p>
    </div>
  );
}
