import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deployedV3Interfaces, type V3ContractName } from './deployed-interfaces.ts';
import {
  algebraEternalFarming,
  algebraFactory,
  algebraPool,
  farmingCenter,
  merklDistributor,
  nonfungiblePositionManager,
} from './index.ts';
import { v3Abis } from './v3-abis.ts';

type AbiParam = { type: string; name?: string; indexed?: boolean; components?: readonly AbiParam[] };
type AbiItem = {
  type: string;
  name?: string;
  stateMutability?: string;
  inputs?: readonly AbiParam[];
  outputs?: readonly AbiParam[];
};

/** A parameter with its type (tuples spelled out), `indexed` and name: what encoding and decoding depend on. */
function formatParam(param: AbiParam): string {
  const type = param.type.startsWith('tuple')
    ? `(${(param.components ?? []).map(formatParam).join(', ')})${param.type.slice('tuple'.length)}`
    : param.type;
  return [type, param.indexed ? 'indexed' : '', param.name ?? ''].filter(Boolean).join(' ');
}

/** One line per function or event: name, inputs, mutability and outputs, with parameter names. */
function formatItem(item: AbiItem): string {
  const inputs = (item.inputs ?? []).map(formatParam).join(', ');
  if (item.type === 'event') return `event ${item.name}(${inputs})`;
  const mutability = item.stateMutability === 'nonpayable' ? '' : ` ${item.stateMutability}`;
  const outputs = item.outputs?.length ? ` returns (${item.outputs.map(formatParam).join(', ')})` : '';
  return `function ${item.name}(${inputs})${mutability}${outputs}`;
}

const formatAbi = (abi: readonly unknown[]) =>
  (abi as AbiItem[]).filter((item) => item.type === 'function' || item.type === 'event').map(formatItem);

/** The artifact the kit deploys for each pinned contract (Algebra's published builds, Merkl's restatement). */
const artifacts: Record<V3ContractName, readonly unknown[]> = {
  pool: algebraPool.abi,
  factory: algebraFactory.abi,
  positionManager: nonfungiblePositionManager.abi,
  farmingCenter: farmingCenter.abi,
  eternalFarming: algebraEternalFarming.abi,
  merklDistributor: merklDistributor.abi,
};
const contractNames = Object.keys(artifacts) as V3ContractName[];

describe('the pinned V3 and Merkl interfaces against the artifacts', () => {
  it.each(contractNames)(
    '%s: every pinned function and event is in the artifact with the same types, names and mutability',
    (name) => {
      const published = formatAbi(artifacts[name]);
      const pinned = formatAbi(v3Abis[name]);
      expect(pinned.filter((line) => !published.includes(line))).toEqual([]);
    },
  );

  it.each(contractNames)('%s: the ABI the app uses is the pinned list, nothing more', (name) => {
    const lines = deployedV3Interfaces[name].filter((line) => !line.startsWith('struct '));
    expect(formatAbi(v3Abis[name])).toHaveLength(lines.length);
    const names = new Set(formatAbi(v3Abis[name]).map((line) => line.replace(/\(.*/, '')));
    expect(names.size).toBe(lines.length);
  });

  it("pins Algebra's shapes, not Uniswap's: an 11-field positions(), a 7-field globalState(), the 6-argument IncreaseLiquidity", () => {
    const positions = v3Abis.positionManager.find(
      (item) => item.type === 'function' && item.name === 'positions',
    );
    expect(positions?.type === 'function' && positions.outputs.length).toBe(11);
    const globalState = v3Abis.pool.find((item) => item.type === 'function' && item.name === 'globalState');
    expect(globalState?.type === 'function' && globalState.outputs.map((o) => o.type)).toEqual([
      'uint160',
      'int24',
      'uint16',
      'uint16',
      'uint8',
      'uint8',
      'bool',
    ]);
    const increase = v3Abis.positionManager.find(
      (item) => item.type === 'event' && item.name === 'IncreaseLiquidity',
    );
    expect(increase?.type === 'event' && increase.inputs.map((i) => i.name)).toContain('actualLiquidity');
  });
});

/**
 * The facts sheet (shared/quickswap-v3-onchain.md beside the repository, its copy in docs/ for clones that stand
 * alone): every function and event it names in §3 and §6 must be pinned, so the list and the sheet cannot drift.
 */
const here = dirname(fileURLToPath(import.meta.url));
const teamSheet = join(here, '../../../../shared/quickswap-v3-onchain.md');
const repoCopy = join(here, '../../../docs/quickswap-v3-onchain.md');
const factsSheet = existsSync(teamSheet) ? teamSheet : repoCopy;

/** The text of a section, from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(heading);
  if (start === -1) throw new Error(`no section ${heading}`);
  const level = heading.match(/^#+/)?.[0] ?? '##';
  const rest = markdown.slice(start + heading.length);
  const ends = [...rest.matchAll(/\n(#+) /g)].filter((m) => (m[1] ?? '').length <= level.length);
  return rest.slice(0, ends[0]?.index);
}

/**
 * The `name(` identifiers a section names in backticks, `a{0,1}b(` spelled out as `a0b(` and `a1b(`; a name
 * written `Contract.name(` counts for that contract.
 */
function namesIn(text: string): { contract: string | null; name: string }[] {
  const spans = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  const expanded = spans.flatMap((span) => {
    const brace = span.match(/^(.*?)\{([^}]+)\}(.*)$/);
    return brace ? (brace[2] ?? '').split(',').map((part) => `${brace[1]}${part.trim()}${brace[3]}`) : [span];
  });
  return expanded.flatMap((span) =>
    [...span.matchAll(/(?:\b([A-Za-z][A-Za-z0-9]*)\.)?\b([A-Za-z][A-Za-z0-9]*)\(/g)].map((m) => ({
      contract: m[1] ?? null,
      name: m[2] ?? '',
    })),
  );
}

const pinnedNames = (contract: V3ContractName) =>
  new Set(
    formatAbi(v3Abis[contract]).map((line) => line.replace(/^(function|event) /, '').replace(/\(.*/, '')),
  );

/** Named in a section but not a member of its contract, each with the reason. */
const notMembers: Record<string, string> = {
  // keccak256(abi.encode(…)): how a pool's salt and an incentive id are computed.
  keccak256: 'hash',
  abi: 'hash',
  encode: 'hash',
  // The pool's burn(…, 0), which the position manager's collect calls: the app never calls it.
  burn: 'pool internal',
  // The pool's swap-time fee update, a function of the contract's source.
  _getNewFee: 'source',
};

/** Names written with a contract or variable prefix: `factory.poolByPair(`, `FarmingCenter.claimReward(`. */
const prefixes: Record<string, V3ContractName> = {
  factory: 'factory',
  FarmingCenter: 'farmingCenter',
};

describe('the pinned V3 and Merkl interfaces against quickswap-v3-onchain.md', () => {
  const markdown = existsSync(factsSheet) ? readFileSync(factsSheet, 'utf8') : '';
  const sections: [string, V3ContractName][] = [
    ['### AlgebraPool (V1)', 'pool'],
    ['### NonfungiblePositionManager', 'positionManager'],
    ['### FarmingCenter (V1)', 'farmingCenter'],
    ['### AlgebraEternalFarming (V1)', 'eternalFarming'],
    ['## 6. Merkl (Angle) rewards', 'merklDistributor'],
  ];

  it('finds the facts sheet, and its copy in docs/ is the same', () => {
    expect(markdown, `${factsSheet} is missing`).toContain('AlgebraEternalFarming');
    expect(readFileSync(repoCopy, 'utf8')).toBe(markdown);
  });

  it.each(sections)('pins every function and event the sheet names under %s', (heading, contract) => {
    const text = section(markdown, heading);
    // §6 also documents the HTTP API; the distributor's part ends where the API's begins.
    const named = namesIn(
      contract === 'merklDistributor' ? (text.split('**API used by IV2**')[0] ?? '') : text,
    );
    const missing = named
      .filter(({ name }) => !(name in notMembers))
      .map(({ contract: prefix, name }) => ({ contract: (prefix && prefixes[prefix]) || contract, name }))
      .filter(({ contract: owner, name }) => !pinnedNames(owner).has(name));
    expect(missing).toEqual([]);
    expect(named.length).toBeGreaterThan(3);
  });
});
