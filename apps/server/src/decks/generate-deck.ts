import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DeckDraft, GenerationState } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import { statementsAtOnce } from '../db/statements-at-once.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { DeckRow } from './deck-access.ts';
import { assertPicturesUsable, findMissingPictures, refusedPictures } from './draft-pictures.ts';
import { enqueueGeneration, generationState } from './generation-job.ts';
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
  // The deck's id is chosen here, so that its job goes with it: on the embedded database the
  // transaction holds the one connection a round trip less (ADR 071).
  const deckId = randomUUID();
  const stored = await services.db
    .transaction(async (tx) => {
      // Each started in turn (`execute`): the deck, then its job, on the connection.
      const inserting = tx
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
        .onConflictDoNothing({ target: [decks.ownerId, decks.idempotencyKey] })
        .returning()
        .execute();
      const [[deck], job] = await statementsAtOnce([
        inserting,
        enqueueGeneration(tx, services.clock, deckId),
      ]);
      // A concurrent retry with the same key won: its deck stands, this one's job goes.
      if (!deck) throw new RetryWon();
      return { deck, job };
    })
    .catch((error: unknown) => {
      if (error instanceof RetryWon) return undefined;
      throw error;
    });
  if (stored) return generationState(services, stored.deck, stored.job);
  const raced = await findByKey(services, user.id, idempotencyKey!);
  if (!raced) throw new Error('the deck was neither stored nor found');
  return answerRetry(services, raced, fingerprint);
}

/** Rolls back a deck's insert that a concurrent retry with the same key had made first. */
class RetryWon extends Error {}

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
