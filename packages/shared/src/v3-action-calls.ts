import type { StepCall } from './recovery-calls.ts';
import { v3ActionAbis } from './v3-action-abis.ts';

/**
 * Acting on a QuickSwap V3 position (issue 46): the one place an action becomes a contract call, as QuickSwap's
 * own interface sends it (interface-v2 src/hooks/useStakerHandlers.ts, src/v3lib/nonfungiblePositionManager.ts).
 * The browser builds every call it asks the wallet for here, from chain reads it made itself, and the acceptance
 * tests run the same builders on Algebra V1.0's npm bytecode. No viem here: a multicall's inner calls are
 * encoded by the caller's `encode` (viem's encodeFunctionData).
 */

export { v3ActionAbis } from './v3-action-abis.ts';

type Hex = `0x${string}`;

/** uint128's largest: collect everything owed. */
export const MAX_UINT128 = 2n ** 128n - 1n;
const zeroAddress: Hex = '0x0000000000000000000000000000000000000000';

/** Encodes one call's calldata (viem's encodeFunctionData). */
export type EncodeCall = (call: Omit<StepCall, 'address'>) => Hex;

/** The contracts an action calls, from the operator's configuration, checked on chain by the browser. */
export type V3ActionContracts = { positionManager: Hex; farmingCenter: Hex; wNative: Hex };

/** An eternal farming incentive's key (IIncentiveKey.IncentiveKey). */
export type IncentiveKey = {
  rewardToken: Hex;
  bonusRewardToken: Hex;
  pool: Hex;
  startTime: bigint;
  endTime: bigint;
};

/** A position as the chain shows it when the action is built. */
export type V3ActionPosition = {
  tokenId: bigint;
  token0: Hex;
  token1: Hex;
  liquidity: bigint;
  /** FarmingCenter holds the NFT: the wallet acts through it, as its L2 NFT's owner. */
  isDeposited: boolean;
  /** The eternal incentive it is in (deposited and farming), else null. */
  incentive: IncentiveKey | null;
};

/** Native POL instead of WPOL (QuickSwap's 'collect as MATIC'): the amounts of each token to require. */
export type NativeOption = { minimum0: bigint; minimum1: bigint };

const isSame = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function single(
  address: Hex,
  abi: readonly unknown[],
  calls: Omit<StepCall, 'address'>[],
  encode: EncodeCall,
) {
  if (calls.length === 1) return { address, ...calls[0]! } as StepCall;
  return { address, abi, functionName: 'multicall', args: [calls.map(encode)] } as StepCall;
}

/**
 * The calls that pay a position's tokens held by `payer` (after a collect to it) to the account, the wrapped
 * native token unwrapped: `unwrapWNativeToken` + `sweepToken` of the other token. Empty when neither token is
 * the wrapped native one (then the collect pays the account directly).
 */
function unwrapCalls(
  abi: readonly unknown[],
  position: V3ActionPosition,
  contracts: V3ActionContracts,
  account: Hex,
  native: NativeOption,
): Omit<StepCall, 'address'>[] {
  const nativeIs0 = isSame(position.token0, contracts.wNative);
  const other = nativeIs0 ? position.token1 : position.token0;
  const [nativeMin, otherMin] = nativeIs0
    ? [native.minimum0, native.minimum1]
    : [native.minimum1, native.minimum0];
  return [
    { abi, functionName: 'unwrapWNativeToken', args: [nativeMin, account] },
    { abi, functionName: 'sweepToken', args: [other, otherMin, account] },
  ];
}

/** Whether `receiveNative` applies: one of the position's tokens is the wrapped native token. */
export function involvesNative(
  position: Pick<V3ActionPosition, 'token0' | 'token1'>,
  wNative: string,
): boolean {
  return isSame(position.token0, wNative) || isSame(position.token1, wNative);
}

function collectCall(abi: readonly unknown[], tokenId: bigint, recipient: Hex): Omit<StepCall, 'address'> {
  return {
    abi,
    functionName: 'collect',
    args: [{ tokenId, recipient, amount0Max: MAX_UINT128, amount1Max: MAX_UINT128 }],
  };
}

/**
 * Collect a position's fees to the account: the position manager's `collect`, or FarmingCenter's for a deposited
 * position (the manager refuses its L2 owner). With `native` and WPOL one of the tokens: a multicall of the same
 * contract collecting to itself (recipient 0), then `unwrapWNativeToken` and `sweepToken` to the account.
 */
export function collectFeesCall(
  position: V3ActionPosition,
  contracts: V3ActionContracts,
  input: { account: Hex; native?: NativeOption | undefined },
  encode: EncodeCall,
): StepCall {
  const [address, abi] = position.isDeposited
    ? [contracts.farmingCenter, v3ActionAbis.farmingCenter]
    : [contracts.positionManager, v3ActionAbis.positionManager];
  const toNative = input.native && involvesNative(position, contracts.wNative);
  if (!toNative || !input.native)
    return single(address, abi, [collectCall(abi, position.tokenId, input.account)], encode);
  return single(
    address,
    abi,
    [
      collectCall(abi, position.tokenId, zeroAddress),
      ...unwrapCalls(abi, position, contracts, input.account, input.native),
    ],
    encode,
  );
}

const keyTuple = (key: IncentiveKey) => ({ ...key });

/** claimReward of each distinct reward token, all of the wallet's balance of it in eternal farming. */
function claimCalls(tokens: readonly Hex[], account: Hex): Omit<StepCall, 'address'>[] {
  const distinct = tokens.filter(
    (token, i) => token !== zeroAddress && tokens.findIndex((other) => isSame(other, token)) === i,
  );
  return distinct.map((token) => ({
    abi: v3ActionAbis.farmingCenter,
    functionName: 'claimReward',
    args: [token, account, 0n, MAX_UINT128],
  }));
}

/**
 * Claim farming rewards in one transaction, as QuickSwap's interface does: FarmingCenter's multicall of
 * `collectRewards(key, tokenId)` (the position's rewards to the wallet's balance, when it farms) and
 * `claimReward(token, account, 0, max)` for each reward token (the wallet's whole balance: `rewardTokens` names
 * tokens with a balance but no farm any more too).
 */
export function claimFarmingRewardsCall(
  position: V3ActionPosition,
  contracts: V3ActionContracts,
  input: { account: Hex; rewardTokens: readonly Hex[] },
  encode: EncodeCall,
): StepCall {
  const { incentive } = position;
  const collect: Omit<StepCall, 'address'>[] = incentive
    ? [
        {
          abi: v3ActionAbis.farmingCenter,
          functionName: 'collectRewards',
          args: [keyTuple(incentive), position.tokenId],
        },
      ]
    : [];
  const tokens = [
    ...(incentive ? [incentive.rewardToken, incentive.bonusRewardToken] : []),
    ...input.rewardTokens,
  ];
  const calls = [...collect, ...claimCalls(tokens, input.account)];
  if (calls.length === 0) throw new Error(`position ${position.tokenId} has no farming rewards to claim`);
  return single(contracts.farmingCenter, v3ActionAbis.farmingCenter, calls, encode);
}

/**
 * Leave farming and take the NFT back, in one FarmingCenter multicall: `exitFarming(key, tokenId, false)` (its
 * rewards credited to the wallet), `claimReward` of both reward tokens (claimed on the way), then
 * `withdrawToken(tokenId, account, 0x)` (the NFT back in the wallet). A deposit in no farm is only withdrawn.
 */
export function leaveFarmingCall(
  position: V3ActionPosition,
  contracts: V3ActionContracts,
  input: { account: Hex },
  encode: EncodeCall,
): StepCall {
  if (!position.isDeposited) throw new Error(`position ${position.tokenId} is not in FarmingCenter`);
  const { incentive } = position;
  const abi = v3ActionAbis.farmingCenter;
  const exit: Omit<StepCall, 'address'>[] = incentive
    ? [
        { abi, functionName: 'exitFarming', args: [keyTuple(incentive), position.tokenId, false] },
        ...claimCalls([incentive.rewardToken, incentive.bonusRewardToken], input.account),
      ]
    : [];
  const withdraw = { abi, functionName: 'withdrawToken', args: [position.tokenId, input.account, '0x'] };
  return single(contracts.farmingCenter, abi, [...exit, withdraw], encode);
}

/**
 * Close a position held in the wallet, in one multicall of the position manager: `decreaseLiquidity` of all of
 * it (with `amountsMin` from the simulation less the person's slippage, and a deadline on the chain's clock),
 * `collect` of everything owed (principal and fees; with `native`, to the manager, then unwrapped and swept to
 * the account), then `burn`. A position with no liquidity left is only collected and burned.
 */
export function closePositionCall(
  position: V3ActionPosition,
  contracts: V3ActionContracts,
  input: {
    account: Hex;
    amountsMin: readonly [bigint, bigint];
    deadline: bigint;
    native?: NativeOption | undefined;
  },
  encode: EncodeCall,
): StepCall {
  if (position.isDeposited)
    throw new Error(`position ${position.tokenId} must leave farming before it is closed`);
  const abi = v3ActionAbis.positionManager;
  const { tokenId, liquidity } = position;
  const [amount0Min, amount1Min] = input.amountsMin;
  const decrease: Omit<StepCall, 'address'>[] =
    liquidity > 0n
      ? [
          {
            abi,
            functionName: 'decreaseLiquidity',
            args: [{ tokenId, liquidity, amount0Min, amount1Min, deadline: input.deadline }],
          },
        ]
      : [];
  const toNative = input.native && involvesNative(position, contracts.wNative);
  const collect =
    toNative && input.native
      ? [
          collectCall(abi, tokenId, zeroAddress),
          ...unwrapCalls(abi, position, contracts, input.account, input.native),
        ]
      : [collectCall(abi, tokenId, input.account)];
  const burn = { abi, functionName: 'burn', args: [tokenId] };
  return {
    address: contracts.positionManager,
    abi,
    functionName: 'multicall',
    args: [[...decrease, ...collect, burn].map(encode)],
  };
}

/** One token the wallet can claim from Merkl now: the cumulative amount of the current tree and its proof. */
export type MerklClaim = { token: Hex; cumulativeAmount: bigint; proof: readonly Hex[] };

/**
 * Claim Merkl rewards, all tokens in one transaction: the distributor's `claim(users, tokens, amounts, proofs)`
 * with the account once per token and the cumulative amounts of the current tree (the distributor pays the
 * difference with what was claimed before).
 */
export function merklClaimCall(
  distributor: Hex,
  input: { account: Hex; claims: readonly MerklClaim[] },
): StepCall {
  if (input.claims.length === 0) throw new Error('nothing to claim from Merkl now');
  return {
    address: distributor,
    abi: v3ActionAbis.merklDistributor,
    functionName: 'claim',
    args: [
      input.claims.map(() => input.account),
      input.claims.map((claim) => claim.token),
      input.claims.map((claim) => claim.cumulativeAmount),
      input.claims.map((claim) => claim.proof),
    ],
  };
}
