import pg from 'pg';

/**
 * Test databases on PostgreSQL used again instead of dropped. Each test app gets a fresh database copied from the
 * migrated template (postgres-template.ts); creating and dropping one per app was a third of the PostgreSQL pass's
 * CPU (the server's own processes: a checkpoint and a file copy each way; docs/notes/ci-time.md). A closed app's
 * database is emptied back to the template's rows instead, by a function the template carries
 * (`test_seed.reset()`), and the next app of the same worker process takes it.
 *
 * A database is used again only when its tables are still the template's: a test that drops or alters a table
 * (signup-atomic drops one to make a write fail) gets its database dropped as before. Tables and schemas the app
 * makes at run time (socket.io's adapter table, pg-boss's schema) are dropped with the rows.
 */

/** Copies the template's rows and sequences aside, and defines the function that puts them back. */
export async function prepareTemplateForReuse(templateUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: templateUrl });
  await client.connect();
  try {
    await client.query(`
      create schema test_seed;
      create table test_seed.shape as select ${shapeQuery} as fingerprint;
      create table test_seed.tables as select tablename from pg_tables where schemaname = 'public';
      create table test_seed.sequences as
        select sequencename, last_value from pg_sequences where schemaname = 'public' and last_value is not null;
      do $$
      declare t record;
      begin
        -- The rows migrations seed (blockchains, the wallet catalogue, singletons), kept as they are.
        for t in select tablename from pg_tables where schemaname = 'public' loop
          execute format('create table test_seed.%I as select * from public.%I', 'rows_' || t.tablename, t.tablename);
        end loop;
      end $$;
      create function test_seed.reset() returns boolean language plpgsql as $$
      declare
        t record;
        everything text;
      begin
        -- What the app made at run time outside the migrations: socket.io's adapter table, pg-boss's schema, both
        -- made again at the next start.
        for t in select tablename from pg_tables
          where schemaname = 'public' and tablename not in (select tablename from test_seed.tables) loop
          execute format('drop table public.%I cascade', t.tablename);
        end loop;
        for t in select nspname from pg_namespace
          where nspname not in ('public', 'test_seed', 'information_schema') and nspname not like 'pg\\_%' loop
          execute format('drop schema %I cascade', t.nspname);
        end loop;
        if (select fingerprint from test_seed.shape) is distinct from (select ${shapeQuery}) then
          return false;
        end if;
        select string_agg(format('public.%I', tablename), ', ') into everything
          from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%';
        execute 'truncate ' || everything || ' restart identity cascade';
        for t in select tablename from pg_tables
          where schemaname = 'public' and tablename not like 'kysely_migration%' loop
          execute format('insert into public.%I overriding system value select * from test_seed.%I',
            t.tablename, 'rows_' || t.tablename);
        end loop;
        for t in select sequencename, last_value from test_seed.sequences loop
          perform setval(format('public.%I', t.sequencename), t.last_value);
        end loop;
        return true;
      end $$;
    `);
  } finally {
    await client.end();
  }
}

/** The public schema's tables and columns, as one string: a database whose shape differs is not used again. */
const shapeQuery = `(select md5(string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name))
  from information_schema.columns where table_schema = 'public')`;

/** Databases emptied by this process, free for its next app. */
const emptied: string[] = [];

/** A database a closed app of this process left, emptied; undefined when there is none. */
export function takeEmptiedDatabase(): string | undefined {
  return emptied.pop();
}

/**
 * Empties the closed app's database for the next one, or says it could not (its shape changed, or a connection
 * somebody left open holds a lock): the caller then drops it.
 */
export async function emptyForReuse(name: string, url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(`set lock_timeout = '2s'`);
    const { rows } = await client.query<{ reset: boolean }>('select test_seed.reset() as reset');
    if (rows[0]?.reset !== true) return false;
    emptied.push(name);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
