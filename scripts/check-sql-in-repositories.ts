/**
 * Part of `npm run lint`: the server runs SQL in its repositories only (decision 026), the files named
 * `*repository.ts`, and in `core/db` (the connection, the migrations, the tables' types). Fails, naming file and
 * line, where other server code builds a query: a Kysely `selectFrom` / `insertInto` / `updateTable` /
 * `deleteFrom`, or a `sql` template. Such code should call a function of its feature's repository instead, so a
 * table's queries are found in one place per feature (the test beside this file shows what is caught).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSource = 'apps/server/src';

const query = /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`/;

/** Whether a server file may run SQL: a repository, the database's own folder, or a test. */
export function mayRunSql(file: string): boolean {
  return (
    /repository\.ts$/.test(file) || file.startsWith(`${serverSource}/core/db/`) || /\.test\.ts$/.test(file)
  );
}

/** Every line of `text` that builds a query, as 'line: the code'. */
export function findQueries(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (query.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function main(): void {
  const offences = sourceFiles(path.join(repoRoot, serverSource))
    .map((file) => path.relative(repoRoot, file).split(path.sep).join('/'))
    .filter((file) => !mayRunSql(file))
    .flatMap((file) =>
      findQueries(readFileSync(path.join(repoRoot, file), 'utf8')).map((at) => `${file}:${at}`),
    );
  if (offences.length > 0) {
    console.error(`SQL runs in repositories only (*repository.ts, decision 026):\n${offences.join('\n')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
