import type { RecoveryStep, TokenAmount } from '@tidewatch/shared/recovery';
import type { Address } from 'viem';
import { decimalToRaw, lpDecimals, rawToDecimal } from './position-actions-amount.ts';
import type { ActionPosition } from './position-actions-position.ts';
import { type FarmViewAbis, nonZero, readFarmPosition, rescaledUsd } from './position-actions-reads.ts';
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
  return {
    address: position.pair.address,
    symbol: `${position.pair.symbol0}-${position.pair.symbol1} LP`,
    decimals: lpDecimals,
    raw: String(raw),
    amount: rawToDecimal(raw, lpDecimals),
    usd: rescaledUsd(position.stakedUsd, stakedRaw, raw),
  };
}

/**
 * The rewards as they arrive, each in its token's decimals, at `raws` (A then B; default: the screen's
 * figures), valued at the screen's price of each; a reward at 0 is left out.
 */
function rewardsReceived(position: ActionPosition, raws?: bigint[]): TokenAmount[] {
  return nonZero(
    position.earned.map(({ token, amount, usd }, index) => {
      const shownRaw = decimalToRaw(amount, token.decimals);
      const raw = raws?.[index] ?? shownRaw;
      return {
        address: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        raw: String(raw),
        amount: rawToDecimal(raw, token.decimals),
        usd: rescaledUsd(usd, shownRaw, raw),
      };
    }),
  );
}

/** What arrives for `action`: the stake (exit), the amount asked (withdraw) and the rewards (claim, exit). */
function receivesOf(
  action: PositionAction,
  position: ActionPosition,
  read: { staked: bigint; withdrawRaw: bigint; earned?: bigint[] },
): TokenAmount[] {
  if (action === 'claim') return rewardsReceived(position, read.earned);
  if (action === 'withdraw') return [lpReceived(position, read.withdrawRaw)];
  return [
    ...(read.staked > 0n ? [lpReceived(position, read.staked)] : []),
    ...rewardsReceived(position, read.earned),
  ];
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
 * (claim: each unclaimed reward; withdraw: the LP amount; exit: the whole stake and the rewards; the screen's
 * figures until the call is built, then the farm's answers for the account at the latest block, which the
 * review shows), and the call itself, built from the farm's address the screen got from the app's own data.
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
  const receives = receivesOf(action, position, { staked: stakedRaw, withdrawRaw: withdrawRaw ?? 0n });
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
    vault: null,
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
    // What arrives is read from the farm for the account at the latest block, as the review says it is.
    prepare: async ({ account, client }) => {
      const { buildStepCall, recoveryAbis } = await import('@tidewatch/shared/recovery-calls');
      const read = await readFarmPosition({
        client,
        account,
        farmAddress: position.farmAddress as Address,
        action,
        isDual: position.kind === 'dual',
        abis: recoveryAbis as unknown as FarmViewAbis,
      });
      const call = buildStepCall(step, { account, amount: withdrawRaw });
      const atLatest = {
        staked: read.staked ?? stakedRaw,
        withdrawRaw: withdrawRaw ?? 0n,
        earned: read.earned,
      };
      return {
        ...call,
        abi: call.abi as PreparedCall['abi'],
        receives: receivesOf(action, position, atLatest),
      };
    },
  };
}
