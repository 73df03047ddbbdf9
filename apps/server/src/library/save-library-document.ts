import { and, eq } from 'drizzle-orm';
import { libraryMessages } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';
import { checkLibraryDocument, type EditedDocument } from './preview-library-document.ts';

/**
 * Saves an editor's change to one slide or layout of the draft. The editor names the revision
 * they edited: when someone else saved it since, the save is refused (409) instead of losing
 * their change.
 */
export async function saveLibraryDocument<Edited extends EditedDocument>(
  services: Services,
  { actor, id, revision, edited }: { actor: User; id: string; revision: number; edited: Edited },
): Promise<{ document: Edited['document']; revision: number }> {
  if (edited.document.id !== id) {
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
      fields: {
        'document.id': `The id stays “${id}”; duplicate the ${edited.kind} for a new one.`,
      },
    });
  }
  const rows = await readDraftRows(services.db);
  const current = rows.find(({ row }) => row.kind === edited.kind && row.documentId === id);
  if (!current) throw new AppError('not_found', `The library has no ${edited.kind} “${id}”.`);
  if (current.row.revision !== revision) throw new AppError('conflict', libraryMessages.conflict);
  await checkLibraryDocument(services, draftDocuments(rows), edited, { refuseOverflow: true });

  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(libraryDraft)
      .set({
        document: edited.document,
        revision: revision + 1,
        updatedBy: actor.id,
        updatedAt: now,
      })
      .where(
        and(
          eq(libraryDraft.kind, edited.kind),
          eq(libraryDraft.documentId, id),
          eq(libraryDraft.revision, revision),
        ),
      )
      .returning({ revision: libraryDraft.revision });
    // Someone saved between the read above and this write.
    if (!saved) throw new AppError('conflict', libraryMessages.conflict);
    await recordAudit(tx, {
      actorId: actor.id,
      action: edited.kind === 'slide' ? 'library.slide_saved' : 'library.layout_saved',
      subject: {
        kind: 'library',
        id,
        label: 'title' in edited.document ? edited.document.title : null,
      },
      oldValue: `${id} revision ${revision}`,
      newValue: `${id} revision ${saved.revision}`,
      at: now,
    });
    return { document: edited.document, revision: saved.revision };
  });
}
