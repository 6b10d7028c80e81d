import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The web's test files that replace a module (vi.mock, vi.doMock) or reset the module registry. The web's tests
 * share one module graph per worker (decision 034); a replaced module would leak into the next file, so these
 * run in their own project, `web-isolated`, each with a fresh graph.
 */
export function testFilesThatReplaceModules(webRoot: string): string[] {
  const replacesModules = /\bvi\.(mock|doMock|resetModules)\(/;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && replacesModules.test(readFileSync(path, 'utf8'))) {
        found.push(relative(webRoot, path));
      }
    }
  };
  walk(join(webRoot, 'src'));
  return found.sort();
}
