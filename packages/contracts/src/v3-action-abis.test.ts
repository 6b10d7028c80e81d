import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import { describe, expect, it } from 'vitest';
import { functionsOf, signature } from './abi-signatures.ts';
import { farmingCenter, merklDistributor, nonfungiblePositionManager } from './index.ts';

/**
 * The V3 actions' fragments (issue 46) against the ABIs of the bytecode QuickSwap runs: Algebra V1.0's npm artifacts
 * of the position manager and FarmingCenter, and Merkl's Distributor deployment. A fragment the deployed contract
 * lacks, or with other types, fails here before the browser could call it.
 */
describe("the V3 actions' ABI fragments against the deployed contracts", () => {
  const deployed = {
    positionManager: nonfungiblePositionManager.abi,
    farmingCenter: farmingCenter.abi,
    merklDistributor: merklDistributor.abi,
  } as const;

  it.each(Object.keys(deployed) as (keyof typeof deployed)[])(
    '%s: every fragment is in the artifact as it is',
    (name) => {
      const fragments = functionsOf(v3ActionAbis[name]);
      expect(fragments.length).toBe(v3ActionAbis[name].length);
      const artifact = functionsOf(deployed[name]).map(signature);
      for (const fragment of fragments) expect(artifact).toContain(signature(fragment));
    },
  );
});
