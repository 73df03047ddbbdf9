import { and, eq } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { readDraftRows } from './library-draft.ts';

/** Puts the draft's slides in the order given, which must name each of them once. */
export async function reorderLibrarySlides(
  services: Services,
  { actor, slideIds }: { actor: User; slideIds: readonly string[] },
) {
  const rows = (await readDraftRows(services.db)).filter(({ row }) => row.kind === 'slide');
  const known = new Set(rows.map(({ row }) => row.documentId));
  if (
    slideIds.length !== known.size ||
    new Set(slideIds).size !== slideIds.length ||
    slideIds.some((id) => !known.has(id))
  ) {
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
      fields: { slideIds: 'Name every slide of the library once, in the new order.' },
    });
  }
  const before = rows.map(({ row }) => row.documentId);
  if (before.join() === slideIds.join()) return;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    for (const [position, id] of slideIds.entries()) {
      await tx
        .update(libraryDraft)
        .set({ position })
        .where(and(eq(libraryDraft.kind, 'slide'), eq(libraryDraft.documentId, id)));
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.slides_reordered',
      oldValue: before.join(','),
      newValue: slideIds.join(','),
      at: now,
    });
  });
}
