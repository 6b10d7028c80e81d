import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig, resolveJwtSecret } from '../src/core/config.ts';
import { runServer, serverDir } from './run-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'tidewatch-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('configuration', () => {
  it('names every bad variable in one message', () => {
    expect(() =>
      parseConfig({
        PORT: 'abc',
        CHAIN_ID: 'polygon',
        LOG_LEVEL: 'loud',
        MULTICALL3_ADDRESS: '0x12',
        JWT_SECRET: 'short',
      }),
    ).toThrowError(
      /^Invalid configuration: PORT must be a port number \(got "abc"\).*JWT_SECRET.*\(value hidden\).*CHAIN_ID.*MULTICALL3_ADDRESS.*LOG_LEVEL/,
    );
  });

  it('resolves a relative DATA_DIR against the repository root, whatever the cwd', () => {
    const repoRoot = resolve(serverDir, '../..');
    expect(parseConfig({}).dataDir).toBe(join(repoRoot, 'data'));
    expect(parseConfig({ DATA_DIR: 'var/x' }).dataDir).toBe(join(repoRoot, 'var/x'));
  });

  it('splits a comma-separated POLYGON_RPC_URL and defaults PUBLIC_URL from PORT', () => {
    const config = parseConfig({ POLYGON_RPC_URL: 'https://a.example, https://b.example', PORT: '4000' });
    expect(config.polygonRpcUrls).toEqual(['https://a.example', 'https://b.example']);
    expect(config.publicUrl).toBe('http://localhost:4000');
  });

  it("defaults QuickSwap's farm factories and QUICK/dQUICK to Polygon's, and takes lists of addresses", () => {
    const defaults = parseConfig({});
    expect(defaults.lpFarmFactories).toContain('0x8aAA5e259F74c8114e0a471d9f2ADFc66Bfe09ed');
    expect(defaults.dualFarmFactories).toEqual(['0x9Dd12421C637689c3Fc6e661C9e2f02C2F61b3Eb']);
    expect(defaults.dquick).toEqual({
      old: '0xf28164A485B0B2C90639E47b0f377b4a438a16B1',
      new: '0x958d208Cdf087843e9AD98d23823d32E17d723A1',
    });
    const a = '0x1111111111111111111111111111111111111111';
    const b = '0x2222222222222222222222222222222222222222';
    expect(parseConfig({ LP_FARM_FACTORIES: `${a}, ${b}` }).lpFarmFactories).toEqual([a, b]);
    expect(() => parseConfig({ DUAL_FARM_FACTORIES: `${a},0x12` })).toThrowError(
      /DUAL_FARM_FACTORIES must be comma-separated 0x-prefixed 20-byte addresses/,
    );
  });

  it('reads SNAPSHOT_INTERVAL (default 1h, off, and nothing under 5s) and WORKER', () => {
    expect(parseConfig({}).snapshotIntervalMs).toBe(3_600_000);
    expect(parseConfig({ SNAPSHOT_INTERVAL: 'off' }).snapshotIntervalMs).toBeNull();
    expect(parseConfig({ SNAPSHOT_INTERVAL: '30s' }).snapshotIntervalMs).toBe(30_000);
    expect(() => parseConfig({ SNAPSHOT_INTERVAL: '2s' })).toThrowError(
      /SNAPSHOT_INTERVAL must be at least 5s/,
    );
    expect(parseConfig({}).isWorkerEnabled).toBe(true);
    expect(parseConfig({ WORKER: 'off' }).isWorkerEnabled).toBe(false);
    expect(() => parseConfig({ WORKER: 'no' })).toThrowError(/WORKER must be 'on' or 'off'/);
  });

  it('reads TRUST_PROXY as off by default, true, or a list of proxy addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: 'yes please' })).toThrowError(/TRUST_PROXY must be/);
  });

  it('generates a JWT secret once, kept in DATA_DIR/jwt-secret with mode 0600', () => {
    const dataDir = mkdtempSync(join(scratch, 'secret-'));
    const first = resolveJwtSecret(parseConfig({ DATA_DIR: dataDir }));
    const second = resolveJwtSecret(parseConfig({ DATA_DIR: dataDir }));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });
});

describe('start-up', () => {
  it('`npm run worker` takes scheduled snapshots without HTTP, stops on SIGTERM, and refuses SNAPSHOT_INTERVAL=off', async () => {
    const dataDir = join(scratch, 'worker');
    const started = await runServer(
      { DATA_DIR: dataDir, SNAPSHOT_INTERVAL: '1m' },
      /worker started/,
      'src/worker.ts',
    );
    expect(started.output).toMatch(/automatic snapshots every 60 s/);
    expect(started.output).not.toMatch(/serving on/);
    expect(started.code).toBe(0);
    const off = await runServer({ DATA_DIR: dataDir, SNAPSHOT_INTERVAL: 'off' }, undefined, 'src/worker.ts');
    expect(off.code).toBe(1);
    expect(off.output).toContain("tidewatch: SNAPSHOT_INTERVAL is 'off': a worker has nothing to do");
  });

  it('serves despite an unreachable RPC (a warning), migrates, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = join(scratch, 'ok');
    // Stop only once it serves AND has warned (either order), so SIGTERM meets the installed handlers.
    const servingAndWarned =
      /serving on[\s\S]*RPC \(POLYGON_RPC_URL\) is unreachable|RPC \(POLYGON_RPC_URL\) is unreachable[\s\S]*serving on/;
    const { code, output } = await runServer({ PORT: '0', DATA_DIR: dataDir }, servingAndWarned);
    expect(output).toMatch(/Tidewatch is serving on http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toMatch(/"level":40.*the chain RPC \(POLYGON_RPC_URL\) is unreachable/);
    expect(output).toContain('SIGTERM received');
    expect(code, output).toBe(0);
    expect(statSync(join(dataDir, 'tidewatch.sqlite')).size).toBeGreaterThan(0);
    // Only this user may read what DATA_DIR holds (issue 31): the folder 0700, the database and the
    // generated secret 0600 (SQLite gives its -wal and -shm files the database's mode; a clean stop removes them).
    const mode = (path: string) => (statSync(join(dataDir, path)).mode & 0o777).toString(8);
    expect(mode('.')).toBe('700');
    for (const file of ['tidewatch.sqlite', 'jwt-secret']) expect(mode(file), file).toBe('600');
    expect(output).not.toContain('is readable by other local users');
  });
});
