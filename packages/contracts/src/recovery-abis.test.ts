import { readFileSync } from 'node:fs';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import { describe, expect, it } from 'vitest';
import { deployedInterfaces, usedUniswapV2Interfaces } from './deployed-interfaces.ts';
import {
  defiEdgeMiniChef,
  defiEdgeStrategy,
  dragonLair,
  gammaHypervisor,
  gammaMasterChef,
  ichiVault,
  pair,
  pairFactory,
  quickConverter,
  router02,
  stakingDualRewards,
  stakingRewards,
  steerStakingRewards,
  steerVault,
  testErc20,
} from './index.ts';

type AbiFunction = {
  type: string;
  name?: string;
  stateMutability?: string;
  inputs?: readonly { type: string }[];
  outputs?: readonly { type: string }[];
};

const types = (params: readonly { type: string }[] | undefined) =>
  (params ?? []).map((p) => p.type).join(',');
const isView = (item: AbiFunction) => item.stateMutability === 'view' || item.stateMutability === 'pure';

/** `function name(inputs)[ view] returns (outputs)`: what a call encodes and decodes, to compare ABIs by. */
const fullSignature = (item: AbiFunction) =>
  `function ${item.name}(${types(item.inputs)})${isView(item) ? ' view' : ''}${item.outputs?.length ? ` returns (${types(item.outputs)})` : ''}`;
/** deployedInterfaces' format: outputs only for views. */
const pinnedSignature = (item: AbiFunction) =>
  `function ${item.name}(${types(item.inputs)})${isView(item) ? ` view returns (${types(item.outputs)})` : ''}`;

const functionsOf = (abi: readonly unknown[]) =>
  (abi as AbiFunction[]).filter((item) => item.type === 'function');
const fullSignaturesOf = (abi: readonly unknown[]) => functionsOf(abi).map(fullSignature);

/** QuickSwap interface-v2's ABI file of a vault contract (docs/quickswap-vault-abis), as full signatures. */
const interfaceAbi = (file: string): readonly string[] =>
  fullSignaturesOf(
    JSON.parse(readFileSync(new URL(`../../../docs/quickswap-vault-abis/${file}`, import.meta.url), 'utf8')),
  );

/**
 * Each fragment group of the browser's call builder, with the interfaces of the contracts it is called on
 * (on Polygon: the pinned lists) and the ABIs of the contracts the test kit deploys in their place.
 */
const checks: Record<
  keyof typeof recoveryAbis,
  { pinned: (readonly string[])[]; pinnedFull: (readonly string[])[]; artifacts: (readonly unknown[])[] }
> = {
  farm: { pinned: [deployedInterfaces.stakingRewards], pinnedFull: [], artifacts: [stakingRewards.abi] },
  dualFarm: {
    pinned: [deployedInterfaces.stakingDualRewards],
    pinnedFull: [],
    artifacts: [stakingDualRewards.abi],
  },
  // Approved: LP tokens (pairs) and old QUICK (an ERC-20, the kit's test token); dQUICK is one too.
  erc20: {
    pinned: [deployedInterfaces.dragonLair],
    pinnedFull: [usedUniswapV2Interfaces.pair],
    artifacts: [pair.abi, testErc20.abi, dragonLair.abi],
  },
  pair: { pinned: [], pinnedFull: [usedUniswapV2Interfaces.pair], artifacts: [pair.abi] },
  router: { pinned: [], pinnedFull: [usedUniswapV2Interfaces.router02], artifacts: [router02.abi] },
  lair: { pinned: [deployedInterfaces.dragonLair], pinnedFull: [], artifacts: [dragonLair.abi] },
  converter: { pinned: [deployedInterfaces.quickConverter], pinnedFull: [], artifacts: [quickConverter.abi] },
  factory: { pinned: [], pinnedFull: [usedUniswapV2Interfaces.factory], artifacts: [pairFactory.abi] },
  // The vaults (issue 45): QuickSwap's interface's ABI files of each, and the contracts the kit places.
  chef: {
    pinned: [],
    pinnedFull: [interfaceAbi('gamma-masterchef.json'), interfaceAbi('defiedge-minichef.json')],
    artifacts: [gammaMasterChef.abi, defiEdgeMiniChef.abi],
  },
  gammaVault: {
    pinned: [],
    pinnedFull: [interfaceAbi('gamma-hypervisor.json')],
    artifacts: [gammaHypervisor.abi],
  },
  steerVault: { pinned: [], pinnedFull: [interfaceAbi('steer-vault.json')], artifacts: [steerVault.abi] },
  ichiVault: { pinned: [], pinnedFull: [interfaceAbi('ichi-vault.json')], artifacts: [ichiVault.abi] },
  defiEdgeStrategy: {
    pinned: [],
    pinnedFull: [interfaceAbi('defiedge-strategy.json')],
    artifacts: [defiEdgeStrategy.abi],
  },
};

describe("the call builder's ABI fragments against the deployed contracts", () => {
  it.each(Object.keys(checks) as (keyof typeof recoveryAbis)[])(
    '%s: every fragment is in the deployed interface and the kit artifact, inputs and outputs alike',
    (name) => {
      const fragments = functionsOf(recoveryAbis[name]);
      const { pinned, pinnedFull, artifacts } = checks[name];
      expect(fragments.length).toBe(recoveryAbis[name].length);
      expect(pinned.length + pinnedFull.length).toBeGreaterThan(0);
      for (const fragment of fragments) {
        for (const list of pinned) expect(list).toContain(pinnedSignature(fragment));
        for (const list of pinnedFull) expect(list).toContain(fullSignature(fragment));
        for (const abi of artifacts) expect(fullSignaturesOf(abi)).toContain(fullSignature(fragment));
      }
    },
  );

  it("exits a Steer staking pool with the farms' exit()", () => {
    expect(fullSignaturesOf(steerStakingRewards.abi)).toContain(
      fullSignature(functionsOf(recoveryAbis.farm)[0]!),
    );
    expect(interfaceAbi('steer-staking.json')).toContain(fullSignature(functionsOf(recoveryAbis.farm)[0]!));
  });

  it('gives both farm kinds the same exit, getReward and withdraw (the builder does not look at the kind)', () => {
    const calls = (abi: readonly unknown[]) =>
      functionsOf(abi)
        .filter((f) => ['exit', 'getReward', 'withdraw'].includes(f.name ?? ''))
        .map(fullSignature);
    expect(calls(stakingDualRewards.abi)).toEqual(calls(stakingRewards.abi));
    expect(calls(recoveryAbis.farm)).toHaveLength(3);
  });
});
