import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  type DeployedContractName,
  deployedInterfaces,
  type UniswapV2ContractName,
  usedUniswapV2Interfaces,
} from './deployed-interfaces.ts';
import {
  dragonLair,
  pair,
  pairFactory,
  quickConverter,
  router02,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsDualFactory,
  stakingRewardsFactory,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
} from './index.ts';

type AbiItem = {
  type: string;
  name?: string;
  stateMutability?: string;
  inputs?: readonly { type: string; indexed?: boolean }[];
  outputs?: readonly { type: string }[];
};

/** One line per function and event, in the format of deployedInterfaces. */
function signaturesOf(abi: readonly unknown[]): string[] {
  return (abi as AbiItem[])
    .filter((item) => item.type === 'function' || item.type === 'event')
    .map((item) => {
      const inputs = (item.inputs ?? []).map((p) => `${p.type}${p.indexed ? ' indexed' : ''}`).join(',');
      if (item.type === 'event') return `event ${item.name}(${inputs})`;
      const isView = item.stateMutability === 'view' || item.stateMutability === 'pure';
      const outputs = isView ? ` view returns (${(item.outputs ?? []).map((p) => p.type).join(',')})` : '';
      return `function ${item.name}(${inputs})${outputs}`;
    })
    .sort();
}

/** One line per function, outputs written for state-changing functions too (usedUniswapV2Interfaces' format). */
function fullSignaturesOf(abi: readonly unknown[]): string[] {
  return (abi as AbiItem[])
    .filter((item) => item.type === 'function')
    .map((item) => {
      const inputs = (item.inputs ?? []).map((p) => p.type).join(',');
      const isView = item.stateMutability === 'view' || item.stateMutability === 'pure';
      const outputs = (item.outputs ?? []).map((p) => p.type).join(',');
      return `function ${item.name}(${inputs})${isView ? ' view' : ''}${outputs ? ` returns (${outputs})` : ''}`;
    });
}

const testContracts: Record<DeployedContractName, readonly unknown[]> = {
  stakingRewards: stakingRewards.abi,
  stakingDualRewards: stakingDualRewards.abi,
  stakingRewardsFactory: stakingRewardsFactory.abi,
  stakingRewardsDualFactory: stakingRewardsDualFactory.abi,
  dragonLair: dragonLair.abi,
  quickConverter: quickConverter.abi,
};

describe('test contracts against the deployed QuickSwap interfaces', () => {
  it.each(Object.keys(testContracts) as DeployedContractName[])(
    '%s has every deployed function and event, and nothing else',
    (name) => {
      const ours = signaturesOf(testContracts[name]);
      const deployed: string[] = [...deployedInterfaces[name]].sort();
      expect({
        missing: deployed.filter((s) => !ours.includes(s)),
        extra: ours.filter((s) => !deployed.includes(s)),
      }).toEqual({
        missing: [],
        extra: [],
      });
    },
  );

  it('has no rewardsDuration() or getRewardForDuration() on either farm', () => {
    for (const abi of [stakingRewards.abi, stakingDualRewards.abi]) {
      const names = signaturesOf(abi).join('\n');
      expect(names).not.toMatch(/rewardsDuration\(|getRewardForDuration\(/);
    }
  });
});

const uniswapArtifacts: Record<UniswapV2ContractName, readonly unknown[]> = {
  pair: pair.abi,
  factory: pairFactory.abi,
  router02: router02.abi,
};

describe("Uniswap V2's published artifacts against the functions Tidewatch calls", () => {
  it.each(Object.keys(uniswapArtifacts) as UniswapV2ContractName[])(
    '%s has every function Tidewatch calls, with these outputs',
    (name) => {
      const published = fullSignaturesOf(uniswapArtifacts[name]);
      expect(usedUniswapV2Interfaces[name].filter((s) => !published.includes(s))).toEqual([]);
    },
  );

  it("has Router02's hard-coded pair init code hash equal keccak256 of the pair creation code the factory deploys", () => {
    expect(keccak256(pair.bytecode)).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH);
    // createPair deploys type(UniswapV2Pair).creationCode, which the factory carries whole.
    expect(pairFactory.bytecode.includes(pair.bytecode.slice(2))).toBe(true);
    // pairFor in UniswapV2Library: keccak256(0xff ++ factory ++ salt ++ init code hash), the hash a PUSH32.
    expect(router02.bytecode).toContain(`7f${UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2)}`);
    expect(router02.deployedBytecode).toContain(UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2));
  });
});

/**
 * The facts sheet the team keeps beside the repository (shared/quickswap-onchain.md), with its copy in
 * docs/ for clones that stand alone: every function and event it names for a contract must be in our pinned
 * list, so the two cannot drift apart.
 */
const here = dirname(fileURLToPath(import.meta.url));
const teamSheet = join(here, '../../../../shared/quickswap-onchain.md');
const repoCopy = join(here, '../../../docs/quickswap-onchain.md');
const factsSheet = existsSync(teamSheet) ? teamSheet : repoCopy;

/** The `name(` identifiers a markdown section names in backticks. */
function namesInSection(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(heading);
  const end = markdown.indexOf('\n## ', start + heading.length);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return [...new Set([...section.matchAll(/`(?:[^`]*?\b)?([A-Za-z][A-Za-z0-9]*)\(/g)].map((m) => m[1]!))];
}

const namesOf = (name: DeployedContractName) =>
  new Set(deployedInterfaces[name].map((s) => s.replace(/^(function|event) /, '').replace(/\(.*/, '')));

describe('the pinned interfaces against quickswap-onchain.md', () => {
  const markdown = existsSync(factsSheet) ? readFileSync(factsSheet, 'utf8') : '';

  it('finds the facts sheet, and its copy in docs/ is the same', () => {
    expect(markdown, `${factsSheet} is missing`).toContain('StakingRewards');
    expect(readFileSync(repoCopy, 'utf8')).toBe(markdown);
  });

  it('names nothing for StakingRewards that the pinned list lacks (constructor and absent views aside)', () => {
    const named = namesInSection(markdown, '## LP mining').filter(
      (n) => !['rewardsDuration', 'getRewardForDuration'].includes(n),
    );
    const pinned = namesOf('stakingRewards');
    expect(named.filter((n) => !pinned.has(n))).toEqual([]);
    expect(named.length).toBeGreaterThan(15);
  });

  it('names nothing for StakingDualRewards that the pinned list lacks', () => {
    const named = namesInSection(markdown, '## Dual mining').filter((n) => n !== 'rewardsDuration');
    const pinned = new Set([...namesOf('stakingDualRewards')]);
    expect(named.filter((n) => !pinned.has(n))).toEqual([]);
    expect(named.length).toBeGreaterThan(15);
  });

  it("names the factories' getters and the lair's functions as pinned", () => {
    const named = namesInSection(markdown, '## Factories');
    const pinned = new Set([...namesOf('stakingRewardsFactory'), ...namesOf('stakingRewardsDualFactory')]);
    expect(named.filter((n) => !pinned.has(n))).toEqual([]);
    const lair = namesOf('dragonLair');
    for (const n of ['enter', 'leave', 'QUICKBalance', 'dQUICKForQUICK', 'QUICKForDQUICK'])
      expect(lair.has(n)).toBe(true);
  });
});
