import { and, desc, eq, inArray } from 'drizzle-orm';
import { deckVersionLinks, type DeckVersionsResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { deckVersions, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { loadDeckFor, type DeckRow } from './deck-access.ts';
import { deckObjectKey, versionPrefix, type UploadedFiles } from './version-files.ts';

export type DeckVersionRow = typeof deckVersions.$inferSelect;

export const versionNotFound = () => new AppError('not_found', 'Version not found.');

/** One version of a deck, if it has that version. */
export async function findVersion(
  db: Db,
  deckId: string,
  number: number,
): Promise<DeckVersionRow | undefined> {
  const [version] = await db
    .select()
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number)));
  return version;
}

/** One version of a deck, or 404 when the deck has no such version. */
export async function loadVersion(db: Db, deckId: string, number: number): Promise<DeckVersionRow> {
  const version = await findVersion(db, deckId, number);
  if (!version) throw versionNotFound();
  return version;
}

/** The version `?version=n` asks for, else the newest. */
export function loadRequestedVersion(db: Db, deck: DeckRow, number: number | undefined) {
  return loadVersion(db, deck.id, number ?? deck.currentVersion);
}

/** A deck's versions, newest first, with who made each and what it changed. */
export async function listVersions(
  services: Pick<Services, 'db'>,
  { user, deckId }: { user: User; deckId: string },
): Promise<DeckVersionsResponse> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view' });
  const rows = await services.db
    .select()
    .from(deckVersions)
    .where(eq(deckVersions.deckId, deck.id))
    .orderBy(desc(deckVersions.number));
  const makers = [...new Set(rows.map((row) => row.createdBy).filter((id) => id !== null))];
  const names = new Map(
    makers.length === 0
      ? []
      : (
          await services.db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, makers))
        ).map((maker) => [maker.id, maker.name]),
  );
  return {
    // The newest version is the current one (a version becomes current as it is made, in one
    // transaction), read from the same rows, so a version made since the deck was read is not
    // listed beside another marked current.
    versions: rows.map((row, index) => ({
      number: row.number,
      createdAt: row.createdAt.toISOString(),
      createdBy:
        row.createdBy && names.has(row.createdBy)
          ? { id: row.createdBy, name: names.get(row.createdBy)! }
          : null,
      title: row.title,
      clientName: row.clientName,
      slideCount: row.slideCount,
      changes: row.changes,
      restoredFrom: row.restoredFrom,
      isCurrent: index === 0,
      ...deckVersionLinks(deck.id, row.number),
    })),
  };
}

/**
 * Runs `record`, the transaction that numbers a version whose files were staged before it
 * (`stagingPrefix`), handing it `storeFiles`, which moves them under that number (ADR 085).
 * When it fails (a move failed, the claim lost, the deck accepted meanwhile…), what was staged
 * goes now, not at the orphan sweep's hour. Files moved already when the transaction failed
 * after its moves have no row; the next version of that number is moved over them, and the sweep
 * takes them if none comes (deleting them here could delete that version's).
 */
export async function withStagedFiles<T>(
  services: Pick<Services, 'fileStore' | 'objects'>,
  staged: { deckId: string; files: UploadedFiles; staging: string },
  record: (storeFiles: (tx: Db, number: number) => Promise<void>) => Promise<T>,
): Promise<T> {
  const { deckId, files, staging } = staged;
  try {
    return await record((tx, number) =>
      services.fileStore.moveIn(tx, files, { from: staging, to: versionPrefix(number) }),
    );
  } catch (error) {
    await services.objects
      .delete(files.map((file) => deckObjectKey(deckId, file.name)))
      .catch(() => {});
    throw error;
  }
}
