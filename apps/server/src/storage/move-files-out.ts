import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckFiles } from '../db/schema.ts';
import { deckObjectKey, sha256Hex } from '../decks/file-store.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * Moves the bytes of files stored in the database before the object store existed into the
 * store, a few at a time: each file is written to the store, then its row loses its bytes and
 * gains its size and hash. Idempotent and resumable: killed half-way, the files already moved
 * stay moved, one written but not yet marked is simply written again, and the next call finishes
 * the rest. Reads work throughout (a row with bytes is served from the database).
 */
export async function moveDatabaseFilesOut(
  { db, objects }: { db: Db; objects: ObjectStore },
  { batchSize = 20 }: { batchSize?: number } = {},
): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await db
      .select({
        deckId: deckFiles.deckId,
        name: deckFiles.name,
        contentType: deckFiles.contentType,
        content: deckFiles.content,
      })
      .from(deckFiles)
      .where(isNotNull(deckFiles.content))
      .limit(batchSize);
    if (batch.length === 0) return moved;
    for (const file of batch) {
      const content = file.content!;
      await objects.put(deckObjectKey(file.deckId, file.name), content, file.contentType);
      await db
        .update(deckFiles)
        .set({ content: sql`null`, byteSize: content.length, sha256: sha256Hex(content) })
        .where(
          and(
            eq(deckFiles.deckId, file.deckId),
            eq(deckFiles.name, file.name),
            isNotNull(deckFiles.content),
          ),
        );
      moved += 1;
    }
  }
}
