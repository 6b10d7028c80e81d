import type { StepGas } from '@tidewatch/shared';
import { type Address, formatEther, type Hex, numberToHex } from 'viem';
import { type ChainClient, nodeAnswer } from '../../../core/chain/client.ts';
import type { PlannedStep } from './plan-steps.ts';
import { typicalGas } from './typical-gas.ts';

/** A step's gas units and where the figure comes from; null units: the node refused to estimate it. */
export type StepGasUnits = { units: bigint; source: StepGas['source'] } | { units: null; reason: string };

/**
 * The gas price and each step's gas in one JSON-RPC batch: `eth_estimateGas` from the wallet at the plan's
 * block for each ready step, the usual gas of its function (typical-gas.ts) for the others. An estimate
 * the node refuses (the call would revert) leaves that step without gas and says why; a node that cannot
 * be reached fails the plan (CHAIN_UNAVAILABLE).
 */
export async function estimateStepGas(
  chain: ChainClient,
  steps: PlannedStep[],
  wallet: Address,
  blockNumber: bigint,
): Promise<{ gasPrice: bigint; gas: StepGasUnits[] }> {
  const block = numberToHex(blockNumber);
  const [gasPrice, ...gas] = await Promise.all([
    chain.request('eth_gasPrice', []) as Promise<Hex>,
    ...steps.map(async (step): Promise<StepGasUnits> => {
      if (!step.estimate) return { units: typicalGas[step.typicalGas], source: 'typical' };
      try {
        const units = (await chain.request('eth_estimateGas', [
          { from: wallet, ...step.estimate },
          block,
        ])) as Hex;
        return { units: BigInt(units), source: 'estimated' };
      } catch (error) {
        // The node answering (a revert) is the step's problem; anything else is the node's (CHAIN_UNAVAILABLE).
        const answer = nodeAnswer(error instanceof Error ? error.cause : undefined);
        if (!answer) throw error;
        return { units: null, reason: answer.shortMessage };
      }
    }),
  ]);
  return { gasPrice: BigInt(gasPrice), gas };
}

/** A step's gas as the API shows it. */
export function toStepGas(
  units: bigint,
  source: StepGas['source'],
  gasPrice: bigint,
  polUsd: number | null,
): StepGas {
  const pol = formatEther(units * gasPrice);
  return { units: units.toString(), pol, usd: polUsd === null ? null : Number(pol) * polUsd, source };
}
