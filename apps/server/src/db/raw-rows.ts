import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * The rows of a raw statement. Drizzle types `execute`'s answer by driver; both drivers the
 * project runs on (PGlite and node-postgres) answer with the rows under `rows`.
 */
export async function rawRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}
