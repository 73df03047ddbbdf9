import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckFiles, libraryImports, uploads } from '../db/schema.ts';
import type { ObjectStore } from './object-store.ts';

/** Bytes younger than this are left alone: their rows may be about to commit. */
export const orphanGraceMs = 60 * 60_000;

/**
 * Deletes deck bytes in the object store that no `deck_files` row names (and upload bytes no
 * `uploads` row names, and the temporary files of writes a crash cut short): those of deleted decks
 * whose purge failed, and those of generations whose transaction never committed. Objects
 * written in the last hour are skipped, so a generation in flight never loses its files.
 * Answers how many objects it deleted.
 */
export async function sweepOrphanFiles({
  db,
  objects,
  now,
}: {
  db: Db;
  objects: ObjectStore;
  now: Date;
}): Promise<number> {
  const listed = await objects.list('decks/');
  const old = listed.filter(
    (object) => now.getTime() - object.modifiedAt.getTime() > orphanGraceMs,
  );
  const byDeck = new Map<string, string[]>();
  for (const { key } of old) {
    const [, deckId] = key.split('/');
    if (!deckId) continue;
    byDeck.set(deckId, [...(byDeck.get(deckId) ?? []), key]);
  }
  let deleted = 0;
  const deckIds = [...byDeck.keys()];
  for (let start = 0; start < deckIds.length; start += 200) {
    const chunk = deckIds.slice(start, start + 200).filter(isUuidLike);
    const rows =
      chunk.length === 0
        ? []
        : await db
            .select({ deckId: deckFiles.deckId, name: deckFiles.name })
            .from(deckFiles)
            .where(inArray(deckFiles.deckId, chunk));
    const kept = new Set(rows.map((row) => `decks/${row.deckId}/${row.name}`));
    const orphans = deckIds
      .slice(start, start + 200)
      .flatMap((deckId) => byDeck.get(deckId) ?? [])
      .filter((key) => !kept.has(key));
    if (orphans.length > 0) await objects.delete(orphans);
    deleted += orphans.length;
  }
  const unfinished =
    (await objects.removeUnfinishedWrites?.(new Date(now.getTime() - orphanGraceMs))) ?? 0;
  return (
    deleted +
    unfinished +
    (await sweepOrphanUploads({ db, objects, now })) +
    (await sweepOrphanImports({ db, objects, now }))
  );
}

/** The same for uploads: bytes under `uploads/{id}` whose row is gone (an account deleted). */
async function sweepOrphanUploads({
  db,
  objects,
  now,
}: {
  db: Db;
  objects: ObjectStore;
  now: Date;
}): Promise<number> {
  const old = (await objects.list('uploads/')).filter(
    (object) => now.getTime() - object.modifiedAt.getTime() > orphanGraceMs,
  );
  let deleted = 0;
  for (let start = 0; start < old.length; start += 200) {
    const chunk = old.slice(start, start + 200);
    const ids = chunk.map(({ key }) => key.split('/')[1] ?? '').filter(isUuidLike);
    const rows =
      ids.length === 0
        ? []
        : await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
    const kept = new Set(rows.map((row) => `uploads/${row.id}`));
    const orphans = chunk.map(({ key }) => key).filter((key) => !kept.has(key));
    if (orphans.length > 0) await objects.delete(orphans);
    deleted += orphans.length;
  }
  return deleted;
}

/** The same for PowerPoint imports: files under `imports/{id}/` whose import row is gone. */
async function sweepOrphanImports({
  db,
  objects,
  now,
}: {
  db: Db;
  objects: ObjectStore;
  now: Date;
}): Promise<number> {
  const old = (await objects.list('imports/')).filter(
    (object) => now.getTime() - object.modifiedAt.getTime() > orphanGraceMs,
  );
  const ids = [...new Set(old.map(({ key }) => key.split('/')[1] ?? ''))].filter(isUuidLike);
  const kept = new Set<string>();
  for (let start = 0; start < ids.length; start += 200) {
    const chunk = ids.slice(start, start + 200);
    const rows = await db
      .select({ id: libraryImports.id })
      .from(libraryImports)
      .where(inArray(libraryImports.id, chunk));
    for (const row of rows) kept.add(row.id);
  }
  const orphans = old.map(({ key }) => key).filter((key) => !kept.has(key.split('/')[1] ?? ''));
  for (let start = 0; start < orphans.length; start += 200) {
    await objects.delete(orphans.slice(start, start + 200));
  }
  return orphans.length;
}

const isUuidLike = (value: string) => /^[0-9a-f-]{36}$/i.test(value);
