import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web layering rule (decision 018): a feature may use another feature's API module (its fetchers, query
 * factories and keys), so one endpoint has one fetcher; it never imports another feature's components or
 * hooks. Screens that combine features are composed in app/.
 */
/** Every relative module a file names: `from '…'`, a side-effect `import '…'` and a dynamic `import('…')`. */
const relativeImports = /\b(?:from|import)\s*\(?\s*'(\.[^']+)'/g;

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
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(relativeImports)) {
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

/** Feature-to-feature imports of the app's code (tests and their fixtures aside), as 'from -> to'. */
function featureEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const isAppCode = (file: string) => !/\.test\.tsx?$/.test(file) && !file.includes(`${sep}testing${sep}`);
  for (const file of filesUnder(featuresRoot).filter(isAppCode)) {
    const feature = relative(featuresRoot, file).split(sep)[0]!;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(relativeImports)) {
      const target = relative(featuresRoot, resolve(dirname(file), specifier!));
      if (target.startsWith('..')) continue;
      const targetFeature = target.split(sep)[0]!;
      if (targetFeature === feature) continue;
      edges.set(feature, (edges.get(feature) ?? new Set()).add(targetFeature));
    }
  }
  return edges;
}

/** Every cycle among the features, each once, as 'a -> b -> … -> a' (depth-first, from each feature in turn). */
function findFeatureCycles(edges: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const walk = (path: string[]) => {
    for (const next of edges.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        // One name per cycle whatever feature it was met from: it starts at its smallest feature.
        const first = loop.indexOf([...loop].sort()[0]!);
        cycles.add([...loop.slice(first), ...loop.slice(0, first), loop[first]].join(' -> '));
      } else walk([...path, next]);
    }
  };
  for (const feature of edges.keys()) walk([feature]);
  return [...cycles].sort();
}

describe('no cycle among the features', () => {
  // Issue 44: two-way imports between features (farms <-> recovery, transactions <-> recovery, …) made every
  // change to one a change to the other. A feature refreshes what another shows through lib/query-key-roots.ts;
  // what reacts to all of them (the realtime channel) lives in app/.
  it("the app's code has no import cycle between features (tests and their fixtures aside)", () => {
    expect(findFeatureCycles(featureEdges())).toEqual([]);
  });

  it('finds a cycle of two and one of three', () => {
    const edges = new Map([
      ['farms', new Set(['recovery', 'wallets'])],
      ['recovery', new Set(['farms'])],
      ['wallets', new Set(['books'])],
      ['books', new Set(['farms'])],
    ]);
    expect(findFeatureCycles(edges)).toEqual([
      'books -> farms -> wallets -> books',
      'farms -> recovery -> farms',
    ]);
  });
});
