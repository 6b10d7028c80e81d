import type { Address } from 'viem';
import type { ReadPlan } from '../chain/read-plan.ts';

/**
 * A price planner of one chain's rule: its reads ride in the caller's plan (so they are of the plan's block); once
 * it ran, the answer gives each token's USD by lower-case address (null: no price). Base: its on-chain rule; Polygon:
 * the app's one rule with the operator's choices (planTokenPrices), as the Polygon tools price.
 */
export type PlanChainPrices = (
  plan: ReadPlan,
  tokens: Address[],
) => () => Promise<Map<string, { usd: number | null }>>;
