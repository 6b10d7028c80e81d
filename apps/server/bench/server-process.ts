import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { csrfCookieName, csrfHeaderName } from '@tidewatch/shared';

export { getFreePort as freePort } from '@tidewatch/testkit';

/** Helpers of the benches and soaks that run the real server entry as its own process. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Starts `entry` (a TypeScript file, through tsx) with `env`; its output goes to `logFile`, as a real process's would. */
export function startProcess(
  entry: string,
  logFile: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  options: { cpu?: number } = {},
): ChildProcess {
  const log = openSync(logFile, 'a');
  const command = [process.execPath, ...nodeArgs, '--import', 'tsx', entry];
  // On a core of its own (util-linux taskset), so the load generator does not take turns with it.
  const pinned =
    options.cpu === undefined || !hasTaskset() ? command : ['taskset', '-c', String(options.cpu), ...command];
  return spawn(pinned[0]!, pinned.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
}

let tasksetFound: boolean | undefined;
const hasTaskset = () => {
  tasksetFound ??= spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  return tasksetFound;
};

/** Pins this process (every thread) to one core, the load generator's; nothing where taskset is missing. */
export function pinThisProcess(cpu: number): void {
  if (hasTaskset())
    spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)], { stdio: 'ignore' });
}

/** SIGTERM (the server closes cleanly and writes a CPU profile if asked), SIGKILL after 15 s. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

export async function waitUntilServing(url: string, child?: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child && child.exitCode !== null)
      throw new Error(`the process serving ${url} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

export type ApiSession = { token: string; headers: Record<string, string> };

/** Logs in through the API as a browser does (CSRF cookie, then the log-in form); headers for writes too. */
export async function logIn(url: string, email: string, password: string): Promise<ApiSession> {
  const csrf = await fetch(`${url}/api/internal/csrf_cookie`);
  const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith(`${csrfCookieName}=`));
  const value = cookie?.split(';')[0]?.split('=')[1];
  if (!value) throw new Error('no CSRF cookie');
  const csrfHeaders = { cookie: `${csrfCookieName}=${value}`, [csrfHeaderName]: value };
  const response = await fetch(`${url}/api/internal/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrfHeaders },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`log-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { token, headers: { ...csrfHeaders, authorization: `Bearer ${token}` } };
}
