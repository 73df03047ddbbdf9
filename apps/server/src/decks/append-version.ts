import type { TemplateLibrary } from '@deck-portal/deck-engine/library';
import { and, eq } from 'drizzle-orm';
import {
  deckLinks,
  describeDraftChanges,
  productName,
  type NewVersionResponse,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { deckVersions } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { DeckRow } from './deck-access.ts';
import { settleDeckSharing } from './settle-deck-sharing.ts';
import {
  lockDeckForVersion,
  writeDeckVersion,
  type DeckVersionContent,
} from './write-deck-version.ts';
import { voidChangedRequests } from '../deal-desk/version-clearance.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';

export type NewVersion = DeckVersionContent & {
  /** Why the version was made, when not for a change of the draft (an approval): its first change line. */
  reason?: string;
  /** What was edited on its slides, in words, after the reason (issue 49). */
  editChanges?: string[];
  /** Stores the version's files under its number, inside the transaction. */
  storeFiles: (tx: Db, number: number) => Promise<void>;
  /** Last in the transaction (a job marking itself done); throwing rolls the version back. */
  beforeCommit?: (tx: Db, number: number) => Promise<void>;
};

/**
 * Adds the next version to a deck and makes it the newest, in one transaction
 * (write-deck-version.ts numbers it and points the deck at it), with what changed since the
 * version before in words. A deck in the archive comes back into use: someone is working on it
 * again.
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
    const locked = await lockDeckForVersion(tx, deck.id);
    // Accepted while this version was being made: what the client accepted stays the newest.
    await assertNotAccepted(tx, locked);
    const changes = [
      ...(version.restoredFrom ? [`Restored version ${version.restoredFrom}`] : []),
      ...(version.reason ? [version.reason] : []),
      ...(version.editChanges ?? []),
      ...describeDraftChanges(locked.draft, version.draft, slideName, productNameOf),
    ];
    // Before the deck takes the new version's title: approvers are told of the deck they were
    // asked about.
    await voidChangedRequests(tx, {
      deckId: deck.id,
      selection: version.draft.productSelection,
      at: now,
    });
    const wasArchived = locked.status === 'archived';
    const next = await writeDeckVersion(tx, {
      deckId: deck.id,
      version,
      changes,
      createdBy: user.id,
      at: now,
      deckState: wasArchived ? { status: 'shared', archivedAt: null } : {},
    });
    await version.storeFiles(tx, next);
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
