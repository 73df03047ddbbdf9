import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckEditDrafts, deckEditedFiles } from '../db/schema.ts';
import type { DeckRow } from '../decks/deck-access.ts';
import type { VersionEdit } from '../decks/deck-jobs.ts';
import { loadVersion } from '../decks/deck-versions.ts';
import type { Services } from '../services.ts';

/**
 * The edit a deck's newest version was made of, when its slides were edited: what an approval's
 * version draws again (without the watermark).
 */
export async function editOfVersion(
  services: Pick<Services, 'db'>,
  deck: Pick<DeckRow, 'id' | 'currentVersion'>,
): Promise<VersionEdit | undefined> {
  const newest = await loadVersion(services.db, deck.id, deck.currentVersion);
  if (!newest.edited || !newest.editKind) return undefined;
  return { kind: newest.editKind, edited: newest.edited, baseVersion: newest.number, changes: [] };
}

/**
 * In the transaction that stores an edited version: the editor draft it was saved from goes
 * (unless it was changed again meanwhile, in another window), and a file brought back records
 * the version it became.
 */
export async function settleEdit(
  tx: Db,
  {
    deckId,
    userId,
    number,
    edit,
  }: { deckId: string; userId: string; number: number; edit: VersionEdit },
) {
  if (edit.kind === 'online' && edit.revision !== undefined) {
    await tx
      .delete(deckEditDrafts)
      .where(
        and(
          eq(deckEditDrafts.deckId, deckId),
          eq(deckEditDrafts.userId, userId),
          eq(deckEditDrafts.revision, edit.revision),
        ),
      );
  }
  if (edit.kind === 'file' && edit.fileId) {
    await tx
      .update(deckEditedFiles)
      .set({ savedAs: number })
      .where(and(eq(deckEditedFiles.id, edit.fileId), eq(deckEditedFiles.deckId, deckId)));
  }
}
