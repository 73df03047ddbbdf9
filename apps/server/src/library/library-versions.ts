import { desc, eq } from 'drizzle-orm';
import type { TemplateLibraryDocuments } from '@deck-portal/domain';
import {
  createTemplateLibrary,
  seedLibraryDocuments,
  type TemplateLibrary,
} from '@deck-portal/deck-engine/library';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { libraryVersions } from '../db/schema.ts';

/** A version of the content library, ready to draw decks from. */
export type CurrentLibrary = {
  number: number;
  documents: TemplateLibraryDocuments;
  library: TemplateLibrary;
};

export const builtInLibraryNote = 'The built-in library';

/**
 * Stores the built-in library as version 1 when the database has no library yet (a first start);
 * any number of processes may ask at once: one stores it, the others find it.
 */
export async function seedLibrary(db: Db) {
  await db
    .insert(libraryVersions)
    .values({ number: 1, note: builtInLibraryNote, documents: seedLibraryDocuments() })
    .onConflictDoNothing({ target: libraryVersions.number });
}

const newestVersion = preparedQuery((db) =>
  db
    .select({ number: libraryVersions.number })
    .from(libraryVersions)
    .orderBy(desc(libraryVersions.number))
    .limit(1)
    .prepare('newest_library_version'),
);

async function newestNumber(db: Db): Promise<number> {
  const [newest] = await newestVersion(db).execute();
  if (newest) return newest.number;
  await seedLibrary(db);
  return 1;
}

/** One version's documents; undefined when there is no such version. */
export async function libraryVersionDocuments(
  db: Db,
  number: number,
): Promise<TemplateLibraryDocuments | undefined> {
  const [row] = await db
    .select({ documents: libraryVersions.documents })
    .from(libraryVersions)
    .where(eq(libraryVersions.number, number));
  return row?.documents;
}

/** The newest published version's number and documents. */
export async function newestLibraryVersion(db: Db) {
  const number = await newestNumber(db);
  const documents = await libraryVersionDocuments(db, number);
  if (!documents) throw new Error(`library version ${number} is gone`);
  return { number, documents };
}

/**
 * The newest library version, which every deck is drawn from. Its number is read each time (one
 * indexed row: another process may have published); its documents are read and built once per
 * version and process.
 */
export function libraryVersionReader() {
  const built = new Map<number, Promise<CurrentLibrary>>();
  return async function currentLibrary(db: Db): Promise<CurrentLibrary> {
    const number = await newestNumber(db);
    let version = built.get(number);
    if (!version) {
      version = loadVersion(db, number);
      built.set(number, version);
      version.catch(() => built.delete(number));
      // Only the newest matters; older ones stay only while decks drawn from them may finish.
      for (const old of built.keys()) if (old < number - 1) built.delete(old);
    }
    return version;
  };
}

async function loadVersion(db: Db, number: number): Promise<CurrentLibrary> {
  const documents = await libraryVersionDocuments(db, number);
  if (!documents) throw new Error(`library version ${number} is gone`);
  return { number, documents, library: createTemplateLibrary(undefined, documents) };
}
