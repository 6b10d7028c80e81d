import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The SHA-256 of each file of QuickSwap's published farm lists as the team shares them, recorded when
 * docs/quickswap-farm-lists was copied from them (`sha256sum *` in that folder). The test checks the copy against
 * it on every run; `npm run registry:check-shared -- <folder>` checks a folder of the shared lists against it.
 */
/** interface-v2's `src/constants/stake.json` as the copy in docs/quickswap-farm-lists was taken from it. */
export const interfaceV2Stake = {
  repository: 'QuickSwap/interface-v2',
  path: 'src/constants/stake.json',
  commit: '421441bbbbfa1fb76ee4a59352f9004952f5a947',
  date: '2022-06-08',
} as const;

export const manifestPath = fileURLToPath(new URL('./shared-lists.sha256', import.meta.url));

/** name → hex SHA-256, as `sha256sum` prints them. */
export function readManifest(): Map<string, string> {
  const lines = readFileSync(manifestPath, 'utf8').trim().split('\n');
  return new Map(lines.map((line) => [line.slice(66), line.slice(0, 64)] as const));
}

/** name → hex SHA-256 of every file in `folder`. */
export function hashFolder(folder: string): Map<string, string> {
  const names = readdirSync(folder).sort();
  return new Map(
    names.map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(path.join(folder, name)))
        .digest('hex'),
    ]),
  );
}

/** What differs between `folder` and the manifest, one line each; empty when they agree. */
export function differencesFromManifest(folder: string): string[] {
  const expected = readManifest();
  const actual = hashFolder(folder);
  const names = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  return names.flatMap((name) => {
    const want = expected.get(name);
    const got = actual.get(name);
    if (want === got) return [];
    if (!got) return [`${name}: missing`];
    if (!want) return [`${name}: not in the manifest`];
    return [`${name}: differs`];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = path.resolve(process.argv[2] ?? '../shared/quickswap-farm-lists');
  const differences = differencesFromManifest(folder);
  if (differences.length > 0) {
    console.error(`${folder} is not the lists the copy was made from:\n${differences.join('\n')}`);
    process.exit(1);
  }
  console.log(`${folder}: the same ${readManifest().size} files the copy was made from`);
}
