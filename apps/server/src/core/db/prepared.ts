import type { Compilable, Kysely } from 'kysely';

/**
 * A query built and compiled once, then run with new values. Kysely builds and compiles every query
 * anew; on the paths every request takes (the session check, the read cache's data_version) that cost
 * more than running the query (bench:api's profile). `build` is called once with `placeholders`, values
 * that must each reach the SQL as a parameter; later calls put their arguments where those went, and
 * keep every other parameter as built.
 * @example
 * const findUser = prepareQuery(db, [0], (id) => db.selectFrom('users').selectAll().where('id', '=', id));
 * const [user] = await findUser(42);
 */
export function prepareQuery<Args extends readonly unknown[], Row>(
  // biome-ignore lint/suspicious/noExplicitAny: works with any schema; the row type comes from `build`.
  db: Kysely<any>,
  placeholders: Args,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const compiled = build(...placeholders).compile();
  const positions = compiled.parameters.map((value) => placeholders.indexOf(value));
  for (let i = 0; i < placeholders.length; i++) {
    if (!positions.includes(i)) throw new Error(`prepareQuery: placeholder ${i} did not become a parameter`);
  }
  return async (...args) => {
    const parameters = compiled.parameters.map((value, i) =>
      positions[i]! >= 0 ? args[positions[i]!] : value,
    );
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
