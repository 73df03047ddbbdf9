import type { Db } from './database.ts';

/**
 * A query built and prepared once per database handle, then executed with its placeholders'
 * values (`sql.placeholder`). Building a query with Drizzle costs more than the embedded
 * database takes to answer a cached read, so the statements behind every request (the session)
 * and every dashboard (a rep's decks) are built once; on PostgreSQL they are also named
 * prepared statements, planned once per connection.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
