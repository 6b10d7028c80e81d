import type { Kysely } from 'kysely';
import type { Database } from './index.ts';
import { prepareQuery } from './prepared.ts';

export type DataVersion = {
  /**
   * The database's data_version as one request sees it: read once per request (the session check and the
   * read cache ask for it in the same request), on first use.
   */
  of: (request: object) => Promise<string>;
};

/**
 * data_version is a counter the database raises on every write to the tables the session check and the
 * cached reads come from (migrations 012 and 013), in the writer's own transaction and whichever process
 * writes. An answer computed after reading version N stays right while the counter is still N.
 */
export function createDataVersion(db: Kysely<Database>): DataVersion {
  const readVersion = prepareQuery(db, [], () =>
    db.selectFrom('data_version').select('version').where('id', '=', 1),
  );
  const read = async () => {
    const [row] = await readVersion();
    return String(row?.version ?? 0);
  };
  const perRequest = new WeakMap<object, Promise<string>>();
  return {
    of(request) {
      let version = perRequest.get(request);
      if (!version) {
        version = read();
        perRequest.set(request, version);
      }
      return version;
    },
  };
}
