import { dragonLair, quickConverter, router02, testErc20 } from '@tidewatch/contracts';
import type { RecoveryStepKind } from '@tidewatch/shared';
import { removedAmounts } from '@tidewatch/shared/recovery-calls';
import { type Address, encodeFunctionData, formatUnits as formatWhole, type Hex } from 'viem';
import { farmContracts } from '../../../core/chain/farm-contracts.ts';
import type { FarmState, Flow, PairState, RecoveryChainState, RecoveryContracts } from './chain-state.ts';
import type { TypicalGasKey } from './typical-gas.ts';

/** One step as planned from the chain state, before gas and prices. */
export type PlannedStep = {
  id: string;
  kind: RecoveryStepKind;
  contract: Address;
  contractLabel: string;
  function: string;
  spends: Flow | null;
  spender: Address | null;
  receives: Flow[];
  isReady: boolean;
  note: string | null;
  /** The call eth_estimateGas is asked about (from the wallet); null: the step's typical gas instead. */
  estimate: { to: Address; data: Hex } | null;
  typicalGas: TypicalGasKey;
};

type PlannedFarm = FarmState & { isRewardShort: boolean };

export type PlannedRecovery = {
  farms: PlannedFarm[];
  /** LP of the plan's pairs, old dQUICK and old QUICK the wallet already holds. */
  inWallet: Flow[];
  steps: PlannedStep[];
  /** What the wallet has gained once every step ran: final tokens only (no LP, old dQUICK or old QUICK). */
  finalFlows: Flow[];
};

/** The router's signatures: with a permit (one transaction), or after an approve the wallet already has. */
const removeWithPermit =
  'removeLiquidityWithPermit(address,address,uint256,uint256,uint256,address,uint256,bool,uint8,bytes32,bytes32)';
const removeAfterApprove = 'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)';
/** The router's deadline for an estimate: the plan's block time + 20 minutes, as the browser sends it. */
const deadlineSeconds = 1_200n;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The steps that turn everything an ended farm still holds for the wallet back into tokens, in the order
 * they can run: per farm `exit` (or `withdraw` without claiming when the farm holds less of a reward
 * token than it owes, or `getReward` when only rewards are left), per pair one `remove_liquidity` of the
 * LP in the wallet plus the stake the farm steps return, `leave` of the old lair for every old dQUICK (in
 * the wallet, paid as rewards, paid by a burn), then `approve` and `quickToQuickX` of every old QUICK.
 * A step is ready when what it spends is in the wallet now. Pure: the state in, the plan out.
 */
export function planSteps(state: RecoveryChainState, contracts: RecoveryContracts): PlannedRecovery {
  const steps: PlannedStep[] = [];
  const final = new FlowTotals();
  /** Old dQUICK and old QUICK arriving from earlier steps (they are spent by later ones). */
  let dquickArriving = 0n;
  let quickArriving = 0n;
  const lpReturned = new Map<string, bigint>();
  /** Sorts what a step pays: LP and old dQUICK / old QUICK go on to later steps, the rest stays. */
  const arrive = (flow: Flow) => {
    if (flow.raw === 0n) return;
    if (same(flow.token.address, contracts.lair)) dquickArriving += flow.raw;
    else if (same(flow.token.address, contracts.oldQuick)) quickArriving += flow.raw;
    else final.add(flow);
  };

  const farms = state.farms.map((farm) => {
    const isRewardShort = isShort(farm);
    const step = planFarmStep(farm, state.pairs.get(farm.pair.toLowerCase())!, isRewardShort);
    if (step) {
      steps.push(step);
      for (const flow of step.receives) {
        if (same(flow.token.address, farm.pair)) {
          const key = farm.pair.toLowerCase();
          lpReturned.set(key, (lpReturned.get(key) ?? 0n) + flow.raw);
        } else arrive(flow);
      }
    }
    return { ...farm, isRewardShort };
  });

  for (const pair of state.pairs.values()) {
    const returned = lpReturned.get(pair.address.toLowerCase()) ?? 0n;
    const liquidity = pair.walletLp + returned;
    if (liquidity === 0n) continue;
    const step = planRemoveLiquidity(state, pair, liquidity, returned === 0n, contracts.router);
    steps.push(step);
    step.receives.forEach(arrive);
  }

  const { lair, oldQuick, newQuick } = state;
  const dquickTotal = lair.walletBalance + dquickArriving;
  if (dquickTotal > 0n) {
    const quickOut = lair.totalSupply === 0n ? 0n : (dquickTotal * lair.quickHeld) / lair.totalSupply;
    const isReady = dquickArriving === 0n;
    steps.push({
      id: `leave_lair:${contracts.lair}`,
      kind: 'leave_lair',
      contract: contracts.lair,
      contractLabel: "Dragon's Lair (old dQUICK)",
      function: 'leave(uint256)',
      spends: { token: lair.token, raw: dquickTotal },
      spender: null,
      receives: [{ token: oldQuick.token, raw: quickOut }],
      isReady,
      note: null,
      estimate: isReady
        ? {
            to: contracts.lair,
            data: encodeFunctionData({ abi: dragonLair.abi, functionName: 'leave', args: [dquickTotal] }),
          }
        : null,
      typicalGas: 'leave_lair',
    });
    quickArriving += quickOut;
  }

  const quickTotal = oldQuick.walletBalance + quickArriving;
  if (quickTotal > 0n) {
    const isApproved = oldQuick.converterAllowance >= quickTotal;
    if (!isApproved) {
      steps.push({
        id: `approve:${contracts.oldQuick}:${contracts.converter}`,
        kind: 'approve',
        contract: contracts.oldQuick,
        contractLabel: `${oldQuick.token.symbol} token`,
        function: 'approve(address,uint256)',
        spends: { token: oldQuick.token, raw: quickTotal },
        spender: contracts.converter,
        receives: [],
        isReady: true,
        note: null,
        estimate: {
          to: contracts.oldQuick,
          data: encodeFunctionData({
            abi: testErc20.abi,
            functionName: 'approve',
            args: [contracts.converter, quickTotal],
          }),
        },
        typicalGas: 'approve',
      });
    }
    const newOut = quickTotal * quickConversionRate;
    const isReady = quickArriving === 0n && isApproved;
    steps.push({
      id: `convert_quick:${contracts.converter}`,
      kind: 'convert_quick',
      contract: contracts.converter,
      contractLabel: 'QuickSwap QUICK converter',
      function: 'quickToQuickX(uint256)',
      spends: { token: oldQuick.token, raw: quickTotal },
      spender: null,
      receives: [{ token: newQuick.token, raw: newOut }],
      isReady,
      note:
        newQuick.converterBalance < newOut
          ? `the converter holds ${formatWhole(newQuick.converterBalance, newQuick.token.decimals)} new QUICK, less than the ${formatWhole(newOut, newQuick.token.decimals)} this conversion pays: it would revert until QuickSwap refills it`
          : null,
      estimate: isReady
        ? {
            to: contracts.converter,
            data: encodeFunctionData({
              abi: quickConverter.abi,
              functionName: 'quickToQuickX',
              args: [quickTotal],
            }),
          }
        : null,
      typicalGas: 'convert_quick',
    });
    final.add({ token: newQuick.token, raw: newOut });
  }

  const inWallet: Flow[] = [
    ...[...state.pairs.values()].map((p) => ({ token: p.lp, raw: p.walletLp })),
    { token: lair.token, raw: lair.walletBalance },
    { token: oldQuick.token, raw: oldQuick.walletBalance },
  ].filter((flow) => flow.raw > 0n);
  return { farms, inWallet, steps, finalFlows: final.flows() };
}

/** The converter's rate: 1 old QUICK = 1000 new (TokenSwap's SWAP_RATIO). */
const quickConversionRate = 1000n;

/** The farm holds less of some reward token than it owes the wallet (both rewards of one token summed). */
function isShort(farm: FarmState): boolean {
  const owed = new Map<string, { owed: bigint; held: bigint }>();
  farm.rewards.forEach((reward, k) => {
    const key = reward.address.toLowerCase();
    const entry = owed.get(key) ?? { owed: 0n, held: farm.rewardBalances[k] ?? 0n };
    entry.owed += farm.earned[k] ?? 0n;
    owed.set(key, entry);
  });
  return [...owed.values()].some((e) => e.owed > e.held);
}

function planFarmStep(farm: FarmState, pair: PairState, isRewardShort: boolean): PlannedStep | null {
  const { kind } = farm.row;
  const abi = farmContracts[kind].farmAbi;
  const label = `${kind === 'dual' ? 'dual farm' : 'farm'} ${pair.token0.symbol}-${pair.token1.symbol}`;
  const stake: Flow = { token: pair.lp, raw: farm.staked };
  const rewards: Flow[] = farm.rewards
    .map((token, k) => ({ token, raw: farm.earned[k] ?? 0n }))
    .filter((flow) => flow.raw > 0n);
  const base = { contract: farm.address, contractLabel: label, spender: null, isReady: true } as const;
  const call = (functionName: 'exit' | 'withdraw' | 'getReward', args: readonly bigint[] = []) => ({
    to: farm.address,
    data: encodeFunctionData({ abi, functionName, args } as never),
  });
  if (isRewardShort && farm.staked > 0n) {
    const short = farm.rewards
      .map((token, k) => ({ token, owed: farm.earned[k] ?? 0n, held: farm.rewardBalances[k] ?? 0n }))
      .filter((r) => r.owed > r.held)
      .map(
        (r) =>
          `${formatWhole(r.held, r.token.decimals)} ${r.token.symbol} of the ${formatWhole(r.owed, r.token.decimals)} it owes you`,
      );
    return {
      ...base,
      id: `withdraw:${farm.address}`,
      kind: 'withdraw',
      function: 'withdraw(uint256)',
      spends: stake,
      receives: [stake],
      note: `The farm holds only ${short.join(' and ')}: claiming (and so exit) would revert. This withdraws your stake without claiming; the rewards stay owed to you in the farm.`,
      estimate: call('withdraw', [farm.staked]),
      typicalGas: `withdraw:${kind}`,
    };
  }
  if (farm.staked > 0n) {
    return {
      ...base,
      id: `exit:${farm.address}`,
      kind: 'exit',
      function: 'exit()',
      spends: null,
      receives: [stake, ...rewards],
      note: null,
      estimate: call('exit'),
      typicalGas: `exit:${kind}`,
    };
  }
  if (rewards.length > 0 && !isRewardShort) {
    return {
      ...base,
      id: `claim:${farm.address}`,
      kind: 'claim',
      function: 'getReward()',
      spends: null,
      receives: rewards,
      note: null,
      estimate: call('getReward'),
      typicalGas: `claim:${kind}`,
    };
  }
  return null;
}

function planRemoveLiquidity(
  state: RecoveryChainState,
  pair: PairState,
  liquidity: bigint,
  isReady: boolean,
  router: Address,
): PlannedStep {
  // The pair burns every LP token it holds: any already sitting in it is paid out with the wallet's.
  const { amount0, amount1 } =
    pair.totalSupply === 0n
      ? { amount0: 0n, amount1: 0n }
      : removedAmounts({ ...pair, feeOn: state.isFeeOn, liquidity: liquidity + pair.ownLp });
  const isApproved = pair.routerAllowance >= liquidity;
  return {
    id: `remove_liquidity:${router}:${pair.address}`,
    kind: 'remove_liquidity',
    contract: router,
    contractLabel: 'QuickSwap V2 router',
    function: isApproved ? removeAfterApprove : removeWithPermit,
    spends: { token: pair.lp, raw: liquidity },
    spender: null,
    receives: [
      { token: pair.token0, raw: amount0 },
      { token: pair.token1, raw: amount1 },
    ],
    isReady,
    note: null,
    // A permit is signed in the wallet first: there is no signature to estimate with yet.
    estimate:
      isReady && isApproved
        ? {
            to: router,
            data: encodeFunctionData({
              abi: router02.abi,
              functionName: 'removeLiquidity',
              args: [
                pair.token0.address,
                pair.token1.address,
                liquidity,
                0n,
                0n,
                state.wallet,
                state.blockTimestamp + deadlineSeconds,
              ],
            }),
          }
        : null,
    typicalGas: 'remove_liquidity',
  };
}

/** Sums flows per token, in first-seen order. */
class FlowTotals {
  private readonly totals = new Map<string, Flow>();
  add(flow: Flow): void {
    if (flow.raw === 0n) return;
    const key = flow.token.address.toLowerCase();
    const known = this.totals.get(key);
    this.totals.set(key, { token: flow.token, raw: (known?.raw ?? 0n) + flow.raw });
  }
  flows(): Flow[] {
    return [...this.totals.values()];
  }
}
