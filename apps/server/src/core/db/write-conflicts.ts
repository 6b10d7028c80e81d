/**
 * A write that lost a race with another transaction: a unique key another one inserted first (PostgreSQL 23505,
 * SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY), a deadlock PostgreSQL broke by aborting this one (40P01), or a
 * serialization failure (40001). The caller answers 409 ("try again"), never a 500: nothing was written.
 */
export function isLostWriteRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === '40P01' ||
    code === '40001' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
