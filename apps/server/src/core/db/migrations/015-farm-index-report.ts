import type { Kysely, Migration } from 'kysely';

/**
 * The farm index's report per run (issue 29): how many candidates were refused and why (JSON list of
 * {address, kind, source, reason}), and which sources (factories) could not be read (JSON list of
 * {source, error}). A refused farm is never listed; the report is what /api/health and the log show.
 */
export const farmIndexReportMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('farm_index_runs').addColumn('rejected', 'integer').execute();
    await db.schema.alterTable('farm_index_runs').addColumn('rejections', 'text').execute();
    await db.schema.alterTable('farm_index_runs').addColumn('failed_sources', 'text').execute();
  },
};
