import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deckVersions, decks, events, jobs, webhookEndpoints } from '../src/db/schema.ts';
import { writeDeckVersion } from '../src/decks/write-deck-version.ts';
import { useClientLinkWorld } from './helpers/client-links-world.ts';

// The one writer of deck versions: since ADR 065 the version and the deck's row go in one
// statement. What it leaves in the database is the same: the version numbered one past the
// newest, the deck pointing at it with its title, client, draft and counts, the event and its
// consumer's job.
const w = useClientLinkWorld();

/** The smallest version a writer gives: one slide, no warnings. */
const oneSlideVersion = (draft: typeof decks.$inferSelect.draft) => ({
  draft,
  slideCount: 1,
  slideTitles: ['x'],
  slideLinks: [[]],
  warnings: [],
});

describe('writeDeckVersion', () => {
  it('writes the version, points the deck at it, records the event and queues its job', async () => {
    const deckId = await w.newDeck();
    const db = w.db();
    // The webhooks' job is queued for an event an endpoint turned on wants (ADR 046).
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        url: 'https://crm.example/decks',
        eventTypes: ['deck.version_created'],
        secret: 'whsec_dGVzdA',
      })
      .returning({ id: webhookEndpoints.id });
    onTestFinished(async () => {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    });
    const [deck] = await db.select().from(decks).where(eq(decks.id, deckId));
    const draft = {
      ...deck!.draft,
      basicInfo: { ...deck!.draft.basicInfo, deckTitle: 'Renamed', clientName: 'Other Client' },
    };
    const at = new Date('2026-11-24T10:00:00Z');
    const number = await db.transaction((tx) =>
      writeDeckVersion(tx, {
        deckId,
        version: {
          draft,
          slideCount: 2,
          slideTitles: ['One', 'Two'],
          slideLinks: [[], []],
          warnings: ['a warning'],
          restoredFrom: 1,
          slideProducts: [[], []],
        },
        changes: ['Title: Renamed'],
        createdBy: deck!.ownerId,
        at,
        deckState: { generationError: 'left over' },
      }),
    );
    expect(number).toBe(2);

    const [version] = await db
      .select()
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, 2)));
    expect(version).toMatchObject({
      title: 'Renamed',
      clientName: 'Other Client',
      draft,
      slideCount: 2,
      slideTitles: ['One', 'Two'],
      slideLinks: [[], []],
      warnings: ['a warning'],
      changes: ['Title: Renamed'],
      presenter: null,
      restoredFrom: 1,
      editKind: null,
      edited: null,
      slidePlan: null,
      slideProducts: [[], []],
      libraryVersion: null,
      priceBook: null,
      dealCheck: null,
      createdBy: deck!.ownerId,
      idempotencyKey: null,
      createdAt: at,
    });

    const [after] = await db.select().from(decks).where(eq(decks.id, deckId));
    expect(after).toMatchObject({
      title: 'Renamed',
      clientName: 'Other Client',
      draft,
      slideCount: 2,
      warnings: ['a warning'],
      currentVersion: 2,
      updatedAt: at,
      status: deck!.status,
      generationError: 'left over',
      ownerId: deck!.ownerId,
    });

    const recorded = await db
      .select()
      .from(events)
      .where(and(eq(events.deckId, deckId), eq(events.type, 'deck.version_created')))
      .orderBy(asc(events.id));
    expect(recorded.map((event) => event.data)).toEqual([
      expect.objectContaining({ version: expect.objectContaining({ number: 1 }) }),
      {
        deck: { id: deckId, title: 'Renamed', clientName: 'Other Client', ownerId: deck!.ownerId },
        version: {
          number: 2,
          createdBy: deck!.ownerId,
          editKind: null,
          restoredFrom: 1,
          slideCount: 2,
          changes: ['Title: Renamed'],
        },
      },
    ]);
    // Whose deck it is, read by the event's own statement: whose alerts it may raise.
    expect(recorded.map((event) => event.ownerId)).toEqual([deck!.ownerId, deck!.ownerId]);
    const queued = await db.select().from(jobs).where(eq(jobs.kind, 'webhooks.fan-out'));
    expect(queued.map((job) => job.payload)).toContainEqual({ eventId: recorded[1]!.id });
  });

  it('numbers one past the newest each time, and leaves nothing when the transaction rolls back', async () => {
    const deckId = await w.newDeck();
    const db = w.db();
    const [deck] = await db.select().from(decks).where(eq(decks.id, deckId));
    const write = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
      writeDeckVersion(tx, {
        deckId,
        version: oneSlideVersion(deck!.draft),
        createdBy: deck!.ownerId,
        at: new Date('2026-11-24T11:00:00Z'),
      });
    expect(await db.transaction(write)).toBe(2);
    expect(await db.transaction(write)).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await write(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const numbers = await db
      .select({ number: deckVersions.number })
      .from(deckVersions)
      .where(eq(deckVersions.deckId, deckId))
      .orderBy(asc(deckVersions.number));
    expect(numbers.map((row) => row.number)).toEqual([1, 2, 3]);
    const [after] = await db.select().from(decks).where(eq(decks.id, deckId));
    expect(after!.currentVersion).toBe(3);
  });

  it('gives writers at once the next numbers each, the deck pointing at the last', async () => {
    const deckId = await w.newDeck();
    const db = w.db();
    const [deck] = await db.select().from(decks).where(eq(decks.id, deckId));
    const numbers = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction((tx) =>
          writeDeckVersion(tx, {
            deckId,
            version: oneSlideVersion(deck!.draft),
            createdBy: deck!.ownerId,
            at: new Date('2026-11-24T12:00:00Z'),
          }),
        ),
      ),
    );
    expect([...numbers].sort()).toEqual([2, 3, 4]);
    const [after] = await db.select().from(decks).where(eq(decks.id, deckId));
    expect(after!.currentVersion).toBe(4);
  });
});
