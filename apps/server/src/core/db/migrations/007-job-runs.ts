import type { Kysely, Migration } from 'kysely';

/** job_runs: when a periodic job (retention) last ran, so one process runs it per period across many. */
export const jobRunsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_runs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_run_at', 'text', (c) => c.notNull())
      .execute();
  },
};
