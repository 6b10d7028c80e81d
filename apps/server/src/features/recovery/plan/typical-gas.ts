import type { FarmKind, RecoveryStepKind } from '@tidewatch/shared';

/** Which function a step's typical gas is of: farm steps differ by farm kind (dual farms pay two rewards). */
export type TypicalGasKey =
  | `${'exit' | 'withdraw' | 'claim'}:${FarmKind}`
  | Exclude<RecoveryStepKind, 'exit' | 'withdraw' | 'claim'>;

/**
 * The gas a step's function usually uses, for steps that cannot be estimated yet (the tokens they spend
 * arrive with an earlier step, or a permit is signed first). Measured on the local chain (anvil, the test
 * kit's world: QuickSwap's farm bytecode, Uniswap V2's pair and Router02 as published, the lair and the
 * converter) as the receipts' gasUsed for the world's user 15 days after deploy, running a plan's steps in
 * order: each farm step on its own (the wallet receiving its LP and reward tokens for the first time, the
 * dearer case: a new balance slot costs 20,000 more), then on QUICK-WMATIC after a trade (so the burn also
 * mints the protocol fee) removeLiquidityWithPermit, leave, approve and quickToQuickX. Measured: exit
 * 168,944 (LP) / 262,315 (dual), withdraw 147,464 / 219,175, getReward 126,283 / 215,799,
 * removeLiquidityWithPermit 213,548 (removeLiquidity after an approve: 178,138), leave 48,420,
 * approve 46,191, quickToQuickX 85,389; each rounded up to the next 5,000. Polygon charges the same gas
 * schedule. A figure to show before the step can run; the wallet estimates the real transaction itself.
 */
export const typicalGas: Record<TypicalGasKey, bigint> = {
  'exit:lp': 170_000n,
  'exit:dual': 265_000n,
  'withdraw:lp': 150_000n,
  'withdraw:dual': 220_000n,
  'claim:lp': 130_000n,
  'claim:dual': 220_000n,
  approve: 50_000n,
  remove_liquidity: 215_000n,
  leave_lair: 50_000n,
  convert_quick: 90_000n,
  // A vault's steps (issue 45) on the test kit's vaults over Algebra V1.0's bytecode, as vaults-managers.test.ts
  // prints their receipts' gasUsed: withdrawAndHarvest 141,755 (Gamma's MasterChef with its rewarder) / 84,011
  // (DefiEdge's MiniChefV2); the withdrawals 224,640 to 397,834 (the dearest burns and collects two positions).
  unstake_vault: 145_000n,
  withdraw_vault: 400_000n,
};
