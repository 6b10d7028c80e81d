import type { FarmKind, RecoveryStepKind } from '@tidewatch/shared';

/** Which function a step's typical gas is of: farm steps differ by farm kind (dual farms pay two rewards). */
export type TypicalGasKey =
  | `${'exit' | 'withdraw' | 'claim'}:${FarmKind}`
  | Exclude<RecoveryStepKind, 'exit' | 'withdraw' | 'claim'>;

/**
 * The gas a step's function usually uses, for steps that cannot be estimated yet (the tokens they spend
 * arrive with an earlier step, or a permit is signed first). Measured on the local chain with the test kit's
 * world (QuickSwap's farm bytecode, Uniswap V2's pair and Router02 as published, the lair and converter):
 * each function's gasUsed for a wallet receiving the tokens for the first time (the dearer case: a new
 * balance slot costs 20,000 more than an existing one), rounded up to the next 5,000. A figure to show
 * before the step can run; the wallet estimates the real transaction itself when it is sent.
 */
export const typicalGas: Record<TypicalGasKey, bigint> = {
  'exit:lp': 150_000n,
  'exit:dual': 200_000n,
  'withdraw:lp': 100_000n,
  'withdraw:dual': 100_000n,
  'claim:lp': 100_000n,
  'claim:dual': 150_000n,
  approve: 50_000n,
  remove_liquidity: 200_000n,
  leave_lair: 100_000n,
  convert_quick: 100_000n,
};
