import type { RecoveryStep } from './recovery.ts';
import { recoveryAbis } from './recovery-abis.ts';

/**
 * Get it out (issue 33), decision 029: the one place a recovery step becomes a contract call. The browser
 * builds every transaction it asks the wallet for with `buildStepCall`, and the acceptance tests run the same
 * builder against the real bytecode; the server only plans. No viem here (shared depends only on zod): the
 * result is plain data that viem's `simulateContract` / `writeContract` and wagmi take as they are.
 */

export { recoveryAbis } from './recovery-abis.ts';

type Hex = `0x${string}`;

/** Slippage bound for removing liquidity when the user sets none: 0.5 %. */
export const DEFAULT_SLIPPAGE_BPS = 50;
/** Above 5 % the app asks for a second confirmation before it sends. */
export const MAX_SLIPPAGE_BPS_WITHOUT_CONFIRMATION = 500;
/**
 * The gas limit a transaction is sent with: the estimate + 20 %, as QuickSwap's interface sends (calculateGasMargin).
 * What a call does can grow between the estimate and its block (Algebra farming's work grows with the seconds
 * passed): sent at the bare estimate, a farming exit ran out of gas.
 */
export function withGasMargin(estimate: bigint): bigint {
  return (estimate * 12_000n) / 10_000n;
}

/** The router's deadline: the latest block's timestamp + 20 minutes (the chain's clock, not the browser's). */
export const DEADLINE_SECONDS = 1200;

/** A contract call as viem and wagmi take it (`simulateContract`, `estimateContractGas`, `writeContract`). */
export type StepCall = {
  address: Hex;
  abi: readonly unknown[];
  functionName: string;
  args: readonly unknown[];
};

/** An EIP-2612 signature as viem's `parseSignature` returns it (`v`, or `yParity` alone). */
type PermitSignature = { r: Hex; s: Hex; v?: bigint | number; yParity?: number };

/** What a step's call needs besides the step itself. */
export type StepCallInput = {
  /** The connected wallet: remove_liquidity pays it the tokens (`to`). */
  account: Hex;
  /** How much to spend when not all of `step.spends` (withdraw part of a stake, say). Default: all of it. */
  amount?: bigint;
  /** remove_liquidity: `deadlineAfter(latest block timestamp)`; a permit must be signed for the same. */
  deadline?: bigint;
  /**
   * remove_liquidity and withdraw_vault: the least of each token to accept, in the order of `step.receives`
   * (minimumAmounts).
   */
  amountsMin?: readonly [bigint, bigint];
  /** remove_liquidity: a permit for the router over the liquidity, signed in the wallet (permitTypedData). */
  permit?: PermitSignature;
};

/**
 * The call for one step of a recovery plan, on the contract the step names:
 * - exit / claim / withdraw: `exit()`, `getReward()`, `withdraw(amount)` on the farm (both farm kinds have them);
 * - approve: `approve(spender, amount)` on the token (`step.contract`);
 * - remove_liquidity: `removeLiquidityWithPermit(tokenA, tokenB, liquidity, minA, minB, to, deadline, false,
 *   v, r, s)` on the router when `input.permit` is given, else `removeLiquidity(…)` (after an approve), with
 *   tokenA, tokenB the addresses of `step.receives[0..1]`;
 * - leave_lair: `leave(amount)` on the lair; convert_quick: `quickToQuickX(amount)` on the converter;
 * - unstake_vault: `withdrawAndHarvest(pid, amount, account)` on the chef;
 * - withdraw_vault: the vault manager's own withdrawal of `amount` shares to the account (vaultWithdrawCall).
 * The amount is `input.amount` or else all of `step.spends`. Throws on a malformed address, an amount that is
 * not positive, or a remove_liquidity without its deadline or minimum amounts: nothing half-built is sent.
 * @example
 * const call = buildStepCall(step, { account });
 * await publicClient.simulateContract({ ...call, account } as never);
 */
export function buildStepCall(step: RecoveryStep, input: StepCallInput): StepCall {
  const address = checkedAddress(step.contract, 'step.contract');
  const amount = () => spentAmount(step, input.amount);
  switch (step.kind) {
    case 'exit':
      return { address, abi: recoveryAbis.farm, functionName: 'exit', args: [] };
    case 'claim':
      return { address, abi: recoveryAbis.farm, functionName: 'getReward', args: [] };
    case 'withdraw':
      return { address, abi: recoveryAbis.farm, functionName: 'withdraw', args: [amount()] };
    case 'approve': {
      const spender = checkedAddress(step.spender ?? '', 'step.spender');
      return { address, abi: recoveryAbis.erc20, functionName: 'approve', args: [spender, amount()] };
    }
    case 'leave_lair':
      return { address, abi: recoveryAbis.lair, functionName: 'leave', args: [amount()] };
    case 'convert_quick':
      return { address, abi: recoveryAbis.converter, functionName: 'quickToQuickX', args: [amount()] };
    case 'remove_liquidity':
      return buildRemoveLiquidityCall(address, step, input, amount());
    case 'unstake_vault': {
      const pid = step.vault?.pid;
      if (pid === null || pid === undefined)
        throw new Error(`unstake_vault step ${step.id} names no pool id`);
      const to = checkedAddress(input.account, 'account');
      return {
        address,
        abi: recoveryAbis.chef,
        functionName: 'withdrawAndHarvest',
        args: [BigInt(pid), amount(), to],
      };
    }
    case 'withdraw_vault':
      return vaultWithdrawCall(address, step, input, amount());
  }
}

/**
 * A vault's shares for its tokens, by its manager, as QuickSwap's interface calls each: Gamma with no minimums
 * per position (`[0, 0, 0, 0]`, as the interface sends; the simulation shows what arrives), Steer and DefiEdge with
 * `input.amountsMin`, ICHI (no minimums in its function).
 */
function vaultWithdrawCall(vault: Hex, step: RecoveryStep, input: StepCallInput, shares: bigint): StepCall {
  const to = checkedAddress(input.account, 'account');
  const mins = () => {
    if (!input.amountsMin) throw new Error('withdraw_vault needs minimum amounts (minimumAmounts)');
    return input.amountsMin;
  };
  switch (step.vault?.manager) {
    case 'gamma':
      return {
        address: vault,
        abi: recoveryAbis.gammaVault,
        functionName: 'withdraw',
        args: [shares, to, to, [0n, 0n, 0n, 0n]],
      };
    case 'steer':
      return {
        address: vault,
        abi: recoveryAbis.steerVault,
        functionName: 'withdraw',
        args: [shares, ...mins(), to],
      };
    case 'ichi':
      return { address: vault, abi: recoveryAbis.ichiVault, functionName: 'withdraw', args: [shares, to] };
    case 'defiedge':
      return {
        address: vault,
        abi: recoveryAbis.defiEdgeStrategy,
        functionName: 'burn',
        args: [shares, ...mins()],
      };
    default:
      throw new Error(`withdraw_vault step ${step.id} names no vault manager`);
  }
}

function buildRemoveLiquidityCall(
  router: Hex,
  step: RecoveryStep,
  input: StepCallInput,
  liquidity: bigint,
): StepCall {
  const tokenA = checkedAddress(step.receives[0]?.address ?? '', 'step.receives[0]');
  const tokenB = checkedAddress(step.receives[1]?.address ?? '', 'step.receives[1]');
  if (input.deadline === undefined) throw new Error('remove_liquidity needs a deadline (deadlineAfter)');
  if (!input.amountsMin) throw new Error('remove_liquidity needs minimum amounts (minimumAmounts)');
  const to = checkedAddress(input.account, 'account');
  const args = [tokenA, tokenB, liquidity, ...input.amountsMin, to, input.deadline] as const;
  if (!input.permit)
    return { address: router, abi: recoveryAbis.router, functionName: 'removeLiquidity', args };
  const { r, s } = input.permit;
  const v = input.permit.v !== undefined ? Number(input.permit.v) : 27 + (input.permit.yParity ?? 0);
  return {
    address: router,
    abi: recoveryAbis.router,
    functionName: 'removeLiquidityWithPermit',
    // approveMax false: the permit is for exactly this liquidity, no standing allowance is left behind.
    args: [...args, false, v, r, s],
  };
}

function spentAmount(step: RecoveryStep, override: bigint | undefined): bigint {
  const amount = override ?? (step.spends ? BigInt(step.spends.raw) : undefined);
  if (amount === undefined) throw new Error(`${step.kind} step ${step.id} names no amount it spends`);
  if (amount <= 0n) throw new RangeError(`${step.kind} amount must be positive, got ${amount}`);
  return amount;
}

function checkedAddress(value: string, field: string): Hex {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${field} is not an address: '${value}'`);
  return value as Hex;
}

/** The deadline for the router and the permit: `blockTimestamp` (the latest block's) + DEADLINE_SECONDS. */
export function deadlineAfter(blockTimestamp: bigint): bigint {
  return blockTimestamp + BigInt(DEADLINE_SECONDS);
}

/** A pair's state before a burn, as read from the chain (getReserves, totalSupply, kLast, factory.feeTo). */
export type PairBurnState = {
  /** LP tokens burned. */
  liquidity: bigint;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
  kLast: bigint;
  /** The factory's feeTo is set: the pair mints the protocol's share of fee growth before it burns. */
  feeOn: boolean;
  /** The pair's token balances, where tokens were sent to it without a sync; default: the reserves. */
  balance0?: bigint;
  balance1?: bigint;
};

/**
 * What Uniswap V2's `burn` pays for `liquidity`, in pair order (token0, token1): first `_mintFee` mints the
 * protocol's sixth of the growth in √k since kLast (`totalSupply × (√k − √kLast) / (5√k + √kLast)`, integer
 * square roots as the pair computes them), which dilutes every LP; then each amount is
 * `liquidity × balance / totalSupply`, rounded down. With the protocol fee on, the plain
 * LP × reserve / totalSupply would overstate what arrives.
 */
export function removedAmounts(state: PairBurnState): {
  amount0: bigint;
  amount1: bigint;
  protocolFeeLiquidity: bigint;
} {
  const { liquidity, reserve0, reserve1, kLast, feeOn } = state;
  if (state.totalSupply <= 0n) throw new RangeError('the pair has no liquidity (totalSupply 0)');
  let protocolFeeLiquidity = 0n;
  if (feeOn && kLast !== 0n) {
    const rootK = integerSqrt(reserve0 * reserve1);
    const rootKLast = integerSqrt(kLast);
    if (rootK > rootKLast) {
      protocolFeeLiquidity = (state.totalSupply * (rootK - rootKLast)) / (rootK * 5n + rootKLast);
    }
  }
  const totalSupply = state.totalSupply + protocolFeeLiquidity;
  return {
    amount0: (liquidity * (state.balance0 ?? reserve0)) / totalSupply,
    amount1: (liquidity * (state.balance1 ?? reserve1)) / totalSupply,
    protocolFeeLiquidity,
  };
}

/** Uniswap V2's Math.sqrt (Babylonian method): the floor of √y. */
function integerSqrt(y: bigint): bigint {
  if (y <= 3n) return y === 0n ? 0n : 1n;
  let z = y;
  let x = y / 2n + 1n;
  while (x < z) {
    z = x;
    x = (y / x + x) / 2n;
  }
  return z;
}

/**
 * The least of each amount to accept at `slippageBps` basis points: floor(amount × (10000 − bps) / 10000).
 * @example minimumAmounts([1000n, 2000n], DEFAULT_SLIPPAGE_BPS) // [995n, 1990n]
 */
export function minimumAmounts<const T extends readonly bigint[]>(
  amounts: T,
  slippageBps: number,
): { [K in keyof T]: bigint } {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000) {
    throw new RangeError(`slippage must be whole basis points from 0 to 10000, got ${slippageBps}`);
  }
  const keep = BigInt(10_000 - slippageBps);
  return amounts.map((amount) => (amount * keep) / 10_000n) as { [K in keyof T]: bigint };
}

/**
 * The EIP-712 typed data of a Uniswap V2 pair's `permit` (domain 'Uniswap V2', version '1', the chain, the
 * pair), for viem's `signTypedData`; the signature goes to `removeLiquidityWithPermit` with the same
 * value and deadline. `nonce` is the pair's `nonces(owner)`.
 */
export function permitTypedData(input: {
  pair: Hex;
  chainId: number;
  owner: Hex;
  spender: Hex;
  value: bigint;
  nonce: bigint;
  deadline: bigint;
}) {
  return {
    domain: { name: 'Uniswap V2', version: '1', chainId: input.chainId, verifyingContract: input.pair },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: {
      owner: input.owner,
      spender: input.spender,
      value: input.value,
      nonce: input.nonce,
      deadline: input.deadline,
    },
  } as const;
}
