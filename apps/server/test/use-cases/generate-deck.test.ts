import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deckFiles, decks } from '../../src/db/schema.ts';
import { deckFileNames } from '../../src/decks/version-files.ts';
import { generateDeckForUser } from '../../src/decks/generate-deck.ts';
import { batteryDraft, settledGeneration, useUseCaseWorld } from './use-case-world.ts';

// Generating a deck (the wizard's Generate): the deck is stored at once, a worker makes its
// version 1. HTTP's side (201/202, Prefer: wait, the Location header) is
// decks-generation.test.ts's.

const w = useUseCaseWorld();

describe('generating a deck', () => {
  it('stores the deck at once, and a worker makes its version 1 with its files', async () => {
    const draft = batteryDraft(w.slideIds, { title: 'First deck' });
    const accepted = await generateDeckForUser(w.services, { user: w.rep, draft });
    expect(accepted).toMatchObject({ status: 'generating', error: null });
    const deckId = accepted.presentationId;

    expect(await settledGeneration(w.services, deckId)).toMatchObject({
      status: 'completed',
      presentationId: deckId,
    });
    expect(await w.deckRow(deckId)).toMatchObject({
      ownerId: w.rep.id,
      title: 'First deck',
      clientName: 'Northwind Pharmacies',
      status: 'completed',
      currentVersion: 1,
      slideCount: 3,
      generationError: null,
    });
    const [first, ...others] = await w.versionsOf(deckId);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      number: 1,
      title: 'First deck',
      clientName: 'Northwind Pharmacies',
      slideCount: 3,
      slideTitles: ['Slide title 1', 'Slide title 2', 'Slide title 3'],
      changes: [],
      createdBy: w.rep.id,
      restoredFrom: null,
    });
    // The deck speaks for its owner: the stored draft names them.
    expect(first!.draft.basicInfo.userId).toBe(w.rep.id);
    expect(first!.draft.productSelection).toEqual(draft.productSelection);
    expect(first!.libraryVersion).toBeGreaterThanOrEqual(1);

    const files = await w.services.db
      .select({ name: deckFiles.name })
      .from(deckFiles)
      .where(eq(deckFiles.deckId, deckId));
    expect(files.map((file) => file.name).sort()).toEqual(
      [
        deckFileNames.pptx(1),
        deckFileNames.pdf(1),
        deckFileNames.slide(1, 1),
        deckFileNames.slide(1, 2),
        deckFileNames.slide(1, 3),
      ].sort(),
    );
  });

  it('answers a retry with the same idempotency key with the deck the first call made', async () => {
    const draft = batteryDraft(w.slideIds, { title: 'Retried deck' });
    const idempotencyKey = 'generate-retry-1';
    const first = await generateDeckForUser(w.services, { user: w.rep, draft, idempotencyKey });
    const retry = await generateDeckForUser(w.services, { user: w.rep, draft, idempotencyKey });
    expect(retry.presentationId).toBe(first.presentationId);
    const stored = await w.services.db
      .select({ id: decks.id })
      .from(decks)
      .where(eq(decks.idempotencyKey, idempotencyKey));
    expect(stored).toEqual([{ id: first.presentationId }]);

    // The same key with another draft is refused, and makes nothing.
    const other = batteryDraft(w.slideIds, { title: 'Another deck' });
    await expect(
      generateDeckForUser(w.services, { user: w.rep, draft: other, idempotencyKey }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused', statusCode: 422 });
    await settledGeneration(w.services, first.presentationId);
    expect(await w.versionsOf(first.presentationId)).toHaveLength(1);
  });

  it('refuses a draft naming a slide the library does not have, and stores nothing', async () => {
    const draft = batteryDraft(w.slideIds, { title: 'Unknown slide deck' });
    draft.templateCustomization.selectedSlides = ['no-such-slide'];
    await expect(generateDeckForUser(w.services, { user: w.rep, draft })).rejects.toMatchObject({
      code: 'validation_failed',
      fields: {
        'templateCustomization.selectedSlides': 'Unknown template slides: no-such-slide',
      },
    });
    const stored = await w.services.db
      .select({ id: decks.id })
      .from(decks)
      .where(eq(decks.title, 'Unknown slide deck'));
    expect(stored).toEqual([]);
  });
});
