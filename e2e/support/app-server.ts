import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../../scripts/server-bundle.ts';
import { getFreePort } from './ports.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type AppServer = {
  url: string;
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export type AppServerOptions = {
  rpcUrl: string;
  env?: Record<string, string>;
  /** Defaults to a free port. */
  port?: number;
  /** Forward the server's log lines to this process's output (the demo does). */
  isVerbose?: boolean;
};

/**
 * Starts the server's build (the one `npm start` runs, decision 038) on a free port with a fresh data directory,
 * serving the built SPA. Resolves once /api/health answers.
 */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const port = options.port ?? (await getFreePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'tidewatch-e2e-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle().main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      POLYGON_RPC_URL: options.rpcUrl,
      // No journey reaches Steer's API: one that lists Steer's vaults passes the kit's Steer server in `env`.
      STEER_API_URL: 'http://127.0.0.1:9',
      STEER_STAKING_POOLS_URL: 'http://127.0.0.1:9/dev/staking-pools',
      // Nor Merkl's: a test of Merkl rewards passes the kit's Merkl server.
      MERKL_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    if (options.isVerbose) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    if (options.isVerbose) process.stderr.write(chunk);
  });

  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the app server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app server did not become healthy within 60 s:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
