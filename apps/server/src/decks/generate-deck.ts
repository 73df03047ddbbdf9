import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DeckDraft, GenerationState } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { DeckRow } from './deck-access.ts';
import { assertPicturesUsable, findMissingPictures, refusedPictures } from './draft-pictures.ts';
import { generationJobInsert, generationState } from './generation-job.ts';
import { assertKnownTemplates } from './render-draft.ts';
import { assertDraftPriceable } from '../markets/pricing-context.ts';

export const idempotencyKeyReusedMessage =
  'This Idempotency-Key was already used for a different deck. Send a new key with a new deck.';

/**
 * Stores the deck as `generating` with its generation job and answers at once; a worker renders
 * it (generation-job.ts). The draft is checked first — known slides and layouts, pictures that
 * can be used — so bad input is refused (422) and stores nothing. With an idempotency key, a
 * retry of the same request answers the deck the first call made; the same key with a different
 * draft is refused (422), never silently dropped.
 */
export async function generateDeckForUser(
  services: Services,
  { user, draft, idempotencyKey }: { user: User; draft: DeckDraft; idempotencyKey?: string },
): Promise<GenerationState> {
  const fingerprint = draftFingerprint(draft);
  const existing = idempotencyKey ? await findByKey(services, user.id, idempotencyKey) : undefined;
  if (existing) return answerRetry(services, existing, fingerprint);

  assertKnownTemplates(await services.currentLibrary(), draft);
  await assertDraftPriceable(services, draft);
  const missing = await findMissingPictures(services, user, draft);
  assertPicturesUsable(draft, refusedPictures(draft, missing));
  const now = services.clock.now();
  const { db } = services;
  // The deck's id is chosen here, so that its job can name it in the same statement.
  const deckId = randomUUID();
  const newDeck = db.$with('new_deck').as(
    db
      .insert(decks)
      .values({
        id: deckId,
        ownerId: user.id,
        title: draft.basicInfo.deckTitle,
        clientName: draft.basicInfo.clientName,
        draft: { ...draft, basicInfo: { ...draft.basicInfo, userId: user.id } },
        status: 'generating',
        slideCount: 0,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyFingerprint: idempotencyKey ? fingerprint : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  const newJob = db.$with('new_job').as(generationJobInsert(db, services.clock, deckId));
  // The deck and its job in one statement, stored together or not at all: no transaction holds
  // the embedded database's one connection across round trips to this thread (ADR 072).
  const stored = await db
    .with(newDeck, newJob)
    .select()
    .from(newDeck)
    .crossJoin(newJob)
    .then(([row]) => row && { deck: row.new_deck, job: row.new_job })
    .catch((error: unknown) => {
      // A concurrent retry with the same key stored its deck first: that one is answered.
      if (idempotencyKey && isUniqueViolation(error, 'decks_owner_idempotency_key')) {
        return undefined;
      }
      throw error;
    });
  if (stored) return generationState(services, stored.deck, stored.job);
  const raced = await findByKey(services, user.id, idempotencyKey!);
  if (!raced) throw new Error('the deck was neither stored nor found');
  return answerRetry(services, raced, fingerprint);
}

function answerRetry(services: Services, deck: DeckRow, fingerprint: string) {
  // Decks stored before fingerprints were kept have none: their key is taken as matching.
  if (deck.idempotencyFingerprint !== null && deck.idempotencyFingerprint !== fingerprint) {
    throw new AppError('idempotency_key_reused', idempotencyKeyReusedMessage, { status: 422 });
  }
  return generationState(services, deck);
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

async function findByKey(services: Services, ownerId: string, key: string) {
  const [deck] = await services.db
    .select()
    .from(decks)
    .where(and(eq(decks.ownerId, ownerId), eq(decks.idempotencyKey, key)));
  return deck;
}
