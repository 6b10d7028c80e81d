import { readFileSync } from 'node:fs';
import { getAddress, isAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { addressConstants, envValues, indexConstants } from './assemble-vault-lists.ts';
import {
  buildVaultRegistry,
  collectVaultRegistry,
  countByManager,
  formatVaultRegistry,
  readVaultSources,
  type VaultRegistry,
  vaultRegistryPath,
} from './build-vaults.ts';
import {
  replayVaultLists,
  VAULT_LISTS_COMMIT,
  VAULT_PATHS,
  VAULT_SOURCES,
  type VaultListVersion,
} from './vault-lists.ts';

const committed = JSON.parse(readFileSync(vaultRegistryPath, 'utf8')) as VaultRegistry;
const byAddress = new Map(committed.vaults.map((vault) => [vault.address.toLowerCase(), vault]));
const vault = (address: string) => byAddress.get(address.toLowerCase());

/**
 * Every vault address of the committed rows, read here without the builder: an address enters the lists through a
 * change, so each one any version lists is in some row's `changed`.
 */
function rowAddresses(files: Record<string, string>): Record<'gamma' | 'ichi' | 'defiedge', Set<string>> {
  const rows = JSON.parse(files[VAULT_SOURCES.v2VaultLists]!) as VaultListVersion[];
  const found = { gamma: new Set<string>(), ichi: new Set<string>(), defiedge: new Set<string>() };
  for (const { changed } of rows) {
    for (const hypervisors of Object.values(changed.GammaPairs?.pairs ?? {})) {
      for (const entry of (hypervisors ?? []) as { address: string }[])
        found.gamma.add(entry.address.toLowerCase());
    }
    for (const entry of (changed.IchiVaults ?? []) as (string | { address: string })[]) {
      found.ichi.add((typeof entry === 'string' ? entry : entry.address).toLowerCase());
    }
    for (const entry of (changed.DefiedgeStrategies ?? []) as { id: string }[]) {
      found.defiedge.add(entry.id.toLowerCase());
    }
  }
  return found;
}

describe('the committed vault registry', () => {
  const files = readVaultSources();

  it('is exactly what the script builds from the committed sources', () => {
    // On a mismatch: `npm run registry:vaults`, then review the diff of vault-registry.json.
    expect(formatVaultRegistry(buildVaultRegistry(files)) === readFileSync(vaultRegistryPath, 'utf8')).toBe(
      true,
    );
  });

  it('holds every vault any version listed once, checksummed, sorted, under its manager, each with a source', () => {
    const addresses = committed.vaults.map((v) => v.address);
    for (const address of addresses) {
      expect(isAddress(address, { strict: true }) && address === getAddress(address), address).toBe(true);
    }
    const lower = addresses.map((address) => address.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(new Set(lower).size).toBe(addresses.length);
    const listed = rowAddresses(files);
    for (const manager of ['gamma', 'ichi', 'defiedge'] as const) {
      const inRegistry = committed.vaults
        .filter((v) => v.manager === manager)
        .map((v) => v.address.toLowerCase());
      expect(new Set(inRegistry), manager).toEqual(listed[manager]);
    }
    expect(countByManager(committed)).toEqual({ gamma: 127, ichi: 39, defiedge: 24, steer: 0 });
    for (const v of committed.vaults) {
      expect(v.sources.length).toBeGreaterThan(0);
      for (const source of v.sources) {
        expect(source.repository).toBe('QuickSwap/interface-v2');
        expect(source.path).toBe(VAULT_PATHS.constants);
        expect(source.firstCommit).toMatch(/^[0-9a-f]{40}$/);
        expect(source.lastCommit).toMatch(/^[0-9a-f]{40}$/);
        expect(source.firstDate <= source.lastDate).toBe(true);
      }
    }
    expect(collectVaultRegistry(files).report.inNewest).toEqual({
      gamma: 110,
      ichi: 37,
      defiedge: 22,
      steer: 0,
    });
  });

  it('replays rows of three files each, up to the newest commit of master', () => {
    const rows = JSON.parse(files[VAULT_SOURCES.v2VaultLists]!) as VaultListVersion[];
    expect(rows).toHaveLength(192);
    expect(rows[rows.length - 1]!.commit).toBe(VAULT_LISTS_COMMIT);
    for (const row of rows) {
      expect(Object.keys(row.sha256).sort()).toEqual(Object.values(VAULT_PATHS).sort());
      for (const hash of Object.values(row.sha256)) if (hash !== null) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const newest = replayVaultLists(files).at(-1)!.constants;
    expect((newest.IchiVaults as string[]).length).toBe(37);
    expect((newest.DefiedgeStrategies as unknown[]).length).toBe(22);
  });

  it('resolves a Gamma stake through the MasterChef of its masterChefIndex at that commit', () => {
    expect(vault('0x02203f2351e7ac6ab5051205172d3f772db7d814')).toMatchObject({
      manager: 'gamma',
      token0: { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270' },
      token1: { address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619' },
      preset: 'Narrow',
      staking: { kind: 'gamma-masterchef', address: '0x20ec0d06F447d550fC6edee42121bc8C1817b97D', pid: 0 },
    });
    // Listed at index 2 (the QI-style chef) with pid 2, then at index 0 with pid 81: both stakes are kept.
    const qi = vault('0x25B186eEd64ca5FDD1bc33fc4CFfd6d34069BAec')!;
    expect(qi.staking).toEqual({
      kind: 'gamma-masterchef',
      address: '0x20ec0d06F447d550fC6edee42121bc8C1817b97D',
      pid: 81,
    });
    expect(qi.listedValues?.staking?.map((listed) => listed.value)).toEqual([
      { kind: 'gamma-masterchef', address: '0xcC54AfCeCD0d89e0B2db58f5d9e58468E7aD20dc', pid: 2 },
      { kind: 'gamma-masterchef', address: '0x20ec0d06F447d550fC6edee42121bc8C1817b97D', pid: 81 },
    ]);
  });

  it('keeps the hypervisors GammaPairs listed by symbols before it was keyed by chain', () => {
    // Listed under 'WMATIC-ETH' (2022-12-25), then with token addresses and a stake in the first MasterChef.
    const early = vault('0x718a554d9740ac9bf4092ec1692961f1c9d96f46')!;
    expect(early.listedValues?.token0?.map((listed) => listed.value)).toEqual([
      { symbol: 'WMATIC' },
      { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270' },
    ]);
    expect(early.staking).toEqual({
      kind: 'gamma-masterchef',
      address: '0x9C64060CAc9A20A44Dbf9EFF47BD4de7D049877d',
      pid: 4,
    });
    expect(early.sources[0]).toMatchObject({ firstDate: '2022-12-25', lastDate: '2023-01-17' });
    // Every hypervisor listed by symbols was listed with addresses after: none is left with symbols only.
    expect(committed.vaults.filter((v) => v.token0?.symbol !== undefined)).toEqual([]);
  });

  it('keeps the tokens of the first IchiVaults and the stake DefiEdge no longer lists', () => {
    expect(vault('0x74b706767f18a360c0083854ab42c1b96e076229')).toMatchObject({
      manager: 'ichi',
      token0: { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270' },
      token1: { address: '0xB5C064F955D8e7F38fE0460C556a72987494eE17' },
    });
    const defiedge = vault('0x8b207CA0B5602fEcF38Dbc748900B7f5C5903F12')!;
    expect(defiedge.pool).toBe('0xAC4494e30a85369e332BDB5230d6d694d4259DbC');
    expect(defiedge.staking).toBeUndefined();
    expect(defiedge.listedValues?.staking).toEqual([
      {
        value: { kind: 'defiedge-minichef', address: '0xABeCD28Ef2b4aF6B3ea046a00C435A4f44f576AE', pid: 0 },
        firstDate: '2023-11-06',
        lastDate: '2023-12-20',
      },
    ]);
  });

  it("names the managers' contracts and Steer's URLs, since interface-v2 lists no Steer vault", () => {
    expect(committed.managers.gamma.masterChefs.map(({ index, value }) => [index, value])).toEqual([
      [0, '0x9C64060CAc9A20A44Dbf9EFF47BD4de7D049877d'],
      [0, '0x20ec0d06F447d550fC6edee42121bc8C1817b97D'],
      [1, '0x68678Cf174695fc2D27bd312DF67A3984364FFDd'],
      [2, '0xcC54AfCeCD0d89e0B2db58f5d9e58468E7aD20dc'],
    ]);
    const { steer } = committed.managers;
    expect(steer.registry.value).toBe('0x24825B3C44742600D3995d1D3760cceE999A7f0b');
    expect(steer.periphery.value).toBe('0x29E1888F7DD0757f2873E494463Ec389dab38D27');
    expect(steer.apiUrl.value).toBe('https://api.steer.finance');
    expect(steer.stakingPoolsUrl.value).toMatch(/^https:\/\/.+\/staking-pools$/);
    expect(steer.stakingPoolsUrl.sources[0]).toMatchObject({ path: '.env', lastCommit: VAULT_LISTS_COMMIT });
    expect(committed.managers.defiedge.miniChefs.map((chef) => chef.value)).toEqual([
      '0xABeCD28Ef2b4aF6B3ea046a00C435A4f44f576AE',
    ]);
  });
});

describe('reading interface-v2', () => {
  it("takes Polygon's part of each list, and all of GammaPairs when it was not keyed by chain", () => {
    const text = `
      export const GammaPairs = { 'A-B': [{ type: Presets.GAMMA_WIDE, title: 'Wide', address: '0x01', pid: 3 }] };
      export const IchiVaults = { [ChainId.MATIC]: ['0x02'], [ChainId.ZKEVM]: ['0x03'] };
      export const DefiedgeStrategies = { [ChainId.ZKEVM]: [] };`;
    expect(indexConstants(text)).toEqual({
      GammaPairs: {
        chainKey: null,
        pairs: {
          'A-B': [{ type: { expression: 'Presets.GAMMA_WIDE' }, title: 'Wide', address: '0x01', pid: 3 }],
        },
      },
      IchiVaults: ['0x02'],
    });
    expect(() => indexConstants('export const IchiVaults = { [ChainId.MATIC]: [f()] };')).toThrow(
      /not a literal/,
    );
    // One address map, then an array of them indexed by masterChefIndex: both read as Polygon's array.
    const chefs = (value: string) => addressConstants(`export const GAMMA_MASTERCHEF_ADDRESSES = ${value};`);
    expect(chefs("{ [ChainId.MATIC]: '0x01' }")).toEqual({ GAMMA_MASTERCHEF_ADDRESSES: ['0x01'] });
    expect(chefs("[{ [ChainId.MATIC]: '0x01' }, { [ChainId.ZKEVM]: '0x02' }]")).toEqual({
      GAMMA_MASTERCHEF_ADDRESSES: ['0x01', null],
    });
    expect(envValues('A=1\nREACT_APP_STEER_API_URL="https://x"\n', ['REACT_APP_STEER_API_URL'])).toEqual({
      REACT_APP_STEER_API_URL: 'https://x',
    });
  });
});

describe('the builder on made-up rows', () => {
  const A = '0x00000000000000000000000000000000000000a1';
  const row = (changed: VaultListVersion['changed'], commit = VAULT_LISTS_COMMIT): VaultListVersion => ({
    commit,
    date: '2025-04-03',
    sha256: {},
    changed,
  });
  const inputs = (rows: VaultListVersion[]) => ({ [VAULT_SOURCES.v2VaultLists]: JSON.stringify(rows) });
  const steer = {
    STEER_VAULT_REGISTRY: '0x24825B3C44742600D3995d1D3760cceE999A7f0b',
    STEER_PERIPHERY: '0x29E1888F7DD0757f2873E494463Ec389dab38D27',
    REACT_APP_STEER_API_URL: 'https://api.example',
    REACT_APP_STEER_STAKING_POOLS_URL: 'https://pools.example',
  };

  it('throws with where on a bad address, a vault under two managers, or rows not up to the commit', () => {
    expect(() => buildVaultRegistry(inputs([row({ ...steer, IchiVaults: ['0x12'] })]))).toThrow(
      /IchiVaults\[0\]: "0x12" is not a 20-byte hex address/,
    );
    const twice = {
      ...steer,
      IchiVaults: [A],
      DefiedgeStrategies: [{ id: A, token0: A, token1: A, pool: A }],
    };
    expect(() => buildVaultRegistry(inputs([row(twice)]))).toThrow(/listed as ichi and defiedge/);
    expect(() => buildVaultRegistry(inputs([row({ ...steer }, 'a'.repeat(40))]))).toThrow(
      /the last row is not/,
    );
    expect(buildVaultRegistry(inputs([row({ ...steer, IchiVaults: [A] })])).vaults).toHaveLength(1);
  });
});
