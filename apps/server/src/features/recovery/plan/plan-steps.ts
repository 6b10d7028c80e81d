import { dragonLair, quickConverter, testErc20 } from '@tidewatch/contracts';
import type { RecoveryStep, RecoveryStepKind } from '@tidewatch/shared';
import { type Address, encodeFunctionData, formatUnits as formatWhole, type Hex, isAddressEqual } from 'viem';
import type { FarmState, Flow, RecoveryChainState, RecoveryContracts, SyrupState } from './chain-state.ts';
import { isShort, planFarmStep, planStakeStep } from './farm-step.ts';
import { planRemoveLiquidity } from './remove-liquidity-step.ts';
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
  /** unstake_vault and withdraw_vault: the vault's manager and the chef's pool id. */
  vault?: RecoveryStep['vault'];
};

type PlannedFarm = FarmState & { isRewardShort: boolean };

export type PlannedRecovery = {
  farms: PlannedFarm[];
  syrups: (SyrupState & { isRewardShort: boolean })[];
  /** LP of the plan's pairs (as `walletLpInPlan` scopes it), old dQUICK and old QUICK the wallet already holds. */
  inWallet: Flow[];
  steps: PlannedStep[];
  /** What the wallet has gained once every step ran: final tokens only (no LP, old dQUICK or old QUICK). */
  finalFlows: Flow[];
};

/**
 * The steps that turn everything an ended farm still holds for the wallet back into tokens, in the order
 * they can run: per farm `exit` (or `withdraw` without claiming when the farm holds less of a reward
 * token than it owes, or `getReward` when only rewards are left), the same per ended syrup pool (its stake is
 * QUICK or dQUICK: old dQUICK goes on to the lair, old QUICK to the converter), per pair one `remove_liquidity` of the
 * stake the farm steps return plus the wallet's LP of it in the plan (`walletLpInPlan`, by lower-case pair
 * address: what earlier farm steps returned, and loose LP only where the person asked; the rest of the
 * wallet's LP still earns fees and is left alone), `leave` of the old lair for every old dQUICK (in
 * the wallet, paid as rewards, paid by a burn), then `approve` and `quickToQuickX` of every old QUICK.
 * A step is ready when what it spends is in the wallet now. Pure: the state in, the plan out.
 */
export function planSteps(
  state: RecoveryChainState,
  contracts: RecoveryContracts,
  walletLpInPlan: ReadonlyMap<string, bigint>,
): PlannedRecovery {
  const steps: PlannedStep[] = [];
  const final = new FlowTotals();
  /** Old dQUICK and old QUICK arriving from earlier steps (they are spent by later ones). */
  let dquickArriving = 0n;
  let quickArriving = 0n;
  const lpReturned = new Map<string, bigint>();
  /** Sorts what a step pays: LP and old dQUICK / old QUICK go on to later steps, the rest stays. */
  const arrive = (flow: Flow) => {
    if (flow.raw === 0n) return;
    if (isAddressEqual(flow.token.address, contracts.lair)) dquickArriving += flow.raw;
    else if (isAddressEqual(flow.token.address, contracts.oldQuick)) quickArriving += flow.raw;
    else final.add(flow);
  };

  const farms = state.farms.map((farm) => {
    const isRewardShort = isShort(farm);
    const step = planFarmStep(farm, state.pairs.get(farm.pair.toLowerCase())!, isRewardShort);
    if (step) {
      steps.push(step);
      for (const flow of step.receives) {
        if (isAddressEqual(flow.token.address, farm.pair)) {
          const key = farm.pair.toLowerCase();
          lpReturned.set(key, (lpReturned.get(key) ?? 0n) + flow.raw);
        } else arrive(flow);
      }
    }
    return { ...farm, isRewardShort };
  });

  // An ended syrup pays back what it staked (old dQUICK goes on to the lair, old QUICK to the converter) and
  // its reward.
  const syrups = state.syrups.map((syrup) => {
    const isRewardShort = isShort(syrup);
    const label = `syrup pool ${syrup.stakeToken.symbol} -> ${syrup.rewards[0].symbol}`;
    const step = planStakeStep({ ...syrup, kind: 'lp', label }, isRewardShort);
    if (step) {
      steps.push(step);
      step.receives.forEach(arrive);
    }
    return { ...syrup, isRewardShort };
  });

  const lpInWallet = (pair: { address: string }) => walletLpInPlan.get(pair.address.toLowerCase()) ?? 0n;
  for (const pair of state.pairs.values()) {
    const returned = lpReturned.get(pair.address.toLowerCase()) ?? 0n;
    const liquidity = lpInWallet(pair) + returned;
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
          ? `The converter holds ${formatWhole(newQuick.converterBalance, newQuick.token.decimals)} new QUICK, less than the ${formatWhole(newOut, newQuick.token.decimals)} this conversion pays: it would revert until QuickSwap refills it.`
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
    ...[...state.pairs.values()].map((p) => ({ token: p.lp, raw: lpInWallet(p) })),
    { token: lair.token, raw: lair.walletBalance },
    { token: oldQuick.token, raw: oldQuick.walletBalance },
  ].filter((flow) => flow.raw > 0n);
  return { farms, syrups, inWallet, steps, finalFlows: final.flows() };
}

/** The converter's rate: 1 old QUICK = 1000 new (TokenSwap's SWAP_RATIO). */
const quickConversionRate = 1000n;

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
