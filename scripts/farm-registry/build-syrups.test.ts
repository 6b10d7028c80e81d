import { readFileSync } from 'node:fs';
import { getAddress, isAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  buildSyrupRegistry,
  collectSyrupRegistry,
  formatSyrupRegistry,
  HOOKS_SYRUP_COMMIT,
  HOOKS_SYRUP_LISTS,
  type HooksSyrupVersion,
  readSyrupSources,
  SYRUP_HISTORY_COMMIT,
  SYRUP_LIST_PATHS,
  SYRUP_SOURCES,
  type SyrupListVersion,
  type SyrupRegistry,
  syrupRegistryPath,
} from './build-syrups.ts';

const committed = JSON.parse(readFileSync(syrupRegistryPath, 'utf8')) as SyrupRegistry;

interface Entry {
  stakingRewardAddress: string;
}

/** The Polygon syrup addresses of the committed sources, read here without the builder. */
function sourceAddresses(files: Record<string, string>) {
  const stake = JSON.parse(files[SYRUP_SOURCES.v2Stake]!) as Record<string, Entry[]>;
  const v2Last = [...stake.syrup!, ...stake.oldsyrup!].map((entry) =>
    entry.stakingRewardAddress.toLowerCase(),
  );
  const v2History = (JSON.parse(files[SYRUP_SOURCES.v2StakeHistory]!) as { list: string; entry: Entry }[])
    .filter((row) => row.list === 'syrup' || row.list === 'oldsyrup')
    .map((row) => row.entry.stakingRewardAddress.toLowerCase());
  const versions = JSON.parse(files[SYRUP_SOURCES.defaultStakeListHistory]!) as SyrupListVersion[];
  const defaultStakeList = versions.flatMap((version) => {
    if (version.path === 'src/chains/base/syrups.json') return [];
    const entries = Array.isArray(version.content)
      ? (version.content as Entry[])
      : ((version.content as Record<string, Entry[]>)['137'] ?? []);
    return entries.map((entry) => entry.stakingRewardAddress.toLowerCase());
  });
  const hooksVersions = JSON.parse(files[SYRUP_SOURCES.v2HooksHistory]!) as HooksSyrupVersion[];
  const v2Hooks = hooksVersions.flatMap((version) =>
    Object.values(version.lists).flatMap((entries) =>
      (entries as unknown as Entry[]).map((entry) => entry.stakingRewardAddress.toLowerCase()),
    ),
  );
  return { v2Last, v2History, defaultStakeList, versions, v2Hooks, hooksVersions };
}

describe('the committed syrup registry', () => {
  const files = readSyrupSources();
  const sources = sourceAddresses(files);

  it('is exactly what the script builds from the committed sources', () => {
    // On a mismatch: `npm run registry:syrups`, then review the diff of syrup-registry.json.
    expect(formatSyrupRegistry(buildSyrupRegistry(files)) === readFileSync(syrupRegistryPath, 'utf8')).toBe(
      true,
    );
  });

  it('holds every syrup address of the sources once, checksummed, sorted, each with a source', () => {
    const addresses = committed.syrups.map((syrup) => syrup.address);
    for (const address of addresses) {
      expect(isAddress(address, { strict: true }) && address === getAddress(address), address).toBe(true);
      expect(BigInt(address)).not.toBe(0n);
    }
    const lower = addresses.map((address) => address.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    const distinct = new Set([
      ...sources.v2Last,
      ...sources.v2History,
      ...sources.defaultStakeList,
      ...sources.v2Hooks,
    ]);
    expect(distinct.size).toBe(126);
    expect(new Set(lower).size).toBe(addresses.length);
    expect(addresses.length).toBe(distinct.size);
    expect(new Set(lower)).toEqual(distinct);
    for (const syrup of committed.syrups) {
      expect(syrup.sources.length).toBeGreaterThan(0);
      for (const source of syrup.sources) {
        expect(source.firstCommit).toMatch(/^[0-9a-f]{40}$/);
        expect(source.lastCommit).toMatch(/^[0-9a-f]{40}$/);
        expect(source.firstDate <= source.lastDate).toBe(true);
      }
    }
  });

  it('holds the 72 syrup and oldsyrup entries of interface-v2 stake.json, under the list that names them', () => {
    const stake = JSON.parse(files[SYRUP_SOURCES.v2Stake]!) as Record<string, Entry[]>;
    const byAddress = new Map(committed.syrups.map((syrup) => [syrup.address.toLowerCase(), syrup]));
    const listed = (['syrup', 'oldsyrup'] as const).flatMap((list) =>
      stake[list]!.map((entry) => ({ list, address: entry.stakingRewardAddress.toLowerCase() })),
    );
    expect(listed.length).toBe(72);
    for (const { list, address } of listed) {
      const syrup = byAddress.get(address);
      expect(syrup, address).toBeDefined();
      expect(
        syrup!.sources.some(
          (source) => source.repository === 'QuickSwap/interface-v2' && source.list === list,
        ),
      ).toBe(true);
    }
  });

  it("holds the 33 syrups only interface-v2's hooks.ts listed, under the constants that name them", () => {
    const elsewhere = new Set([...sources.v2Last, ...sources.v2History, ...sources.defaultStakeList]);
    const hooksOnly = [...new Set(sources.v2Hooks)].filter((address) => !elsewhere.has(address));
    expect(new Set(sources.v2Hooks).size).toBe(77);
    expect(hooksOnly).toHaveLength(33);
    expect(hooksOnly).toContain('0x0b2b63500243ff87b1299a56094b76c7db8a4087');
    expect(hooksOnly).toContain('0xfd0a00b0b9b2d05fa4152ebd25cd85a4f527b375');
    const byAddress = new Map(committed.syrups.map((syrup) => [syrup.address.toLowerCase(), syrup]));
    for (const address of hooksOnly) {
      const syrup = byAddress.get(address);
      expect(syrup, address).toBeDefined();
      expect(syrup!.sources.every((source) => source.path === 'src/state/stake/hooks.ts')).toBe(true);
      expect(
        syrup!.sources.every((source) => (HOOKS_SYRUP_LISTS as readonly string[]).includes(source.list!)),
      ).toBe(true);
    }
    // Every token of the file resolves (MATIC to wrapped MATIC); only its last version names a stakingToken.
    expect(collectSyrupRegistry(files).report.unresolvedTokens).toEqual([]);
    expect(committed.syrups.filter((syrup) => syrup.stakingToken === null)).toHaveLength(33);
  });

  it("reads every version of interface-v2's hooks.ts syrup constants, each with its commit and SHA-256", () => {
    const { hooksVersions } = sources;
    expect(hooksVersions.length).toBe(45);
    expect(collectSyrupRegistry(files).report.hooksVersions).toBe(45);
    for (const version of hooksVersions) {
      expect(version.path).toBe('src/state/stake/hooks.ts');
      expect(version.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(version.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(version.lists).length).toBeGreaterThan(0);
    }
    expect(new Set(hooksVersions.map((version) => version.commit)).size).toBe(hooksVersions.length);
    expect(hooksVersions[0]).toMatchObject({
      commit: 'cdc01726279a2bb5b20d1210dd73ced1d0b47a3a',
      date: '2021-11-07',
    });
    expect(hooksVersions.at(-1)).toMatchObject({
      commit: 'bafbe3563b8788e21c3794d21ff616723f2bbc33',
      date: '2022-01-20',
    });
    expect(HOOKS_SYRUP_COMMIT).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads every version of the default stake list, oldest first, each with its commit and SHA-256', () => {
    const { versions } = sources;
    expect(versions.length).toBe(59);
    expect(collectSyrupRegistry(files).report.versions).toBe(versions.length);
    const dates = versions.map((version) => version.date);
    expect(dates).toEqual([...dates].sort());
    for (const version of versions) {
      expect(SYRUP_LIST_PATHS).toContain(version.path);
      expect(version.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(version.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(versions.map((version) => `${version.path} ${version.commit}`)).size).toBe(
      versions.length,
    );
    // The last change of the syrup list at or before the commit the history was assembled up to.
    expect(versions.at(-1)).toMatchObject({ path: 'src/data/syrups.json', date: '2026-05-02' });
    expect(SYRUP_HISTORY_COMMIT).toMatch(/^[0-9a-f]{40}$/);
  });
});

// Small inputs in the shapes of the four files.
const A = '0x99787cc11354b4bb7f506D63b0340f56C65E72F5';
const B = '0xbaef1B35798bA6C2FA95d340dc6aAf284BBe2EEe';
const QUICK_NEW = '0xB5C064F955D8e7F38fE0460C556a72987494eE17';
const LCD = '0xc2A45FE7d40bCAc8369371B08419DDAFd3131b4a';
const WMATIC = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270';
const COMMIT = (n: number) => String(n).repeat(40).slice(0, 40);

const tokens = {
  QUICKNEW: { address: QUICK_NEW, decimals: 18, symbol: 'QUICK(NEW)', name: 'QuickSwap(NEW)' },
  LCD: { address: LCD, decimals: 18, symbol: 'LCD', name: 'Lucidao' },
};

function entry(address: string, fields: Record<string, unknown> = {}) {
  return {
    token: 'LCD',
    stakingRewardAddress: address,
    ended: false,
    lp: '',
    name: '',
    baseToken: 'MATIC',
    rate: 40000,
    ending: 1659224731,
    stakingToken: 'QUICKNEW',
    ...fields,
  };
}

function inputs(parts: {
  stake?: Record<string, unknown[]>;
  history?: unknown[];
  versions?: unknown[];
  hooks?: unknown[];
}) {
  return {
    [SYRUP_SOURCES.defaultStakeListHistory]: JSON.stringify(parts.versions ?? []),
    [SYRUP_SOURCES.v2HooksHistory]: JSON.stringify(parts.hooks ?? []),
    [SYRUP_SOURCES.v2Stake]: JSON.stringify({ syrup: [], oldsyrup: [], ...parts.stake }),
    [SYRUP_SOURCES.v2StakeHistory]: JSON.stringify(parts.history ?? []),
    [SYRUP_SOURCES.v2Tokens]: JSON.stringify(tokens),
  };
}

function version(path: string, n: number, date: string, content: unknown) {
  return { path, commit: COMMIT(n), date, sha256: 'a'.repeat(64), content };
}

describe('building the syrup registry', () => {
  it('resolves token keys and addresses to the same token, and keeps the latest terms with the earlier ones', () => {
    const { syrups } = buildSyrupRegistry(
      inputs({
        stake: { syrup: [entry(A)] },
        versions: [
          version('src/syrups/active.json', 1, '2022-06-14', [entry(A)]),
          version('src/syrups/ended.json', 2, '2022-08-13', [
            entry(A.toLowerCase(), {
              token: LCD,
              baseToken: WMATIC,
              stakingToken: QUICK_NEW,
              rate: 7500,
              ended: true,
            }),
          ]),
        ],
      }),
    );
    expect(syrups).toHaveLength(1);
    expect(syrups[0]).toMatchObject({
      address: A,
      rewardToken: { address: LCD, symbol: 'LCD', decimals: 18 },
      stakingToken: { address: QUICK_NEW, symbol: 'QUICK(NEW)' },
      priceBaseToken: { address: WMATIC, symbol: 'WMATIC', decimals: 18 },
      rewardsPerDay: 7500,
      ended: true,
      listedValues: {
        rewardsPerDay: [
          { value: 40000, firstDate: '2022-06-08', lastDate: '2022-06-14' },
          { value: 7500, firstDate: '2022-08-13', lastDate: '2022-08-13' },
        ],
        ended: [
          { value: false, firstDate: '2022-06-08', lastDate: '2022-06-14' },
          { value: true, firstDate: '2022-08-13', lastDate: '2022-08-13' },
        ],
      },
    });
    expect(syrups[0]!.listedValues).not.toHaveProperty('rewardToken');
    expect(syrups[0]!.sources.map((source) => [source.path, source.versions])).toEqual([
      ['src/constants/stake.json', undefined],
      ['src/syrups/active.json', 1],
      ['src/syrups/ended.json', 1],
    ]);
  });

  it('leaves out the entries of other chains and keeps interface-v2 history rows gone from the last stake.json', () => {
    const { registry, report } = collectSyrupRegistry(
      inputs({
        history: [
          {
            list: 'oldsyrup',
            entry: entry(B, { ended: true }),
            first_commit: COMMIT(3),
            first_date: '2022-01-20',
            last_commit: COMMIT(4),
            last_date: '2022-02-24',
          },
          { list: 'stakingrewards', entry: { tokens: ['LCD', 'MATIC'], stakingRewardAddress: A } },
        ],
        versions: [version('src/data/syrups.json', 5, '2026-01-15', { '137': [], '8453': [entry(A)] })],
      }),
    );
    expect(registry.syrups.map((syrup) => syrup.address)).toEqual([B]);
    expect(registry.syrups[0]!.sources).toEqual([
      {
        repository: 'QuickSwap/interface-v2',
        path: 'src/constants/stake.json',
        list: 'oldsyrup',
        firstCommit: COMMIT(3),
        firstDate: '2022-01-20',
        lastCommit: COMMIT(4),
        lastDate: '2022-02-24',
      },
    ]);
    expect(report.excluded).toEqual([`${A} (chain 8453 in src/data/syrups.json)`]);
  });

  it("reads hooks.ts's token expressions by the key they name, and keeps one it cannot resolve as listed", () => {
    const hooksEntry = (address: string, fields: Record<string, unknown>) =>
      entry(address, {
        token: 'ELON',
        baseToken: 'GlobalData.tokens.MATIC',
        ...fields,
        stakingToken: undefined,
      });
    const hooks = [
      {
        path: 'src/state/stake/hooks.ts',
        commit: COMMIT(6),
        date: '2021-12-22',
        sha256: 'b'.repeat(64),
        lists: {
          SYRUP_REWARDS_INFO: [hooksEntry(A, { token: "returnTokenFromKey('LCD')" })],
          OLD_SYRUP_REWARDS_INFO: [
            hooksEntry(A, { token: 'GlobalConst.tokens.LCD', ended: true }),
            hooksEntry(B, {}),
          ],
        },
      },
    ];
    const { registry, report } = collectSyrupRegistry(inputs({ hooks, stake: { syrup: [entry(A)] } }));
    const [a, b] = registry.syrups;
    expect(a).toMatchObject({
      address: A,
      rewardToken: { address: LCD },
      stakingToken: { address: QUICK_NEW },
    });
    expect(a!.listedValues).not.toHaveProperty('stakingToken');
    expect(a!.sources.map((source) => [source.path, source.list, source.versions])).toEqual([
      ['src/state/stake/hooks.ts', 'OLD_SYRUP_REWARDS_INFO', 1],
      ['src/state/stake/hooks.ts', 'SYRUP_REWARDS_INFO', 1],
      ['src/constants/stake.json', 'syrup', undefined],
    ]);
    expect(b).toMatchObject({
      address: B,
      rewardToken: { address: null, symbol: null, decimals: null, listedAs: 'ELON' },
      priceBaseToken: { address: WMATIC, symbol: 'WMATIC' },
      stakingToken: null,
    });
    expect(report.unresolvedTokens).toEqual(['ELON']);
  });

  it('throws on an address listed twice in one version, an unknown token key and an unknown chain', () => {
    const twice = version('src/syrups/active.json', 1, '2022-06-14', [entry(A), entry(A)]);
    expect(() => buildSyrupRegistry(inputs({ versions: [twice] }))).toThrow(/listed twice in one version/);
    expect(() => buildSyrupRegistry(inputs({ stake: { syrup: [entry(A, { token: 'NOPE' })] } }))).toThrow(
      /token key "NOPE" is not in tokens.json/,
    );
    const chain = version('src/data/syrups.json', 1, '2026-01-15', { '1': [entry(A)] });
    expect(() => buildSyrupRegistry(inputs({ versions: [chain] }))).toThrow(/unknown chain id "1"/);
  });
});
