/**
 * `npm run size`: the gzipped JavaScript of each first load of the production build (apps/web/dist, made by
 * `npm run build`) against its budget; exits 1 when one is over (decision 016).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FirstLoad,
  formatFirstLoads,
  getGzipSize,
  isOverBudget,
  type Manifest,
  measureFirstLoads,
} from './first-load-size.ts';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** Reads the build in `distDir` and measures its first loads. */
export function measureWebBuild(distDir = webDistDir): FirstLoad[] {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  return measureFirstLoads({
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest,
    indexHtml: readFileSync(path.join(distDir, 'index.html'), 'utf8'),
    sizeOf: (file) => getGzipSize(readFileSync(path.join(distDir, file))),
  });
}

function main(): void {
  const loads = measureWebBuild();
  console.log(formatFirstLoads(loads));
  const over = loads.filter(isOverBudget);
  if (over.length > 0) {
    console.error(`over budget: ${over.map((load) => load.name).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
