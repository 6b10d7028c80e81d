import type { AppDatabase } from './index.ts';

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
export function createDataVersion(database: AppDatabase): DataVersion {
  const query = database.db.selectFrom('data_version').select('version').where('id', '=', 1).compile();
  // Every request reads it: on SQLite straight from the connection when no transaction is open.
  const readNow = database.prepareValueReader?.(query);
  const read = async () => {
    const now = readNow?.();
    if (now) return String(now.value ?? 0);
    const [row] = (await database.db.executeQuery(query)).rows;
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
