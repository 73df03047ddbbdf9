import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckFiles, decks, libraryImports, uploads } from '../db/schema.ts';
import type { ListedObject, ObjectStore } from './object-store.ts';

/** Bytes younger than this are left alone: their rows may be about to commit. */
export const orphanGraceMs = 60 * 60_000;

/** Rows are looked up this many owners at a time. */
const lookupBatch = 200;

type SweepInput = { db: Db; objects: ObjectStore; now: Date };

/**
 * Deletes bytes in the object store that no row names: deck files no `deck_files` row names
 * (those of deleted decks whose purge failed, and of generations whose transaction never
 * committed), uploads whose row is gone (an account deleted), PowerPoint imports whose row is
 * gone, the pictures and files of edited decks whose deck is gone, and the temporary files of writes a crash cut short. Objects written in the last hour
 * are skipped, so a generation in flight never loses its files. The store is read a page at a
 * time, so a bucket of millions of objects is never held in memory at once. Answers how many
 * objects it deleted.
 */
export async function sweepOrphanFiles({ db, objects, now }: SweepInput): Promise<number> {
  const unfinished =
    (await objects.removeUnfinishedWrites?.(new Date(now.getTime() - orphanGraceMs))) ?? 0;
  const deckFilesSwept = await sweepPrefix({ objects, now }, 'decks/', async (deckIds) => {
    const rows = await db
      .select({ deckId: deckFiles.deckId, name: deckFiles.name })
      .from(deckFiles)
      .where(inArray(deckFiles.deckId, deckIds));
    return new Set(rows.map((row) => `decks/${row.deckId}/${row.name}`));
  });
  const uploadsSwept = await sweepPrefix({ objects, now }, 'uploads/', async (ids) => {
    const rows = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
    return new Set(rows.map((row) => `uploads/${row.id}`));
  });
  const imports = await sweepPrefix({ objects, now }, 'imports/', async (ids) => {
    const rows = await db
      .select({ id: libraryImports.id })
      .from(libraryImports)
      .where(inArray(libraryImports.id, ids));
    // Every file under a kept import's folder is kept.
    return { owners: new Set(rows.map((row) => row.id)) };
  });
  // The pictures and files of edited decks (deck-edits/{deckId}/…) go with their deck.
  const edits = await sweepPrefix({ objects, now }, 'deck-edits/', async (ids) => {
    const rows = await db.select({ id: decks.id }).from(decks).where(inArray(decks.id, ids));
    return { owners: new Set(rows.map((row) => row.id)) };
  });
  return unfinished + deckFilesSwept + uploadsSwept + imports + edits;
}

/**
 * Sweeps the objects under `prefix` (`decks/`, `uploads/`, `imports/`, `deck-edits/`), each owned by the id
 * that follows the prefix, page by page: `keep` is asked, for a batch of owner ids, which keys
 * (or which owners' keys, all of them) still have a row. Answers how many objects it deleted.
 */
async function sweepPrefix(
  { objects, now }: Omit<SweepInput, 'db'>,
  prefix: string,
  keep: (ownerIds: string[]) => Promise<Set<string> | { owners: Set<string> }>,
): Promise<number> {
  let deleted = 0;
  const ownerOf = (key: string) => key.slice(prefix.length).split('/')[0] ?? '';
  for await (const page of objects.listPages(prefix)) {
    const old = page.filter(
      (object: ListedObject) => now.getTime() - object.modifiedAt.getTime() > orphanGraceMs,
    );
    const owners = [...new Set(old.map(({ key }) => ownerOf(key)))];
    for (let start = 0; start < owners.length; start += lookupBatch) {
      const batch = owners.slice(start, start + lookupBatch);
      const inBatch = new Set(batch);
      const ids = batch.filter(isUuidLike);
      const kept = ids.length === 0 ? new Set<string>() : await keep(ids);
      const isKept = (key: string) =>
        kept instanceof Set ? kept.has(key) : kept.owners.has(ownerOf(key));
      const orphans = old
        .filter(({ key }) => inBatch.has(ownerOf(key)) && !isKept(key))
        .map(({ key }) => key);
      if (orphans.length > 0) await objects.delete(orphans);
      deleted += orphans.length;
    }
  }
  return deleted;
}

const isUuidLike = (value: string) => /^[0-9a-f-]{36}$/i.test(value);
