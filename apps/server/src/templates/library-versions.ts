import { desc, eq } from 'drizzle-orm';
import type { TemplateLibraryDocuments } from '@deck-portal/domain';
import {
  createTemplateLibrary,
  seedLibraryDocuments,
  type TemplateLibrary,
} from '@deck-portal/deck-engine';
import type { Db } from '../db/database.ts';
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

/**
 * The newest library version, which every deck is drawn from. Its number is read each time (one
 * indexed row: another process may have published); its documents are read and built once per
 * version and process.
 */
export function libraryVersionReader() {
  const built = new Map<number, Promise<CurrentLibrary>>();
  return async function currentLibrary(db: Db): Promise<CurrentLibrary> {
    const [newest] = await db
      .select({ number: libraryVersions.number })
      .from(libraryVersions)
      .orderBy(desc(libraryVersions.number))
      .limit(1);
    if (!newest) {
      await seedLibrary(db);
      return currentLibrary(db);
    }
    let version = built.get(newest.number);
    if (!version) {
      version = loadVersion(db, newest.number);
      built.set(newest.number, version);
      version.catch(() => built.delete(newest.number));
      // Only the newest matters; older ones stay only while decks drawn from them may finish.
      for (const number of built.keys()) if (number < newest.number - 1) built.delete(number);
    }
    return version;
  };
}

async function loadVersion(db: Db, number: number): Promise<CurrentLibrary> {
  const [row] = await db
    .select({ documents: libraryVersions.documents })
    .from(libraryVersions)
    .where(eq(libraryVersions.number, number));
  if (!row) throw new Error(`library version ${number} is gone`);
  return {
    number,
    documents: row.documents,
    library: createTemplateLibrary(undefined, row.documents),
  };
}
