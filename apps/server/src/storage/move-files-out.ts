import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckFiles, uploads } from '../db/schema.ts';
import { deckObjectKey, sha256Hex } from '../decks/file-store.ts';
import { uploadObjectKey } from '../uploads/store-upload.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * Moves the bytes of files stored in the database before the object store existed — deck files
 * and uploads — into the store, a few at a time: each file is written to the store, then its row
 * loses its bytes and gains its hash (and a deck file its size). Idempotent and resumable: killed
 * half-way, the files already moved stay moved, one written but not yet marked is simply written
 * again, and the next call finishes the rest. Reads work throughout (a row with bytes is served
 * from the database). Answers how many files it moved.
 */
export async function moveDatabaseFilesOut(
  { db, objects }: { db: Db; objects: ObjectStore },
  { batchSize = 20 }: { batchSize?: number } = {},
): Promise<number> {
  const deckFilesMoved = await inBatches(
    () =>
      db
        .select({
          deckId: deckFiles.deckId,
          name: deckFiles.name,
          contentType: deckFiles.contentType,
          content: deckFiles.content,
        })
        .from(deckFiles)
        .where(isNotNull(deckFiles.content))
        .limit(batchSize),
    async (file) => {
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
    },
  );
  const uploadsMoved = await inBatches(
    () =>
      db
        .select({ id: uploads.id, contentType: uploads.contentType, content: uploads.content })
        .from(uploads)
        .where(isNotNull(uploads.content))
        .limit(batchSize),
    async (upload) => {
      const content = upload.content!;
      await objects.put(uploadObjectKey(upload.id), content, upload.contentType);
      await db
        .update(uploads)
        .set({ content: sql`null`, sha256: sha256Hex(content) })
        .where(and(eq(uploads.id, upload.id), isNotNull(uploads.content)));
    },
  );
  return deckFilesMoved + uploadsMoved;
}

/** Reads a batch and moves each of it, until a read finds none; answers how many it moved. */
async function inBatches<Row>(
  read: () => Promise<Row[]>,
  move: (row: Row) => Promise<void>,
): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await read();
    if (batch.length === 0) return moved;
    for (const row of batch) {
      await move(row);
      moved += 1;
    }
  }
}
