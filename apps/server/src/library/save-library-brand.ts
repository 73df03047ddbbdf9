import { and, eq } from 'drizzle-orm';
import { libraryMessages, type Brand } from '@deck-portal/domain';
import { DEFAULT_BRAND } from '@deck-portal/deck-engine';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { readDraftRows } from './library-draft.ts';

/** The draft's brand and its revision (the built-in brand, revision 0, before anyone saved one). */
export async function readDraftBrand(services: Pick<Services, 'db'>) {
  const rows = await readDraftRows(services.db);
  const row = rows.find((entry) => entry.row.kind === 'brand')?.row;
  return row
    ? { brand: row.document as Brand, revision: row.revision }
    : { brand: DEFAULT_BRAND as Brand, revision: 0 };
}

/**
 * Saves the draft's brand against the revision the editor loaded (409 when someone saved it
 * since); published with the rest of the library.
 */
export async function saveLibraryBrand(
  services: Services,
  { actor, revision, brand }: { actor: User; revision: number; brand: Brand },
) {
  const current = await readDraftBrand(services);
  if (current.revision !== revision) throw new AppError('conflict', libraryMessages.conflict);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const values = {
      document: brand,
      revision: revision + 1,
      updatedBy: actor.id,
      updatedAt: now,
    };
    const [saved] =
      revision === 0
        ? await tx
            .insert(libraryDraft)
            .values({ kind: 'brand', documentId: 'brand', position: 0, ...values })
            .onConflictDoNothing()
            .returning({ revision: libraryDraft.revision })
        : await tx
            .update(libraryDraft)
            .set(values)
            .where(
              and(
                eq(libraryDraft.kind, 'brand'),
                eq(libraryDraft.documentId, 'brand'),
                eq(libraryDraft.revision, revision),
              ),
            )
            .returning({ revision: libraryDraft.revision });
    if (!saved) throw new AppError('conflict', libraryMessages.conflict);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.brand_saved',
      oldValue: `revision ${revision}`,
      newValue: `revision ${saved.revision}`,
      at: now,
    });
    return { brand, revision: saved.revision };
  });
}
