import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/** Stands in for a named parameter while a template is built; each call's value replaces it. */
class Slot {
  constructor(readonly name: string) {}
}

/** A template's query as compiled for one database: its SQL, and per parameter a slot or a constant. */
type Compiled = CompiledQuery<unknown>;

/**
 * Builds `build`'s query once per database and compiles it, with stand-ins for `A`'s fields;
 * then each call runs that SQL with its own values. Kysely otherwise builds, freezes and
 * compiles the whole query tree on every call, the largest cost of the order path after the
 * database itself (docs/benchmarks.md "Order path: CPU profile").
 *
 * `build` must use the fields of its second argument only as values (`where`, `values`,
 * `set`, `eb(…)`), never to decide the query's shape: they are stand-ins there. A stand-in
 * that does not end up as a parameter of the SQL is refused at compile time.
 */
export function queryTemplate<A extends object, R>(
  build: (db: Db, args: A) => Compilable<R>,
): (db: Db, args: A) => Promise<R[]> {
  // Keyed by the database's adapter: one per Kysely instance, shared by its transactions.
  const byAdapter = new WeakMap<object, Compiled>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compileTemplate(db, build);
      byAdapter.set(adapter, compiled);
    }
    const values = args as Record<string, unknown>;
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.name] : p));
    const result = await db.executeQuery<R>({ ...(compiled as CompiledQuery<R>), parameters });
    return result.rows;
  };
}

function compileTemplate<A extends object, R>(db: Db, build: (db: Db, args: A) => Compilable<R>): Compiled {
  const used = new Set<string>();
  const slots = new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== 'string') return undefined;
        used.add(name);
        return new Slot(name);
      },
    },
  ) as A;
  const compiled = build(db, slots).compile();
  const placed = new Set(compiled.parameters.flatMap((p) => (p instanceof Slot ? [p.name] : [])));
  for (const name of used)
    if (!placed.has(name)) throw new Error(`query template: ${name} is not a parameter of ${compiled.sql}`);
  return compiled;
}
