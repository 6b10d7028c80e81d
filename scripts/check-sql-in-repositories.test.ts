import { describe, expect, it } from 'vitest';
import { findQueries, mayRunSql } from './check-sql-in-repositories.ts';

describe('findQueries', () => {
  it.each([
    "  const rows = await db.selectFrom('farms').selectAll().execute();",
    "    .insertInto('job_runs')",
    "  await trx.updateTable('alert_channels').set({ status }).execute();",
    "    .deleteFrom('recorded_send_movements')",
    '  const { rows } = await sql`select 1`.execute(db);',
    '  return sql<boolean>`(next_due_at <= now())`;',
  ])('finds %s', (line) => {
    expect(findQueries(`// before\n${line}`)).toEqual([expect.stringMatching(/^2: /)]);
  });

  it.each([
    "import { sql } from 'kysely';",
    'const total = rows.reduce((sum, row) => sum + row.usd, 0);',
    '// the rows come from selectFromCatalogue, not SQL here',
  ])('lets %s pass', (line) => {
    expect(findQueries(line)).toEqual([]);
  });
});

describe('mayRunSql', () => {
  it('allows repositories, the database folder and tests, nothing else', () => {
    expect(mayRunSql('apps/server/src/features/alerts/repository.ts')).toBe(true);
    expect(mayRunSql('apps/server/src/core/jobs/lease-repository.ts')).toBe(true);
    expect(mayRunSql('apps/server/src/core/db/migrations/001-initial.ts')).toBe(true);
    expect(mayRunSql('apps/server/src/core/books/fees.ts')).toBe(false);
    expect(mayRunSql('apps/server/src/jobs/recorded-sends-job.ts')).toBe(false);
  });
});
