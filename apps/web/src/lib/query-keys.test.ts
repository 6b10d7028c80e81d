import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiQueryMeta } from './api-query.ts';

/*
 * One key, one answer (issue 28): the saved wallets were cached under one key by two fetchers, one storing
 * `Wallet[]` and one `{wallets}`, and whichever screen came second crashed on the other's shape. These tests
 * call every query-options factory the features export and fail when two of them share a key but not a
 * fetcher, when a factory is not built with apiQueryOptions (so its fetcher is unknown), or when a key is
 * written as a literal instead of coming from the feature's key factory.
 */

type Factory = (...args: unknown[]) => { queryKey: QueryKey; meta?: Partial<ApiQueryMeta> };

const apiModules = import.meta.glob<Record<string, unknown>>(
  ['../features/*/api/*.ts', '../features/*/api.ts', '!**/*.test.ts'],
  { eager: true },
);

const address = '0x1111111111111111111111111111111111111111';
const filters = {
  kind: 'lp',
  page: 1,
  sort: 'tvl',
  order: 'desc',
  status: 'all',
  token: '',
  holdings: 'any',
};

/**
 * The arguments each factory is called with. The same values for the same kind of argument, so factories
 * that would collide in use collide here. A new factory must be added: the first test says so.
 */
const sampleArguments: Record<string, unknown[][]> = {
  connectedWalletsQueryOptions: [[]],
  walletDetailsQueryOptions: [['1']],
  walletRemovalQueryOptions: [[1]],
  walletCatalogueQueryOptions: [[]],
  allFarmsQueryOptions: [
    ['lp', address],
    ['dual', undefined],
  ],
  trackedFarmsQueryOptions: [
    ['lp', address],
    ['dual', undefined],
  ],
  farmDetailQueryOptions: [
    [address, address],
    [address, undefined],
  ],
  trackedSummaryQueryOptions: [[]],
  farmPriceChoicesQueryOptions: [[address]],
  portfolioQueryOptions: [[]],
  toolsQueryOptions: [[]],
  blockchainQueryOptions: [['137']],
  notificationsQueryOptions: [[]],
  alertChannelsQueryOptions: [[]],
  alertSettingsQueryOptions: [[]],
  farmIndexQueryOptions: [[filters]],
  leftInEndedFarmsQueryOptions: [[]],
  recoveryPlanQueryOptions: [[address]],
  polPriceQueryOptions: [[]],
  walletPositionsQueryOptions: [[address]],
  positionQueryOptions: [['4021']],
  trackedPositionsQueryOptions: [[]],
  walletHoldingsQueryOptions: [[address]],
  chainsQueryOptions: [[]],
  chainHoldingsQueryOptions: [[8453, address]],
  trackedChainWalletsQueryOptions: [[]],
  chainWalletHistoryQueryOptions: [[7]],
  trackedVaultPositionsQueryOptions: [[]],
  positionHistoryQueryOptions: [['4021', address]],
  ledgerQueryOptions: [[address, 'UTC']],
  yearSummaryQueryOptions: [[address, 2025, 'UTC']],
};

type Entry = { factory: string; queryKey: QueryKey; fetcher: unknown };

function exportedFactories(): Array<{ name: string; module: string; factory: Factory }> {
  return Object.entries(apiModules).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => name.endsWith('QueryOptions') && typeof value === 'function')
      .map(([name, value]) => ({ name, module, factory: value as Factory })),
  );
}

function entriesOf(factories: ReturnType<typeof exportedFactories>): Entry[] {
  return factories.flatMap(({ name, factory }) =>
    (sampleArguments[name] ?? []).map((args) => {
      const options = factory(...args);
      return { factory: name, queryKey: options.queryKey, fetcher: options.meta?.fetcher };
    }),
  );
}

/** Keys filled by more than one fetcher, each with the factories that fill it. */
export function findSharedKeys(entries: Entry[]): string[] {
  const byKey = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = hashKey(entry.queryKey);
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  return [...byKey.entries()]
    .filter(([, group]) => new Set(group.map((entry) => entry.fetcher)).size > 1)
    .map(([key, group]) => `${key}: ${[...new Set(group.map((entry) => entry.factory))].join(', ')}`);
}

describe('query keys: one key, one fetcher', () => {
  const factories = exportedFactories();

  it('finds the factories, and every one has sample arguments and a known fetcher', () => {
    expect(factories.length).toBeGreaterThanOrEqual(Object.keys(sampleArguments).length);
    const unlisted = factories.filter(({ name }) => !(name in sampleArguments)).map(({ name }) => name);
    expect(unlisted, 'add these factories to sampleArguments').toEqual([]);
    const withoutFetcher = entriesOf(factories)
      .filter((entry) => typeof entry.fetcher !== 'function')
      .map((entry) => entry.factory);
    expect(withoutFetcher, 'build these with apiQueryOptions').toEqual([]);
  });

  it('no two factories share a key with different fetchers', () => {
    expect(findSharedKeys(entriesOf(factories))).toEqual([]);
  });

  it('catches the saved-wallets case: one key, two fetchers', () => {
    const getList = async () => ({ wallets: [] });
    const getArray = async () => [];
    const shared = findSharedKeys([
      { factory: 'connectedWalletsQueryOptions', queryKey: ['wallets', 'connected'], fetcher: getList },
      { factory: 'savedWalletsQueryOptions', queryKey: ['wallets', 'connected'], fetcher: getArray },
      { factory: 'walletDetailsQueryOptions', queryKey: ['wallets', 'details', '1'], fetcher: getArray },
    ]);
    expect(shared).toEqual([
      '["wallets","connected"]: connectedWalletsQueryOptions, savedWalletsQueryOptions',
    ]);
  });

  it('every query key in the app comes from a key factory (features/*/api/keys.ts), never a literal', () => {
    const sourceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    const literal = /queryKey:\s*\[/;
    const offenders = sourceFiles(sourceRoot)
      .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'))
      .filter((file) => literal.test(readFileSync(file, 'utf8')))
      .map((file) => relative(sourceRoot, file));
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
