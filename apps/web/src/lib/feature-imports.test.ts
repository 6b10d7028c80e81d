import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web layering rule (decision 018): a feature may use another feature's API module (its fetchers, query
 * factories and keys), so one endpoint has one fetcher; it never imports another feature's components or
 * hooks. Screens that combine features are composed in app/.
 */
const featuresRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'features');

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where a feature may be entered from another: its api/ folder, or its api.ts / keys.ts at the top. */
// A feature's public face: its API modules, or its index.ts (as on the server, decision 026), which a
// feature that others compose (the transaction runner) exports through.
const isPublicApi = (pathInFeature: string) =>
  pathInFeature.startsWith(`api${sep}`) || ['api.ts', 'keys.ts', 'index.ts', 'index'].includes(pathInFeature);

describe('features import each other only through their API modules or index.ts', () => {
  it('no feature imports another feature’s components, hooks or helpers', () => {
    const offences: string[] = [];
    // Tests may borrow another feature's fixtures (its testing/ folder); the rule is for the app's code.
    for (const file of filesUnder(featuresRoot).filter((f) => !/\.test\.tsx?$/.test(f))) {
      const feature = relative(featuresRoot, file).split(sep)[0];
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(featuresRoot, resolve(dirname(file), specifier!));
        if (target.startsWith('..')) continue;
        const [targetFeature, ...rest] = target.split(sep);
        if (targetFeature !== feature && !isPublicApi(rest.join(sep))) {
          offences.push(`${relative(featuresRoot, file)} imports ${target}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});

describe('no two features import each other', () => {
  // Issue 44: two-way imports between features (farms <-> recovery, transactions <-> recovery, …) made every
  // change to one a change to the other. A feature refreshes what another shows through lib/query-key-roots.ts.
  it("the app's code has no two-way import between features (tests and their fixtures aside)", () => {
    const edges = new Set<string>();
    const isAppCode = (file: string) => !/\.test\.tsx?$/.test(file) && !file.includes(`${sep}testing${sep}`);
    for (const file of filesUnder(featuresRoot).filter(isAppCode)) {
      const feature = relative(featuresRoot, file).split(sep)[0]!;
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(featuresRoot, resolve(dirname(file), specifier!));
        if (target.startsWith('..')) continue;
        const targetFeature = target.split(sep)[0]!;
        if (targetFeature !== feature) edges.add(`${feature} -> ${targetFeature}`);
      }
    }
    const twoWay = [...edges].filter((edge) => {
      const [from, to] = edge.split(' -> ');
      return from! < to! && edges.has(`${to} -> ${from}`);
    });
    expect(twoWay).toEqual([]);
  });
});
