import { deckLinks, type DeckDraft, type NewVersionResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { loadPresenter } from '../users/profile.ts';
import { appendVersion, findVersionByKey } from './append-version.ts';
import { loadDeckFor } from './deck-access.ts';
import { versionFiles } from './deck-versions.ts';
import { draftFingerprint, idempotencyKeyReusedMessage } from './generate-deck.ts';
import { renderDraft } from './render-draft.ts';

/**
 * Modify → Generate: renders the rep's changed draft as the next version of the same deck, so
 * its client links (unless pinned) show the new one. An idempotency key makes a retry answer
 * the version the first call made.
 */
export async function generateNextVersion(
  services: Services,
  {
    user,
    deckId,
    draft,
    idempotencyKey,
  }: { user: User; deckId: string; draft: DeckDraft; idempotencyKey?: string },
): Promise<NewVersionResponse> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  const owned: DeckDraft = { ...draft, basicInfo: { ...draft.basicInfo, userId: deck.ownerId } };
  const fingerprint = draftFingerprint(draft);
  if (idempotencyKey) {
    const earlier = await findVersionByKey(services.db, deck.id, idempotencyKey);
    if (earlier) {
      if (earlier.idempotencyFingerprint !== fingerprint) {
        throw new AppError('idempotency_key_reused', idempotencyKeyReusedMessage, { status: 422 });
      }
      return {
        presentationId: deck.id,
        ...deckLinks(deck.id),
        version: earlier.number,
        warnings: earlier.warnings,
      };
    }
  }
  // The deck speaks for its owner, whoever makes the new version.
  const presenter = await loadPresenter(services.db, deck.ownerId);
  const rendered = await renderDraft(services, {
    draft: owned,
    presenter,
    uploaderIds: [deck.ownerId, user.id],
  });
  return appendVersion(services, {
    user,
    deck,
    version: {
      draft: owned,
      slideCount: rendered.svgs.length,
      slideTitles: rendered.slideTitles,
      warnings: rendered.warnings,
      presenter: presenter ?? null,
      ...(idempotencyKey ? { idempotencyKey, idempotencyFingerprint: fingerprint } : {}),
      storeFiles: (tx, number) =>
        services.fileStore.put(tx, deck.id, versionFiles(number, rendered)),
    },
  });
}
