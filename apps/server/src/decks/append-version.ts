import type { TemplateLibrary } from '@deck-portal/deck-engine';
import { and, eq } from 'drizzle-orm';
import {
  deckLinks,
  describeDraftChanges,
  productName,
  type DealCheck,
  type DeckDraft,
  type DeckPriceBook,
  type NewVersionResponse,
  type SlideLink,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { deckVersions, decks } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { DeckRow } from './deck-access.ts';
import type { DeckVersionRow } from './deck-versions.ts';
import { settleDeckSharing } from './settle-deck-sharing.ts';
import { voidChangedRequests } from '../deal-desk/version-clearance.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';

export type NewVersion = {
  draft: DeckDraft;
  slideCount: number;
  slideTitles: string[];
  slideLinks: SlideLink[][];
  warnings: string[];
  presenter?: DeckVersionRow['presenter'];
  restoredFrom?: number;
  /** Why the version was made, when not for a change of the draft (an approval): its first change line. */
  reason?: string;
  /** The content library version it was drawn from (a restore keeps the restored one's). */
  libraryVersion?: number | null;
  /** The price book entries it was priced from (a restore keeps the restored one's). */
  priceBook?: DeckPriceBook | null;
  /** The deal desk's check of its prices, and the approval that clears them (deal-desk/). */
  dealCheck?: DealCheck | null;
  approvedBy?: string | null;
  idempotencyKey?: string;
  idempotencyFingerprint?: string;
  /** Stores the version's files under its number, inside the transaction. */
  storeFiles: (tx: Db, number: number) => Promise<void>;
  /** Last in the transaction (a job marking itself done); throwing rolls the version back. */
  beforeCommit?: (tx: Db, number: number) => Promise<void>;
};

/**
 * Adds the next version to a deck and makes it the newest, in one transaction: the deck row is
 * locked while the number is taken, so two generations at once make versions n+1 and n+2, never
 * two n+1. The deck's own columns (title, client, draft, counts) follow the newest version. A
 * deck in the archive comes back into use: someone is working on it again.
 */
export async function appendVersion(
  services: Services,
  { user, deck, version }: { user: Pick<User, 'id'>; deck: DeckRow; version: NewVersion },
): Promise<NewVersionResponse> {
  const slideName = slideNamer(await services.currentLibrary());
  const { book } = await currentPriceBook(services.db, services.clock.now());
  const productNameOf = (id: string) => productName(book, id);
  const now = services.clock.now();
  const number = await services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(decks).where(eq(decks.id, deck.id)).for('update');
    if (!locked) throw new Error(`deck ${deck.id} vanished while adding a version`);
    // Accepted while this version was being made: what the client accepted stays the newest.
    await assertNotAccepted(tx, locked);
    const next = locked.currentVersion + 1;
    const changes = [
      ...(version.restoredFrom ? [`Restored version ${version.restoredFrom}`] : []),
      ...(version.reason ? [version.reason] : []),
      ...describeDraftChanges(locked.draft, version.draft, slideName, productNameOf),
    ];
    await tx.insert(deckVersions).values({
      deckId: deck.id,
      number: next,
      title: version.draft.basicInfo.deckTitle,
      clientName: version.draft.basicInfo.clientName,
      draft: version.draft,
      slideCount: version.slideCount,
      slideTitles: version.slideTitles,
      slideLinks: version.slideLinks,
      warnings: version.warnings,
      changes,
      presenter: version.presenter ?? null,
      restoredFrom: version.restoredFrom ?? null,
      libraryVersion: version.libraryVersion ?? null,
      priceBook: version.priceBook ?? null,
      dealCheck: version.dealCheck ?? null,
      approvedBy: version.approvedBy ?? null,
      createdBy: user.id,
      idempotencyKey: version.idempotencyKey ?? null,
      idempotencyFingerprint: version.idempotencyFingerprint ?? null,
      createdAt: now,
    });
    await version.storeFiles(tx, next);
    await voidChangedRequests(tx, {
      deckId: deck.id,
      selection: version.draft.productSelection,
      at: now,
    });
    const wasArchived = locked.status === 'archived';
    await tx
      .update(decks)
      .set({
        title: version.draft.basicInfo.deckTitle,
        clientName: version.draft.basicInfo.clientName,
        draft: version.draft,
        slideCount: version.slideCount,
        warnings: version.warnings,
        currentVersion: next,
        updatedAt: now,
        ...(wasArchived ? { status: 'shared' as const, archivedAt: null } : {}),
      })
      .where(eq(decks.id, deck.id));
    if (wasArchived) await settleDeckSharing(tx, { ...locked, status: 'shared' }, now);
    await version.beforeCommit?.(tx, next);
    return next;
  });
  return {
    presentationId: deck.id,
    ...deckLinks(deck.id),
    version: number,
    warnings: version.warnings,
  };
}

/** The version an idempotency key already made on this deck, if any. */
export async function findVersionByKey(db: Db, deckId: string, key: string) {
  const [version] = await db
    .select()
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.idempotencyKey, key)));
  return version;
}

function slideNamer({ library }: { library: TemplateLibrary }) {
  const names = new Map(library.slides.map((slide) => [slide.id, slide.title]));
  return (id: string) => names.get(id) ?? id;
}
