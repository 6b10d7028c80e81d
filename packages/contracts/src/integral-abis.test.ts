import { integralAbis } from '@tidewatch/shared/integral-abis';
import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import { keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { functionsOf, signature } from './abi-signatures.ts';
import { integralArtifacts } from './integral-artifacts.ts';

/**
 * The fragments the app reads QuickSwap V4 with (issue 47) against Algebra Integral 1.2.1's npm artifacts, the
 * bytecode Base runs: a fragment the deployed contract lacks, or with other types, fails here.
 */
describe("Integral's ABI fragments against the npm 1.2.1 artifacts", () => {
  const deployed = {
    factory: integralArtifacts.factory.abi,
    positionManager: integralArtifacts.positionManager.abi,
    pool: integralArtifacts.pool.abi,
  } as const;

  it.each(Object.keys(deployed) as (keyof typeof deployed)[])(
    '%s: every fragment is in the artifact as it is',
    (name) => {
      const artifact = functionsOf(deployed[name]).map(signature);
      for (const fragment of functionsOf(integralAbis[name])) expect(artifact).toContain(signature(fragment));
    },
  );

  it("has the pool bytecode whose init-code hash Base's factory answers", () => {
    expect(keccak256(integralArtifacts.pool.bytecode)).toBe(
      '0xa18736c3ee97fe3c96c9428c0cc2a9116facec18e84f95f9da30543f8238a782',
    );
  });

  it.each(['collect', 'decreaseLiquidity', 'burn', 'multicall', 'ownerOf'])(
    "acts on a V4 position with the V3 actions' own %s fragment: the same function on Integral",
    (name) => {
      const fragment = functionsOf(v3ActionAbis.positionManager).find((item) => item.name === name)!;
      expect(functionsOf(deployed.positionManager).map(signature)).toContain(signature(fragment));
    },
  );
});
