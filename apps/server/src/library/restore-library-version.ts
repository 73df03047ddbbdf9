import { describeLibraryChanges } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { libraryVersions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { replaceDraft } from './library-draft.ts';
import { libraryVersionDocuments, newestLibraryVersion } from './library-versions.ts';
import { lockLibraryVersions } from './publish-library.ts';

/**
 * Brings an older version back as the newest (history is never rewritten: it becomes a new
 * number) and starts the draft from it; unpublished changes in the draft are replaced.
 */
export async function restoreLibraryVersion(
  services: Services,
  { actor, number }: { actor: User; number: number },
) {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await lockLibraryVersions(tx);
    const documents = await libraryVersionDocuments(tx, number);
    if (!documents) throw new AppError('not_found', `The library has no version ${number}.`);
    const newest = await newestLibraryVersion(tx);
    if (newest.number === number) {
      throw new AppError('conflict', `Version ${number} is already the one reps build from.`);
    }
    const next = newest.number + 1;
    const changes = describeLibraryChanges(newest.documents, documents);
    await tx.insert(libraryVersions).values({
      number: next,
      note: `Restored version ${number}`,
      changes,
      restoredFrom: number,
      documents,
      createdBy: actor.id,
      createdAt: now,
    });
    await replaceDraft(tx, documents, { by: actor.id, at: now });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.version_restored',
      oldValue: String(newest.number),
      newValue: `${next} from ${number}`,
      at: now,
    });
    return { number: next, changes };
  });
}

/** Throws the draft's unpublished changes away: the draft becomes the newest version again. */
export async function discardLibraryDraft(services: Services, { actor }: { actor: User }) {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await lockLibraryVersions(tx);
    const newest = await newestLibraryVersion(tx);
    await replaceDraft(tx, newest.documents, { by: actor.id, at: now });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.draft_discarded',
      newValue: String(newest.number),
      at: now,
    });
  });
}
