import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { App } from './app.ts';
import type { Db } from './db/database.ts';
import { deckFiles, uploads } from './db/schema.ts';
import { deckObjectKey } from './decks/version-files.ts';
import { uploadObjectKey } from './uploads/store-upload.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { moveFilesOut, type FilesInDatabase } from './storage/move-files-out.ts';

/** A deck's generated files (a version's PowerPoint, PDF and slide pictures). */
const deckFilesInDatabase: FilesInDatabase<{
  deckId: string;
  name: string;
  contentType: string;
  content: Buffer | null;
}> = {
  read: (db, limit) =>
    db
      .select({
        deckId: deckFiles.deckId,
        name: deckFiles.name,
        contentType: deckFiles.contentType,
        content: deckFiles.content,
      })
      .from(deckFiles)
      .where(isNotNull(deckFiles.content))
      .limit(limit),
  object: (file) => ({
    key: deckObjectKey(file.deckId, file.name),
    content: file.content!,
    contentType: file.contentType,
  }),
  async markMoved(db, file, { sha256, byteSize }) {
    await db
      .update(deckFiles)
      .set({ content: sql`null`, byteSize, sha256 })
      .where(
        and(
          eq(deckFiles.deckId, file.deckId),
          eq(deckFiles.name, file.name),
          isNotNull(deckFiles.content),
        ),
      );
  },
};

/** Pictures users uploaded. */
const uploadsInDatabase: FilesInDatabase<{
  id: string;
  contentType: string;
  content: Buffer | null;
}> = {
  read: (db, limit) =>
    db
      .select({ id: uploads.id, contentType: uploads.contentType, content: uploads.content })
      .from(uploads)
      .where(isNotNull(uploads.content))
      .limit(limit),
  object: (upload) => ({
    key: uploadObjectKey(upload.id),
    content: upload.content!,
    contentType: upload.contentType,
  }),
  async markMoved(db, upload, { sha256 }) {
    await db
      .update(uploads)
      .set({ content: sql`null`, sha256 })
      .where(and(eq(uploads.id, upload.id), isNotNull(uploads.content)));
  },
};

/**
 * Moves the bytes of deck files and uploads stored in the database before the object store
 * existed into the store (storage/move-files-out.ts says how); answers how many it moved.
 */
export function moveDatabaseFilesOut(
  stores: { db: Db; objects: ObjectStore },
  options: { batchSize?: number } = {},
) {
  return moveFilesOut(stores, [deckFilesInDatabase, uploadsInDatabase], options);
}

/**
 * Once at start, moves bytes still in the database into the object store (safe with several
 * processes at once: a file moved twice is written twice). Orphaned bytes are swept by a
 * scheduled job (server-jobs.ts).
 */
export function startFileMaintenance(app: App) {
  const { db, objects, log } = app.services;
  moveDatabaseFilesOut({ db, objects })
    .then((moved) => {
      if (moved > 0) {
        log.info({ moved }, `files moved out of the database into ${objects.kind} storage`);
      }
    })
    .catch((error: unknown) =>
      log.warn(
        { err: error },
        'moving files out of the database stopped; the next start resumes it',
      ),
    );
}
