/**
 * The server as two ES modules (main.mjs, worker.mjs), built by esbuild from apps/server/src with the workspace's
 * own TypeScript inlined and every npm package left to Node (decision 038). `npm start` and `npm run worker` run
 * this build; the journeys, the start-up tests and scale mode start the same build, once per test process. Under
 * tsx's loader every start transpiled and loaded ~400 source files: ~3.4 s of CPU more than the build takes to
 * load, for each of the ~45 server processes a CI run starts.
 *   tsx scripts/server-bundle.ts   builds apps/server/dist (what `npm start -w @tidewatch/server` runs)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerBundle = { main: string; worker: string };

/**
 * Inlined: the workspace's packages (TypeScript sources) and the V3 SDKs, whose ES builds import directories,
 * which only a bundler resolves. Everything else stays an import Node resolves from node_modules.
 */
const inlined = /^(?:@tidewatch|@uniswap|@cryptoalgebra)\//;
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      inlined.test(args.path) || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** Builds main.mjs and worker.mjs into `outdir` (about a second). */
async function buildServerBundle(outdir: string): Promise<ServerBundle> {
  await build({
    absWorkingDir: repoRoot,
    entryPoints: { main: 'apps/server/src/main.ts', worker: 'apps/server/src/worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'linked',
    logLevel: 'warning',
    // CommonJS packages the inlined code requires (the SDKs use require) resolve from the bundle's place.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [packagesStayExternal],
  });
  return { main: path.join(outdir, 'main.mjs'), worker: path.join(outdir, 'worker.mjs') };
}

let ofThisProcess: ServerBundle | undefined;

/**
 * The build this test process starts its servers from, made at its first call (removed at its exit). Synchronous,
 * for the helpers that spawn a server in one step: esbuild's plugins run only in its asynchronous API, so the build
 * runs as this script in a child process.
 */
export function serverBundle(): ServerBundle {
  if (!ofThisProcess) {
    // Inside the checkout: the server finds the repository root (DATA_DIR, the web build) by climbing from its code.
    const cache = path.join(repoRoot, 'node_modules/.cache/tidewatch-server');
    mkdirSync(cache, { recursive: true });
    const outdir = mkdtempSync(path.join(cache, `${process.pid}-`));
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), outdir], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    ofThisProcess = { main: path.join(outdir, 'main.mjs'), worker: path.join(outdir, 'worker.mjs') };
  }
  return ofThisProcess;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerBundle(process.argv[2] ?? path.join(repoRoot, 'apps/server/dist'));
}
