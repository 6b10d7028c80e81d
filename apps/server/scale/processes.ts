import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../../../scripts/server-bundle.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type Proc = {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output (the process may print it at any time). */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** SIGTERM, then the exit. */
  stop: () => Promise<void>;
};

/**
 * Starts `entry` (src/main.ts or src/worker.ts) from the server's build, as `npm start -w` / `npm run worker` do
 * (decision 038), as one node process: a SIGKILL must kill the process that does the work.
 */
export function startProcess(name: string, entry: string, env: Record<string, string>): Proc {
  const bundle = serverBundle();
  const built = entry === 'src/worker.ts' ? bundle.worker : bundle.main;
  const child = spawn(process.execPath, ['--enable-source-maps', built], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env },
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return {
    name,
    child,
    output: () => output,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise((done, fail) => {
        const started = Date.now();
        const check = () => {
          const match = output.match(pattern);
          if (match) return done(match);
          if (child.exitCode !== null) return fail(new Error(`${name} exited:\n${output}`));
          if (Date.now() - started > timeoutMs)
            return fail(new Error(`${name} never printed ${pattern}:\n${output}`));
          setTimeout(check, 100);
        };
        check();
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
