import type { RecoveryStep, TokenAmount } from '@tidewatch/shared/recovery';
import { decimalToRaw, lpDecimals, rawToDecimal } from './position-actions-amount.ts';
import type { ActionPosition } from './position-actions-position.ts';
import type { PreparedCall, TransactionRequest } from './position-actions-runner.ts';

/** The three actions on a position: `getReward()`, `withdraw(uint256)`, `exit()`. */
export type PositionAction = 'claim' | 'withdraw' | 'exit';

const functionSignatures = {
  claim: 'getReward()',
  withdraw: 'withdraw(uint256)',
  exit: 'exit()',
} as const satisfies Record<PositionAction, string>;

/** The step a recovery plan would name for the same call. */
export function positionStepId(action: PositionAction, farmAddress: string): string {
  return `${action}:${farmAddress}`;
}

/** The stake's LP amount as it arrives, its USD pro rata of the stake's (null when that is unknown). */
function lpReceived(position: ActionPosition, raw: bigint): TokenAmount {
  const stakedRaw = decimalToRaw(position.staked, lpDecimals);
  const { stakedUsd } = position;
  const usd =
    stakedUsd === null || stakedRaw === 0n
      ? null
      : raw === stakedRaw
        ? stakedUsd
        : (stakedUsd * Number(raw)) / Number(stakedRaw);
  return {
    address: position.pair.address,
    symbol: `${position.pair.symbol0}-${position.pair.symbol1} LP`,
    decimals: lpDecimals,
    raw: String(raw),
    amount: rawToDecimal(raw, lpDecimals),
    usd,
  };
}

/** The unclaimed rewards as they arrive, each in its token's decimals; a reward at 0 is left out. */
function rewardsReceived(position: ActionPosition): TokenAmount[] {
  return position.earned.flatMap(({ token, amount, usd }) => {
    const raw = decimalToRaw(amount, token.decimals);
    if (raw === 0n) return [];
    const whole = rawToDecimal(raw, token.decimals);
    return [
      {
        address: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        raw: String(raw),
        amount: whole,
        usd,
      },
    ];
  });
}

export type PositionRequestInput = {
  action: PositionAction;
  position: ActionPosition;
  /** 'withdraw': the LP integer to withdraw (checked against the stake by checkWithdrawAmount). */
  withdrawRaw?: bigint;
  /** POL's price for the gas line; null when the screen does not know it. */
  polUsd: number | null;
};

/**
 * The transaction an action on a position asks the runner for: the farm's own function, what arrives
 * (claim: each unclaimed reward; withdraw: the LP amount; exit: the whole stake and the rewards, from the
 * figures the screen has; the runner's simulation is what the confirmation shows), and the call itself,
 * built from the farm's address the screen got from the app's own data.
 */
export function buildPositionRequest({
  action,
  position,
  withdrawRaw,
  polUsd,
}: PositionRequestInput): TransactionRequest {
  const stakedRaw = decimalToRaw(position.staked, lpDecimals);
  if (action === 'withdraw' && (withdrawRaw === undefined || withdrawRaw <= 0n || withdrawRaw > stakedRaw)) {
    throw new Error('withdraw needs an amount above 0 and at most the stake');
  }
  const receives =
    action === 'claim'
      ? rewardsReceived(position)
      : action === 'withdraw'
        ? [lpReceived(position, withdrawRaw ?? 0n)]
        : [...(stakedRaw > 0n ? [lpReceived(position, stakedRaw)] : []), ...rewardsReceived(position)];
  const step: RecoveryStep = {
    id: positionStepId(action, position.farmAddress),
    kind: action,
    contract: position.farmAddress,
    contract_label: `farm ${position.pair.symbol0}-${position.pair.symbol1}`,
    function: functionSignatures[action],
    spends: action === 'withdraw' ? (receives[0] ?? null) : null,
    spender: null,
    receives,
    usd: null,
    gas: null,
    is_ready: true,
    note: null,
  };
  return {
    stepKind: step.kind,
    // The recovery plan's step id for the same call: a pending transaction is one, wherever it was sent from.
    key: step.id,
    contractLabel: step.contract_label,
    functionSignature: step.function,
    receives,
    polUsd,
    // The one call builder of the app and its acceptance tests (decision 029), on the farm's own address;
    // it and its ABIs load when a run prepares its call, not with the screens that offer the actions.
    prepare: async ({ account }) => {
      const { buildStepCall } = await import('@tidewatch/shared/recovery-calls');
      const call = buildStepCall(step, { account, amount: withdrawRaw });
      return { ...call, abi: call.abi as PreparedCall['abi'] };
    },
  };
}
