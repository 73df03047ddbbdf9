import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * Files of one table whose bytes are still in the database, from before the object store existed.
 * The module that owns the table says how to find them, where their bytes go and how a row gives
 * them up.
 */
export type FilesInDatabase<Row> = {
  /** Up to `limit` rows that still hold their bytes. */
  read(db: Db, limit: number): Promise<Row[]>;
  /** Where the row's bytes go in the store, and the bytes. */
  object(row: Row): { key: string; content: Buffer; contentType: string };
  /** The row drops its bytes and keeps their hash and size; a row already moved is left alone. */
  markMoved(db: Db, row: Row, moved: { sha256: string; byteSize: number }): Promise<void>;
};

/**
 * Moves the bytes of files stored in the database into the store, a few at a time: each file is
 * written to the store, then its row loses its bytes and gains its hash. Idempotent and
 * resumable: killed half-way, the files already moved stay moved, one written but not yet marked
 * is simply written again, and the next call finishes the rest. Reads work throughout (a row with
 * bytes is served from the database). Answers how many files it moved.
 */
export async function moveFilesOut(
  { db, objects }: { db: Db; objects: ObjectStore },
  tables: readonly FilesInDatabase<unknown>[],
  { batchSize = 20 }: { batchSize?: number } = {},
): Promise<number> {
  let moved = 0;
  for (const table of tables) {
    for (;;) {
      const batch = await table.read(db, batchSize);
      if (batch.length === 0) break;
      for (const row of batch) {
        const { key, content, contentType } = table.object(row);
        await objects.put(key, content, contentType);
        const sha256 = createHash('sha256').update(content).digest('hex');
        await table.markMoved(db, row, { sha256, byteSize: content.length });
        moved += 1;
      }
    }
  }
  return moved;
}
