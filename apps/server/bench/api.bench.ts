/**
 * `npm run bench:api [-- --farms 100 --wallets 3 --days 20 --connections 50 --seconds 10]`: the API's read
 * speed against a bare Fastify hello-world on the same machine (issue 16). Seeds one user with 3 saved
 * wallets tracking 100 farms with history, starts the real server entry (production mode, its own logging,
 * HTTP only) and the hello-world as separate processes on core 1, and measures each read with autocannon
 * from this process on core 0 (taskset, where there is one; the machine has 2 cores), asking
 * as a browser does (bearer token, gzip accepted).
 * Last line: `bench:api ratio=R p99_ms=N errors=N`, R = the slowest read's requests per second over
 * hello-world's, p99 the worst read's. Targets: R >= 0.30, p99 < 50 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startAnvil, worldAppEnv } from '@tidewatch/testkit';
import autocannon from 'autocannon';
import { seedApiBench } from './api-seed.ts';
import {
  freePort,
  logIn,
  pinThisProcess,
  startProcess,
  stopProcess,
  waitUntilServing,
} from './server-process.ts';

const { values } = parseArgs({
  options: {
    farms: { type: 'string', default: '100' },
    wallets: { type: 'string', default: '3' },
    days: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    // Writes the server's CPU profile (node --cpu-prof) into this directory, to find the hot spots.
    'cpu-prof': { type: 'string' },
    // Leaves the seeded data directory in place (its path is printed), to look at query plans.
    keep: { type: 'boolean', default: false },
    // Measures only the reads whose name contains this text (the hello-world always).
    only: { type: 'string', default: '' },
  },
});
const days = Number(values.days);

/** `bytes`: bytes sent per answer, headers included, as they go over the wire. */
type Measured = { name: string; rps: number; p99: number; errors: number; bytes: number };

const anvil = await startAnvil({
  args: ['--timestamp', String(Math.floor(Date.now() / 1000) - (days + 1) * 86_400)],
});
const dataDir = mkdtempSync(join(tmpdir(), 'tidewatch-bench-api-'));
const children: ChildProcess[] = [];
try {
  const seeded = await seedApiBench(anvil, dataDir, {
    farmCount: Number(values.farms),
    walletCount: Number(values.wallets),
    days,
  });
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  children.push(
    startProcess(
      'apps/server/src/main.ts',
      join(dataDir, 'server.log'),
      {
        ...worldAppEnv(seeded.world),
        NODE_ENV: 'production',
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: appUrl,
        POLYGON_RPC_URL: anvil.rpcUrl,
        WORKER: 'off',
      },
      values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
      { cpu: 1 },
    ),
  );
  const helloPort = await freePort();
  const helloUrl = `http://127.0.0.1:${helloPort}`;
  children.push(
    startProcess(
      'apps/server/bench/hello-world.ts',
      join(dataDir, 'hello.log'),
      { PORT: String(helloPort) },
      [],
      {
        cpu: 1,
      },
    ),
  );
  await waitUntilServing(`${appUrl}/api/health`);
  await waitUntilServing(helloUrl);
  // Both servers on core 1, autocannon (this process) on core 0: neither takes turns with the load.
  pinThisProcess(0);

  const { token } = await logIn(appUrl, seeded.email, seeded.password);
  // The detail of a pair the user tracks, as the dashboard links it: the summary's first LP item.
  const summary = (await (
    await fetch(`${appUrl}/api/quickswap/tracked-summary`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { lp_mining: { farm: { address: string }; account_address: string }[] };
  const [first] = summary.lp_mining;
  if (!first) throw new Error('the seeded user tracks no LP farm');
  const [wallet, farm] = [first.account_address, first.farm.address];
  const reads: { name: string; path: string }[] = [
    { name: 'wallets/connected', path: '/api/wallets/connected' },
    { name: 'tracked-summary', path: '/api/quickswap/tracked-summary' },
    { name: 'get-tracked-pools', path: `/api/quickswap/get-tracked-pools/${wallet}` },
    { name: 'farm detail', path: `/api/quickswap/farm/details/${farm}?account=${wallet}` },
    { name: 'farm list', path: '/api/quickswap/farmable-pools' },
  ];
  // As a browser asks: a session token, and compressed answers accepted.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  for (const read of reads) await assertAnswers(`${appUrl}${read.path}`, headers, read.name);

  const hello = await measure('hello-world', helloUrl, { 'accept-encoding': 'gzip, deflate, br' });
  const measured: Measured[] = [];
  for (const read of reads.filter((r) => r.name.includes(values.only)))
    measured.push(await measure(read.name, `${appUrl}${read.path}`, headers));
  console.table([hello, ...measured]);

  const slowest = Math.min(...measured.map((m) => m.rps));
  const ratio = slowest / hello.rps;
  const p99 = Math.max(...measured.map((m) => m.p99));
  const errors = [hello, ...measured].reduce((sum, m) => sum + m.errors, 0);
  console.log(`bench:api ratio=${ratio.toFixed(2)} p99_ms=${p99} errors=${errors}`);
} finally {
  // SIGTERM first: the server closes cleanly, and a CPU profile is written on exit.
  await Promise.all(children.map((child) => stopProcess(child)));
  await anvil.stop();
  if (values.keep) console.log(`data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

/** One warm-up second, then `--seconds` of `--connections` connections. */
async function measure(name: string, url: string, headers: Record<string, string>): Promise<Measured> {
  const connections = Number(values.connections);
  await autocannon({ url, headers, connections, duration: 1 });
  const result = await autocannon({ url, headers, connections, duration: Number(values.seconds) });
  return {
    name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

async function assertAnswers(url: string, headers: Record<string, string>, name: string): Promise<void> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${body.slice(0, 300)}`);
  console.log(`${name}: ${body.length} bytes`);
}
