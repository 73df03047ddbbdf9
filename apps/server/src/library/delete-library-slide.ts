import { and, eq } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { newestLibraryVersion } from './library-versions.ts';
import { lockLibraryVersions } from './publish-library.ts';

/**
 * Takes a slide added since the last publish out of the draft. A published slide stays: decks
 * made with it name it, so it is retired instead (hidden from reps, still drawn for them).
 */
export async function deleteLibrarySlide(
  services: Services,
  { actor, id }: { actor: User; id: string },
) {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    // Under publishing's lock: a publish between the check and the delete would make the slide
    // published, and the delete would then take it out of the next version.
    await lockLibraryVersions(tx);
    const newest = await newestLibraryVersion(tx);
    if (newest.documents.slides.some((slide) => slide.id === id)) {
      throw new AppError(
        'published_slide',
        'This slide is in the published library, where decks use it: retire it instead.',
        { status: 409 },
      );
    }
    const deleted = await tx
      .delete(libraryDraft)
      .where(and(eq(libraryDraft.kind, 'slide'), eq(libraryDraft.documentId, id)))
      .returning({ documentId: libraryDraft.documentId });
    if (deleted.length === 0) throw new AppError('not_found', `The library has no slide “${id}”.`);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.slide_deleted',
      subject: { kind: 'library', id, label: null },
      oldValue: id,
      newValue: null,
      at: now,
    });
  });
}
