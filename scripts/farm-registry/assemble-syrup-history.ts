// Every version of QuickSwap's published syrup list, from the git history of QuickSwap/quickswap-default-stake-list.
// The list moved twice (src/syrups/{active,ended}.json → src/chains/{polygon,base}/syrups.json on 2026-01-08 →
// src/data/syrups.json, arrays keyed by chain id, on 2026-01-15); each of its paths is followed here.
//
//   npx tsx scripts/farm-registry/assemble-syrup-history.ts <git dir of a clone of that repository> [commit]
//
// writes docs/quickswap-syrup-lists/default-stake-list_syrups-all-versions.json: one row per commit that changed
// one of the paths in the history of `commit` (git log's default history; default: the commit the committed file
// was made from), oldest first, each with the SHA-256 of the file's bytes at that commit and its content parsed.
// Needs git and the clone, nothing else. scripts/farm-registry/build-syrups.ts builds the syrup registry from it.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  repoRoot,
  SYRUP_HISTORY_COMMIT,
  SYRUP_LIST_PATHS,
  type SyrupListVersion,
  syrupHistoryPath,
} from './build-syrups.ts';

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 256 * 1024 * 1024 });
}

function assembleSyrupHistory(gitDir: string, commit: string): SyrupListVersion[] {
  const order = new Map(
    git(gitDir, ['rev-list', '--reverse', '--topo-order', commit])
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((hash, index) => [hash, index] as const),
  );
  const versions: SyrupListVersion[] = [];
  for (const listPath of SYRUP_LIST_PATHS) {
    const log = git(gitDir, ['log', commit, '--format=%H %ad', '--date=short', '--', listPath]).toString(
      'utf8',
    );
    for (const line of log.split('\n').filter(Boolean)) {
      const [hash, date] = line.split(' ') as [string, string];
      // The commit that removed the path (the list moved) has no version of it.
      if (git(gitDir, ['ls-tree', hash, '--', listPath]).length === 0) continue;
      const bytes = git(gitDir, ['show', `${hash}:${listPath}`]);
      versions.push({
        path: listPath,
        commit: hash,
        date,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        content: JSON.parse(bytes.toString('utf8')),
      });
    }
  }
  const position = (version: SyrupListVersion) => order.get(version.commit) ?? -1;
  return versions.sort(
    (a, b) =>
      position(a) - position(b) || SYRUP_LIST_PATHS.indexOf(a.path) - SYRUP_LIST_PATHS.indexOf(b.path),
  );
}

const gitDir = process.argv[2];
if (!gitDir) {
  console.error(
    'usage: assemble-syrup-history.ts <git dir of QuickSwap/quickswap-default-stake-list> [commit]',
  );
  process.exit(2);
}
const versions = assembleSyrupHistory(gitDir, process.argv[3] ?? SYRUP_HISTORY_COMMIT);
writeFileSync(syrupHistoryPath, `${JSON.stringify(versions, null, 2)}\n`);
console.log(`wrote ${path.relative(repoRoot, syrupHistoryPath)}: ${versions.length} versions`);
