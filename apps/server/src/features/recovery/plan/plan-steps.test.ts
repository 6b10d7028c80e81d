import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { IndexRow } from '../../../core/farm-index/index-repository.ts';
import type {
  FarmState,
  PairState,
  PlanToken,
  RecoveryChainState,
  RecoveryContracts,
} from './chain-state.ts';
import { planSteps } from './plan-steps.ts';
import { splitWalletLp } from './wallet-lp.ts';

// The plan's edges that the local world does not reach in recovery-plan.test.ts: rewards left with no
// stake (claim), a short farm with no stake (nothing to do), an LP the router may already spend, and a
// converter holding too little new QUICK.
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const token = (n: number, symbol: string, decimals = 18): PlanToken => ({
  address: address(n),
  symbol,
  decimals,
});
const contracts: RecoveryContracts = {
  router: address(0xa1),
  lair: address(0xa2),
  oldQuick: address(0xa3),
  newQuick: address(0xa4),
  converter: address(0xa5),
};
const dquick = token(0xa2, 'dQUICK (old)');
const weth = token(0x11, 'WETH');
const usdc = token(0x12, 'USDC', 6);
const e18 = 10n ** 18n;
/** No LP of the wallet's in the plan. */
const none = new Map<string, bigint>();

function pairState(overrides: Partial<PairState> = {}): PairState {
  return {
    address: address(0x21),
    lp: { address: address(0x21), symbol: 'WETH-USDC LP', decimals: 18 },
    token0: weth,
    token1: usdc,
    reserve0: 100n * e18,
    reserve1: 200_000n * 10n ** 6n,
    balance0: 100n * e18,
    balance1: 200_000n * 10n ** 6n,
    totalSupply: 1_000n * e18,
    kLast: 0n,
    ownLp: 0n,
    walletLp: 0n,
    routerAllowance: 0n,
    ...overrides,
  };
}

function farmState(overrides: Partial<FarmState>): FarmState {
  return {
    row: { id: 1, kind: 'lp', token0_symbol: 'WETH', token1_symbol: 'USDC' } as IndexRow,
    address: address(0x31),
    pair: address(0x21),
    staked: 0n,
    rewards: [dquick],
    earned: [0n],
    rewardBalances: [1_000n * e18],
    ...overrides,
  };
}

function chainState(overrides: Partial<RecoveryChainState> = {}): RecoveryChainState {
  return {
    wallet: address(0x99),
    blockNumber: 100n,
    blockTimestamp: 1_000_000n,
    farms: [],
    syrups: [],
    runningSyrups: [],
    pairs: new Map([[address(0x21), pairState()]]),
    isFeeOn: false,
    lair: { token: dquick, quickHeld: 150n * e18, totalSupply: 100n * e18, walletBalance: 0n },
    oldQuick: { token: token(0xa3, 'QUICK (old)'), walletBalance: 0n, converterAllowance: 0n },
    newQuick: { token: token(0xa4, 'QUICK'), converterBalance: 10n ** 30n },
    ...overrides,
  };
}

describe('planSteps', () => {
  it('claims rewards left without stake, then leaves the lair with them and converts its QUICK', () => {
    const plan = planSteps(chainState({ farms: [farmState({ earned: [2n * e18] })] }), contracts, none);
    expect(plan.steps.map((s) => [s.kind, s.isReady])).toEqual([
      ['claim', true],
      ['leave_lair', false],
      ['approve', true],
      ['convert_quick', false],
    ]);
    expect(plan.steps[1]!.receives[0]!.raw).toBe(3n * e18); // 2 dQUICK × 150 QUICK / 100 dQUICK
    expect(plan.steps[3]!.receives[0]!.raw).toBe(3_000n * e18);
    expect(plan.finalFlows).toEqual([{ token: token(0xa4, 'QUICK'), raw: 3_000n * e18 }]);
  });

  it('plans nothing for a short farm where only rewards are left: claiming would revert', () => {
    const short = farmState({ earned: [2n * e18], rewardBalances: [e18] });
    const plan = planSteps(chainState({ farms: [short] }), contracts, none);
    expect(plan.farms[0]!.isRewardShort).toBe(true);
    expect(plan.steps).toEqual([]);
    expect(plan.finalFlows).toEqual([]);
  });

  it('removes LP of the plan already in the wallet at once, by removeLiquidity when the router may already spend it', () => {
    const lp = 10n * e18;
    const inPlan = new Map([[address(0x21), lp]]);
    const approved = planSteps(
      chainState({ pairs: new Map([[address(0x21), pairState({ walletLp: lp, routerAllowance: lp })]]) }),
      contracts,
      inPlan,
    );
    const [removal] = approved.steps;
    expect(removal).toMatchObject({ kind: 'remove_liquidity', isReady: true });
    expect(removal!.function).toMatch(/^removeLiquidity\(/);
    expect(removal!.estimate?.to).toBe(contracts.router);
    expect(removal!.receives.map((f) => f.raw)).toEqual([e18, 2_000n * 10n ** 6n]);
    const unapproved = planSteps(
      chainState({ pairs: new Map([[address(0x21), pairState({ walletLp: lp })]]) }),
      contracts,
      inPlan,
    );
    expect(unapproved.steps[0]!.function).toMatch(/^removeLiquidityWithPermit\(/);
    expect(unapproved.steps[0]!.estimate).toBeNull();
  });

  it('says so when the converter holds less new QUICK than the conversion pays', () => {
    const plan = planSteps(
      chainState({
        oldQuick: {
          token: token(0xa3, 'QUICK (old)'),
          walletBalance: 5n * e18,
          converterAllowance: 5n * e18,
        },
        newQuick: { token: token(0xa4, 'QUICK'), converterBalance: 1_000n * e18 },
      }),
      contracts,
      none,
    );
    expect(plan.steps.map((s) => s.kind)).toEqual(['convert_quick']);
    expect(plan.steps[0]!.isReady).toBe(true);
    expect(plan.steps[0]!.note).toBe(
      'The converter holds 1000 new QUICK, less than the 5000 this conversion pays: it would revert until QuickSwap refills it.',
    );
  });

  it("leaves LP held loose in the wallet alone unless asked: the removal spends the farm's stake only", () => {
    const stake = 4n * e18;
    const loose = 6n * e18;
    const state = chainState({
      farms: [farmState({ staked: stake })],
      pairs: new Map([[address(0x21), pairState({ walletLp: loose })]]),
    });
    const split = splitWalletLp(state, new Map(), []);
    expect(split.loose.map((l) => [l.raw, l.isIncluded])).toEqual([[loose, false]]);
    const plan = planSteps(state, contracts, split.inPlan);
    expect(plan.steps.map((s) => [s.kind, s.spends?.raw ?? null])).toEqual([
      ['exit', null],
      ['remove_liquidity', stake],
    ]);
    expect(plan.inWallet).toEqual([]);
    // A removal is paid pro rata: 4 of 1000 LP is 0.4 WETH and 800 USDC.
    expect(plan.finalFlows).toEqual([
      { token: weth, raw: (4n * e18) / 10n },
      { token: usdc, raw: 800n * 10n ** 6n },
    ]);

    const asked = splitWalletLp(state, new Map(), [address(0x21).toUpperCase().replace('0X', '0x')]);
    expect(asked.loose.map((l) => l.isIncluded)).toEqual([true]);
    const all = planSteps(state, contracts, asked.inPlan);
    expect(all.steps.map((s) => s.spends?.raw ?? null)).toEqual([null, stake + loose]);
    expect(all.inWallet).toEqual([{ token: pairState().lp, raw: loose }]);
  });

  it("keeps LP a recorded farm step returned in the plan, and only the rest of the wallet's LP apart", () => {
    const state = chainState({ pairs: new Map([[address(0x21), pairState({ walletLp: 10n * e18 })]]) });
    const split = splitWalletLp(state, new Map([[address(0x21), 3n * e18]]), []);
    expect(split.loose.map((l) => l.raw)).toEqual([7n * e18]);
    const plan = planSteps(state, contracts, split.inPlan);
    expect(plan.steps.map((s) => [s.kind, s.spends?.raw, s.isReady])).toEqual([
      ['remove_liquidity', 3n * e18, true],
    ]);
    // All of it returned by farms: nothing listed apart.
    expect(splitWalletLp(state, new Map([[address(0x21), 10n * e18]]), []).loose).toEqual([]);
  });
});
