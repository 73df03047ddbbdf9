import { eq, sql } from 'drizzle-orm';
import type {
  DealCheck,
  DeckDraft,
  DeckPriceBook,
  EditedDeck,
  PlannedSlideKey,
  SlideLink,
  SlideProducts,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { deckVersions, decks, type PricingContext } from '../db/schema.ts';
import { statementsAtOnce } from '../db/statements-at-once.ts';
import type { DeckRow } from './deck-access.ts';
import type { DeckVersionRow } from './deck-versions.ts';
import { recordEvent } from '../events/record-event.ts';

/** What a version is made of; its number, title and client the writer derives. */
export type DeckVersionContent = {
  draft: DeckDraft;
  slideCount: number;
  slideTitles: string[];
  slideLinks: SlideLink[][];
  warnings: string[];
  presenter?: DeckVersionRow['presenter'] | undefined;
  restoredFrom?: number | null | undefined;
  libraryVersion?: number | null | undefined;
  priceBook?: DeckPriceBook | null | undefined;
  /** The market and price lists it was priced with (issue 50). */
  pricingContext?: PricingContext | null | undefined;
  dealCheck?: DealCheck | null | undefined;
  approvedBy?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
  idempotencyFingerprint?: string | null | undefined;
  /** How its slides were edited, and the slides as edited (issue 49), when they were. */
  editKind?: DeckVersionRow['editKind'] | undefined;
  edited?: EditedDeck | null | undefined;
  /** Each slide of its files: its key and whether its figures are the quote's. */
  slidePlan?: PlannedSlideKey[] | null | undefined;
  /** Which products each slide is about (issue 51); none when left out. */
  slideProducts?: SlideProducts | undefined;
};

/** Deck columns a writer may change beside the ones that follow the newest version. */
type DeckStateChange = Partial<
  Pick<typeof decks.$inferInsert, 'status' | 'archivedAt' | 'generationError'>
>;

/**
 * Locks a deck's row for the rest of the transaction (the lock every version writer takes
 * before numbering); throws when the deck is gone. The statement is handed to the connection
 * in the turn this is called (`execute`), so a statement started after the call runs after the
 * lock is held.
 */
export async function lockDeckForVersion(tx: Db, deckId: string): Promise<DeckRow> {
  const [locked] = await tx
    .select()
    .from(decks)
    .where(eq(decks.id, deckId))
    .for('update')
    .execute();
  if (!locked) throw new Error(`deck ${deckId} vanished while adding a version`);
  return locked;
}

/**
 * The one place a deck version is written (the linter refuses `insert(deckVersions)` anywhere
 * else), inside the caller's transaction. With the deck row locked, the version is numbered one
 * past the deck's newest (1 for its first), so two writers at once make n+1 and n+2, never two
 * n+1; the deck then points at it, and its title, client, draft and counts are the new
 * version's. The caller stores the version's files under the number answered.
 */
export async function writeDeckVersion(
  tx: Db,
  {
    deckId,
    version,
    changes = [],
    createdBy,
    at,
    deckState = {},
  }: {
    deckId: string;
    version: DeckVersionContent;
    /** What changed since the version before, in words (none for a deck's first). */
    changes?: string[];
    createdBy: string;
    at: Date;
    /** The deck's status and the like, changed in the same statement. */
    deckState?: DeckStateChange;
  },
): Promise<number> {
  const { draft } = version;
  // The version, numbered, and the deck's row in one statement (a data-modifying CTE, which
  // PostgreSQL always runs to the end): on the embedded database each statement is a round trip
  // to its thread while the transaction holds the one connection that reads wait for (ADRs 065,
  // 069). The number is taken in it too: it is sent with the deck's lock, started right after it
  // (each handed to the connection as it is started), so it runs once the lock is held and sees
  // every version committed before (ADR 071).
  const inserted = tx.$with('inserted_version').as(
    tx
      .insert(deckVersions)
      .values({
        deckId,
        number: sql`(select coalesce(max(${deckVersions.number}), 0) + 1 from ${deckVersions} where ${deckVersions.deckId} = ${deckId})`,
        title: draft.basicInfo.deckTitle,
        clientName: draft.basicInfo.clientName,
        draft,
        slideCount: version.slideCount,
        slideTitles: version.slideTitles,
        slideLinks: version.slideLinks,
        warnings: version.warnings,
        changes,
        presenter: version.presenter ?? null,
        restoredFrom: version.restoredFrom ?? null,
        editKind: version.editKind ?? null,
        edited: version.edited ?? null,
        slidePlan: version.slidePlan ?? null,
        slideProducts: version.slideProducts ?? [],
        libraryVersion: version.libraryVersion ?? null,
        priceBook: version.priceBook ?? null,
        pricingContext: version.pricingContext ?? null,
        dealCheck: version.dealCheck ?? null,
        approvedBy: version.approvedBy ?? null,
        createdBy,
        idempotencyKey: version.idempotencyKey ?? null,
        idempotencyFingerprint: version.idempotencyFingerprint ?? null,
        createdAt: at,
      })
      .returning({ number: deckVersions.number }),
  );
  const versionAndDeck = tx
    .with(inserted)
    .update(decks)
    .set({
      title: draft.basicInfo.deckTitle,
      clientName: draft.basicInfo.clientName,
      draft,
      slideCount: version.slideCount,
      warnings: version.warnings,
      currentVersion: sql`(select ${inserted.number} from ${inserted})`,
      updatedAt: at,
      ...deckState,
    })
    .where(eq(decks.id, deckId))
    .returning({ number: decks.currentVersion });
  // The event goes with them: its own statement reads the version's number and the deck's owner
  // from the deck's row as the two before it left it (ADR 072).
  const thisDeck = sql`from ${decks} where ${decks.id} = ${deckId}`;
  const data = {
    deck: {
      id: deckId,
      title: draft.basicInfo.deckTitle,
      clientName: draft.basicInfo.clientName,
      ownerId: null, // the deck's owner, filled in by the statement below
    },
    version: {
      number: null, // the version's number, filled in by the statement below
      createdBy,
      editKind: version.editKind ?? null,
      restoredFrom: version.restoredFrom ?? null,
      slideCount: version.slideCount,
      changes,
    },
  };
  const recording = () =>
    recordEvent(
      tx,
      { now: () => at },
      {
        type: 'deck.version_created',
        deckId,
        ownerId: sql`(select ${decks.ownerId} ${thisDeck})`,
        actorId: createdBy,
        data: sql`(select jsonb_set(jsonb_set(${JSON.stringify(data)}::jsonb, '{deck,ownerId}', to_jsonb(${decks.ownerId})), '{version,number}', to_jsonb(${decks.currentVersion})) ${thisDeck})`,
      },
    );
  const [, [written]] = await statementsAtOnce(tx, [
    () => lockDeckForVersion(tx, deckId),
    () => versionAndDeck.execute(),
    recording,
  ]);
  return written!.number!;
}
