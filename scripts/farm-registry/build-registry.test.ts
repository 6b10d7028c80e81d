import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress, isAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  buildFarmRegistry,
  collectFarmRegistry,
  defaultListsDir,
  FILES,
  formatFarmRegistry,
  parseV1Hooks,
  readListFiles,
  registryPath,
} from './build-registry.ts';
import { differencesFromManifest, readManifest } from './shared-lists.ts';

// The repository root is up from scripts/farm-registry/.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the committed farm registry', () => {
  it('is exactly what the script builds from docs/quickswap-farm-lists', () => {
    expect(path.relative(repoRoot, defaultListsDir)).toBe(path.join('docs', 'quickswap-farm-lists'));
    const built = formatFarmRegistry(buildFarmRegistry(readListFiles(defaultListsDir)));
    // On a mismatch: `npm run registry:build`, then review the diff of farm-registry.json.
    expect(built === readFileSync(registryPath, 'utf8')).toBe(true);
  });

  it('docs/quickswap-farm-lists is a byte-for-byte copy of the shared lists (their recorded SHA-256)', () => {
    // The shared lists are not in this repository; their hashes are (shared-lists.sha256), and
    // `npm run registry:check-shared` checks a folder of them against the same record.
    expect(differencesFromManifest(defaultListsDir)).toEqual([]);
    expect(readManifest().size).toBe(6);
  });

  it('holds a plausible number of farms, each checksummed, sorted by kind then address, each with a source', () => {
    const { farms } = JSON.parse(readFileSync(registryPath, 'utf8')) as ReturnType<typeof buildFarmRegistry>;
    const lp = farms.filter((farm) => farm.kind === 'lp');
    const dual = farms.filter((farm) => farm.kind === 'dual');
    expect(lp.length).toBeGreaterThanOrEqual(1000);
    expect(dual.length).toBeGreaterThanOrEqual(25);
    expect(lp.length + dual.length).toBe(farms.length);
    const keys = farms.map((farm) => `${farm.kind} ${farm.address.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(farms.map((farm) => farm.address.toLowerCase())).size).toBe(farms.length);
    for (const farm of farms) {
      expect(isAddress(farm.address, { strict: true }) && farm.address === getAddress(farm.address)).toBe(
        true,
      );
      expect(BigInt(farm.address)).not.toBe(0n);
      expect(farm.sources.length).toBeGreaterThan(0);
      for (const source of farm.sources) expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('leaves out every syrup pool of interface-v2 stake.json', () => {
    const files = readListFiles(defaultListsDir);
    const stake = JSON.parse(files[FILES.v2Stake]!) as Record<string, { stakingRewardAddress: string }[]>;
    const syrups = [...stake.syrup!, ...stake.oldsyrup!].map((entry) =>
      entry.stakingRewardAddress.toLowerCase(),
    );
    expect(syrups.length).toBe(72);
    const { farms } = buildFarmRegistry(files);
    const listed = new Set(farms.map((farm) => farm.address.toLowerCase()));
    expect(syrups.filter((address) => listed.has(address))).toEqual([]);
  });
});

// Small inputs in the shapes of the five files.
const A = '0x4A73218eF2e820987c59F838906A82455F42D98b';
const B = '0x8FF56b5325446aAe6EfBf006a4C1D88e4935a914';
const C = '0x7Ca29F0DB5Db8b88B332Aa1d67a2e89DfeC85E7E';
const USDC = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const V1_COMMIT = '00abab9669a61dd9e5860f242174d2d5607e28c7';
const V2_COMMIT = '421441bbbbfa1fb76ee4a59352f9004952f5a947';

function v1Entry(address: string, tokens = 'ETHER,USDC'): string {
  return `{
    tokens: [${tokens}],
    stakingRewardAddress: '${address}',
    ended: true,
    lp: '',
    name: '',
    baseToken: USDC,
    rate: 0,
    pair: ''
  }`;
}

function v1Hooks(lists: { current?: string[]; old?: string[]; veryOld?: string[] }): string {
  const declare = (name: string, entries: string[] = []) => `
export const ${name}: {
  [chainId in ChainId]?: {
    tokens: [Token, Token]
    stakingRewardAddress: string
  }[]
} = {
  [ChainId.MATIC]: [//TODO: MATIC
    ${entries.join(',\n    ')}
  ]
}
`;
  return `import { ChainId, Token } from '@uniswap/sdk'
const web3 = new Web3("https://example.invalid/rpc");
${declare('STAKING_REWARDS_INFO', lists.current)}
${declare('OLD_STAKING_REWARDS_INFO', lists.old)}
${declare('VERY_OLD_STAKING_REWARDS_INFO', lists.veryOld)}
export interface StakingInfo {
  stakingRewardAddress: string
}
const info = [{ stakingRewardAddress: rewardsAddress }]
`;
}

function files(parts: {
  v1?: string;
  stake?: Record<string, unknown[]>;
  history?: unknown[];
  defaultStakeList?: unknown[];
}): Record<string, string> {
  return {
    [FILES.v1Hooks]: parts.v1 ?? v1Hooks({}),
    [FILES.v2Stake]: JSON.stringify(parts.stake ?? {}),
    [FILES.v2Tokens]: '{}',
    [FILES.v2StakeHistory]: JSON.stringify(parts.history ?? []),
    [FILES.defaultStakeList]: JSON.stringify(parts.defaultStakeList ?? []),
  };
}

const lpEntry = (address: string) => ({
  tokens: ['ETHER', 'USDC'],
  stakingRewardAddress: address,
  ended: true,
});
const dualEntry = (address: string) => ({
  ...lpEntry(address),
  rewardTokenA: 'DQUICK',
  rewardTokenB: 'MATIC',
});
const syrupEntry = (address: string) => ({
  token: 'LCD',
  stakingRewardAddress: address,
  stakingToken: 'QUICKNEW',
});
const historyRow = (list: string, entry: unknown, first: [string, string], last: [string, string]) => ({
  list,
  entry,
  first_commit: first[0],
  first_date: first[1],
  last_commit: last[0],
  last_date: last[1],
});

describe('the v1 hooks.ts scanner', () => {
  it('reads each entry of the three arrays, and nothing in comments or outside the arrays', () => {
    const source = v1Hooks({
      current: [v1Entry(A), `/* ${v1Entry(C)} */`],
      old: [`// stakingRewardAddress: '${C}',`, v1Entry(B, 'ELE, QUICK')],
      veryOld: [v1Entry(A)],
    });
    expect(parseV1Hooks(source)).toEqual([
      { list: 'STAKING_REWARDS_INFO', address: A, tokens: ['ETHER', 'USDC'] },
      { list: 'OLD_STAKING_REWARDS_INFO', address: B, tokens: ['ELE', 'QUICK'] },
      { list: 'VERY_OLD_STAKING_REWARDS_INFO', address: A, tokens: ['ETHER', 'USDC'] },
    ]);
  });

  it('fails when an array is missing or an address is not a literal address', () => {
    expect(() => parseV1Hooks('export const STAKING_REWARDS_INFO = {}')).toThrow(/OLD_STAKING_REWARDS_INFO/);
    expect(() => parseV1Hooks(v1Hooks({ current: [v1Entry('0x1234')] }))).toThrow(/0x1234/);
  });
});

describe('buildFarmRegistry', () => {
  it('leaves out syrup pools: syrup and oldsyrup keys, and single-token entries anywhere', () => {
    const D = '0x99787cc11354b4bb7f506D63b0340f56C65E72F5';
    const { registry, report } = collectFarmRegistry(
      files({
        v1: v1Hooks({ current: [v1Entry(A)] }),
        stake: { syrup: [syrupEntry(B)], veryoldstakingrewards: [syrupEntry(D)] },
        history: [
          historyRow('oldsyrup', syrupEntry(C), [V2_COMMIT, '2022-06-08'], [V2_COMMIT, '2022-06-08']),
        ],
        defaultStakeList: [
          {
            kind: 'lp',
            stakingRewardAddress: USDC,
            entry: syrupEntry(USDC),
            seen: [{ path: 'x', commit: V2_COMMIT, date: '2022-06-08' }],
          },
        ],
      }),
    );
    expect(registry.farms.map((farm) => farm.address)).toEqual([A]);
    expect(report.excluded).toHaveLength(4);
  });

  it('merges an address listed in several places into one farm with every source', () => {
    const registry = buildFarmRegistry(
      files({
        v1: v1Hooks({ old: [v1Entry(A)], veryOld: [v1Entry(A)] }),
        stake: { veryoldstakingrewards: [lpEntry(A), lpEntry(A)] },
        history: [
          historyRow(
            'veryoldstakingrewards',
            lpEntry(A),
            ['1'.repeat(40), '2021-09-01'],
            [V2_COMMIT, '2022-06-08'],
          ),
        ],
        defaultStakeList: [
          {
            kind: 'lp',
            stakingRewardAddress: A,
            entry: lpEntry(A),
            seen: [
              { path: 'src/lpfarms/ended.json', commit: '3'.repeat(40), date: '2023-03-22' },
              { path: 'src/lpfarms/active.json', commit: '4'.repeat(40), date: '2022-09-28' },
              { path: 'src/lpfarms/ended.json', commit: '2'.repeat(40), date: '2022-10-07' },
            ],
          },
        ],
      }),
    );
    expect(registry).toEqual({
      generated_from: 'docs/quickswap-farm-lists',
      farms: [
        {
          address: A,
          kind: 'lp',
          sources: [
            {
              repository: 'QuickSwap/interface',
              path: 'src/state/stake/hooks.ts',
              commit: V1_COMMIT,
              date: '2021-08-04',
              list: 'OLD_STAKING_REWARDS_INFO',
            },
            {
              repository: 'QuickSwap/interface',
              path: 'src/state/stake/hooks.ts',
              commit: V1_COMMIT,
              date: '2021-08-04',
              list: 'VERY_OLD_STAKING_REWARDS_INFO',
            },
            {
              repository: 'QuickSwap/interface-v2',
              path: 'src/constants/stake.json',
              commit: V2_COMMIT,
              date: '2022-06-08',
              first_commit: '1'.repeat(40),
              first_date: '2021-09-01',
              list: 'veryoldstakingrewards',
            },
            {
              repository: 'QuickSwap/quickswap-default-stake-list',
              path: 'src/lpfarms/active.json',
              commit: '4'.repeat(40),
              date: '2022-09-28',
            },
            {
              repository: 'QuickSwap/quickswap-default-stake-list',
              path: 'src/lpfarms/ended.json',
              commit: '3'.repeat(40),
              date: '2023-03-22',
              first_commit: '2'.repeat(40),
              first_date: '2022-10-07',
            },
          ],
        },
      ],
    });
  });

  it('throws with the address when one is listed both as an LP farm and as a dual farm', () => {
    const input = files({
      v1: v1Hooks({ veryOld: [v1Entry(B.toLowerCase())] }),
      stake: { dualrewards: [dualEntry(A)] },
      defaultStakeList: [
        {
          kind: 'dual',
          stakingRewardAddress: B,
          entry: dualEntry(B),
          seen: [{ path: 'p', commit: '5'.repeat(40), date: '2022-07-01' }],
        },
      ],
    });
    expect(() => buildFarmRegistry(input)).toThrow(B);
  });

  it('leaves out the zero address, a placeholder for a farm not deployed yet', () => {
    const zero = `0x${'0'.repeat(40)}`;
    const { registry, report } = collectFarmRegistry(
      files({
        v1: v1Hooks({ current: [v1Entry(A)] }),
        defaultStakeList: [
          {
            kind: 'lp',
            stakingRewardAddress: zero,
            entry: lpEntry(zero),
            seen: [{ path: 'src/lpfarms/active.json', commit: V2_COMMIT, date: '2022-07-06' }],
          },
        ],
      }),
    );
    expect(registry.farms.map((farm) => farm.address)).toEqual([A]);
    expect(report.excluded).toEqual([
      `${zero} zero address: a placeholder, not a farm (${FILES.defaultStakeList}[0])`,
    ]);
  });

  it('throws when a farm is also listed as a syrup', () => {
    const input = files({ stake: { stakingrewards: [lpEntry(C)], oldsyrup: [syrupEntry(C)] } });
    expect(() => buildFarmRegistry(input)).toThrow(C);
  });

  it('checksums addresses written in any case, and reports mixed case that is not the checksum', () => {
    const wrongCase = USDC.replace('Bca1', 'bca1'); // mixed case, one letter off the checksum
    const { registry, report } = collectFarmRegistry(
      files({
        v1: v1Hooks({ current: [v1Entry(USDC.toLowerCase())] }),
        stake: {
          stakingrewards: [lpEntry(`0x${USDC.slice(2).toUpperCase()}`)],
          veryoldstakingrewards: [lpEntry(wrongCase)],
        },
      }),
    );
    expect(registry.farms).toEqual([
      expect.objectContaining({ address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', kind: 'lp' }),
    ]);
    expect(report.badChecksums).toEqual([`${wrongCase} (${FILES.v2Stake} veryoldstakingrewards[0])`]);
  });

  it('rejects unknown lists and kinds instead of guessing', () => {
    expect(() => buildFarmRegistry(files({ stake: { newrewards: [lpEntry(A)] } }))).toThrow(/newrewards/);
    expect(() =>
      buildFarmRegistry(
        files({ defaultStakeList: [{ kind: 'v3', stakingRewardAddress: A, entry: lpEntry(A), seen: [] }] }),
      ),
    ).toThrow(/v3/);
    expect(() => buildFarmRegistry({ [FILES.v1Hooks]: v1Hooks({}) })).toThrow(FILES.v2Stake);
  });
});
