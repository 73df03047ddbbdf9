import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DeckDraft, DeckPresenter, GenerationResponse } from '@deck-portal/domain';
import { deckLinks } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { deckVersions, decks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { loadPresenter } from '../users/profile.ts';
import { versionFiles } from './deck-versions.ts';
import { assertPicturesUsable, loadDraftUploads, refusedPictures } from './draft-pictures.ts';

export const idempotencyKeyReusedMessage =
  'This Idempotency-Key was already used for a different deck. Send a new key with a new deck.';

/**
 * Renders the deck off the request thread, then stores the deck, its version 1 and its files in
 * one transaction. With an idempotency key, a retry of the same request answers the deck the
 * first call made; the same key with a different draft is refused (422), never silently dropped.
 */
export async function generateDeckForUser(
  services: Services,
  { user, draft, idempotencyKey }: { user: User; draft: DeckDraft; idempotencyKey?: string },
): Promise<GenerationResponse & { warnings: string[] }> {
  const fingerprint = draftFingerprint(draft);
  const existing = idempotencyKey ? await findByKey(services, user.id, idempotencyKey) : undefined;
  if (existing) return answerRetry(existing, fingerprint);

  const presenter = await loadPresenter(services.db, user.id);
  const rendered = await renderDraft(services, { draft, presenter, uploaderIds: [user.id] });
  const now = services.clock.now();
  const stored = await services.db.transaction(async (tx) => {
    const [deck] = await tx
      .insert(decks)
      .values({
        ownerId: user.id,
        title: draft.basicInfo.deckTitle,
        clientName: draft.basicInfo.clientName,
        draft: { ...draft, basicInfo: { ...draft.basicInfo, userId: user.id } },
        status: 'completed',
        slideCount: rendered.svgs.length,
        warnings: rendered.warnings,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyFingerprint: idempotencyKey ? fingerprint : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [decks.ownerId, decks.idempotencyKey] })
      .returning();
    if (!deck) return undefined; // a concurrent retry with the same key won
    await tx.insert(deckVersions).values({
      deckId: deck.id,
      number: 1,
      title: deck.title,
      clientName: deck.clientName,
      draft: deck.draft,
      slideCount: deck.slideCount,
      slideTitles: rendered.slideTitles,
      warnings: rendered.warnings,
      presenter: presenter ?? null,
      createdBy: user.id,
      createdAt: now,
    });
    await services.fileStore.put(tx, deck.id, versionFiles(1, rendered));
    return deck;
  });
  if (stored)
    return { presentationId: stored.id, ...deckLinks(stored.id), warnings: stored.warnings };
  const raced = await findByKey(services, user.id, idempotencyKey!);
  if (!raced) throw new Error('the deck was neither stored nor found');
  return answerRetry(raced, fingerprint);
}

/**
 * Checks the draft against the library and renders it on the worker pool, with the owner's
 * uploaded pictures; refuses the result (422) when a picture is missing and not kept as a frame.
 */
export async function renderDraft(
  services: Services,
  {
    draft,
    presenter,
    uploaderIds,
  }: {
    draft: DeckDraft;
    presenter: DeckPresenter | undefined;
    /** Whose uploads the draft may name. */
    uploaderIds: readonly string[];
  },
) {
  assertKnownTemplates(services, draft);
  const pictures = await loadDraftUploads(services, draft, uploaderIds);
  const rendered = await services.deckRenderer.generate(draft, {
    ...(presenter ? { presenter } : {}),
    pictures,
  });
  assertPicturesUsable(draft, refusedPictures(draft, rendered.missingPictures));
  return rendered;
}

export function answerRetry(
  deck: { id: string; warnings: string[]; idempotencyFingerprint: string | null },
  fingerprint: string,
) {
  // Decks stored before fingerprints were kept have none: their key is taken as matching.
  if (deck.idempotencyFingerprint !== null && deck.idempotencyFingerprint !== fingerprint) {
    throw new AppError('idempotency_key_reused', idempotencyKeyReusedMessage, { status: 422 });
  }
  return { presentationId: deck.id, ...deckLinks(deck.id), warnings: deck.warnings };
}

/** SHA-256 of the draft as validated, with object keys in a fixed order. */
export function draftFingerprint(draft: DeckDraft) {
  return createHash('sha256').update(canonicalJson(draft)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Every chosen slide and layout must exist in the library, or the deck would silently lack it. */
function assertKnownTemplates({ library }: Pick<Services, 'library'>, draft: DeckDraft) {
  const fields: Record<string, string> = {};
  const slideIds = new Set(library.slides.map((slide) => slide.id));
  const unknownSlides = draft.templateCustomization.selectedSlides.filter(
    (id) => !slideIds.has(id),
  );
  if (unknownSlides.length > 0) {
    fields['templateCustomization.selectedSlides'] =
      `Unknown template slides: ${unknownSlides.join(', ')}`;
  }
  const layoutIds = new Set(library.layouts.map((layout) => layout.id));
  draft.templateCustomization.customSlides.forEach((slide, index) => {
    if (!layoutIds.has(slide.layoutId)) {
      fields[`templateCustomization.customSlides.${index}.layoutId`] =
        `Unknown layout: ${slide.layoutId}`;
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', Object.values(fields).join(' '), { fields });
  }
}

async function findByKey(services: Services, ownerId: string, key: string) {
  const [deck] = await services.db
    .select()
    .from(decks)
    .where(and(eq(decks.ownerId, ownerId), eq(decks.idempotencyKey, key)));
  return deck;
}
