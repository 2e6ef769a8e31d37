import { type Compilable, type CompiledQuery, createQueryId, type QueryResult } from 'kysely';

/** What running a compiled query needs of the database (a Kysely instance). */
interface QueryRunner {
  executeQuery<Row>(query: CompiledQuery<Row>): Promise<QueryResult<Row>>;
}

/**
 * A query built and compiled by Kysely once, then run with new values each time: for the few
 * statements on the path of every request (a message counted against the daily quota), where
 * building it again (Kysely's builders copy and freeze a tree of nodes at each step) cost more
 * than running it: about a twentieth of a chat reply's start while 200 began at once
 * (`npm run bench:chat-load`).
 *
 * `build` receives stand-ins for the values, in place of the real ones: a value must be passed
 * to the query as it is (a bound parameter), never computed with, compared or spliced into SQL
 * in `build`. Values that are not among the arguments stay as compiled.
 */
export function preparedQuery<Args extends Record<string, string | number>, Row>(
  db: QueryRunner,
  names: readonly (keyof Args & string)[],
  build: (values: Args) => Compilable<Row>,
): (values: Args) => Promise<QueryResult<Row>> {
  const standIns = Object.fromEntries(names.map((name) => [name, `\u0000prepared:${name}`]));
  const argumentOf = new Map(names.map((name) => [standIns[name], name]));
  // The stand-ins are strings where the query takes numbers too: SQL is the same either way,
  // and each is replaced by its real value below.
  const compiled: CompiledQuery<Row> = build(standIns as unknown as Args).compile();
  const slots = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' ? argumentOf.get(parameter) : undefined,
  );
  const missing = names.filter((name) => !slots.includes(name));
  if (missing.length > 0) {
    throw new Error(`preparedQuery: ${missing.join(', ')} never reached the query as a value`);
  }
  return (values) =>
    db.executeQuery<Row>({
      ...compiled,
      queryId: createQueryId(),
      parameters: compiled.parameters.map((parameter, index) => {
        const name = slots[index];
        return name === undefined ? parameter : values[name];
      }),
    });
}
