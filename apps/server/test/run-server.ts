import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../../../scripts/server-bundle.ts';

/** The server package's folder (its build runs from there). */
export const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `entry` from the server's build as `npm start -w` does (decision 038) until it exits or prints `until`. */
export function runServer(env: Record<string, string>, until?: RegExp, entry = 'src/main.ts') {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const bundle = serverBundle();
    const built = entry === 'src/worker.ts' ? bundle.worker : bundle.main;
    const child = spawn(process.execPath, ['--enable-source-maps', built], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info', POLYGON_RPC_URL: 'http://127.0.0.1:9', ...env },
    });
    let output = '';
    let isStopping = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // One signal is enough: the entry's handler stops it cleanly and ignores a repeated one.
      if (!isStopping && until?.test(output)) {
        isStopping = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => done({ code, output }));
  });
}
