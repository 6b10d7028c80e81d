import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choosePostgresPass, type FileRun } from './choose.ts';

/**
 * `npm run postgres-pass:select`'s second half: reads what coverage-setup.ts recorded of a whole PostgreSQL pass
 * (the directory given) and writes apps/server/test/postgres-pass.json, the files the pass leaves to SQLite
 * (decision 039). PostgreSQL code: the repositories, the database layer and migrations, and every file that names
 * PostgreSQL (its queue, its socket.io adapter, its branches).
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx scripts/postgres-pass/select.ts <coverage directory>');
const root = fileURLToPath(new URL('../../', import.meta.url));

const runs: FileRun[] = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as FileRun);

const namesPostgres = new Map<string, boolean>();
function isPostgresCode(url: string): boolean {
  if (/-repository\.ts$|\/core\/db\/|\/migrations\//.test(url)) return true;
  let answer = namesPostgres.get(url);
  if (answer === undefined) {
    answer = /isPostgres|pg-boss|PgBoss|postgres|dialect/i.test(readFileSync(fileURLToPath(url), 'utf8'));
    namesPostgres.set(url, answer);
  }
  return answer;
}

const choice = choosePostgresPass(runs, isPostgresCode);
const secondsOf = (files: string[]) =>
  Math.round(files.reduce((sum, file) => sum + (runs.find((run) => run.file === file)?.seconds ?? 0), 0));
writeFileSync(
  join(root, 'apps/server/test/postgres-pass.json'),
  `${JSON.stringify(
    {
      why: 'The server database tests left to SQLite: every block of PostgreSQL code they run on PostgreSQL, the files kept run too (decision 039; npm run postgres-pass:select chose them).',
      chosenOn: new Date().toISOString().slice(0, 10),
      leftOut: choice.leftOut,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `postgres-pass: files=${runs.length} kept=${choice.kept.length} (${secondsOf(choice.kept)} s) ` +
    `left=${choice.leftOut.length} (${secondsOf(choice.leftOut)} s) postgres_blocks=${choice.blocks}`,
);
