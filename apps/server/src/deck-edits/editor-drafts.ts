import { and, eq, gt, ne } from 'drizzle-orm';
import type {
  DeckEditor,
  EditedSlide,
  EditorCollaborator,
  SaveEditorDraftRequest,
  SaveEditorDraftResponse,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { deckEditDrafts, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { loadDeckFor, type DeckRow } from '../decks/deck-access.ts';
import { findVersion, loadVersion } from '../decks/deck-versions.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';
import { editedDeckOfVersion } from './version-edited-deck.ts';
import { previewEditedSlide } from './render-edited.ts';
import { loadPresenter } from '../users/profile.ts';

/** How long after their last save someone counts as still editing a deck. */
export const EDITING_WINDOW_MS = 5 * 60_000;

export type EditDraftRow = typeof deckEditDrafts.$inferSelect;

/** The deck when the caller may edit it and it is not locked by a client's acceptance. */
export async function loadEditableDeck(services: Services, user: User, deckId: string) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'edit' });
  await assertNotAccepted(services.db, deck);
  return deck;
}

export async function findEditDraft(db: Db, deckId: string, userId: string) {
  const [draft] = await db
    .select()
    .from(deckEditDrafts)
    .where(and(eq(deckEditDrafts.deckId, deckId), eq(deckEditDrafts.userId, userId)));
  return draft;
}

/** What a person whose draft is gone (saved as a version or discarded elsewhere) reads. */
export const draftGoneMessage =
  'This draft was saved as a version or discarded in another window. Reload to go on from the newest version.';

/**
 * Opens the online editor: the caller's draft of the deck's next version, begun from the newest
 * version the first time (its slides read from its files), with who else is editing the deck and
 * any version saved since the draft began.
 */
export async function openEditor(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
): Promise<DeckEditor> {
  const deck = await loadEditableDeck(services, user, deckId);
  let draft = await findEditDraft(services.db, deck.id, user.id);
  if (!draft) {
    const version = await loadVersion(services.db, deck.id, deck.currentVersion);
    const edited = await editedDeckOfVersion(services, { deckId: deck.id, version });
    const now = services.clock.now();
    await services.db
      .insert(deckEditDrafts)
      .values({
        deckId: deck.id,
        userId: user.id,
        baseVersion: version.number,
        edited,
        baseEdited: edited,
        createdAt: now,
        updatedAt: now,
      })
      // Two windows opening at once: the first one's draft is the draft.
      .onConflictDoNothing();
    draft = await findEditDraft(services.db, deck.id, user.id);
    if (!draft) throw new Error(`the edit draft of deck ${deck.id} vanished as it was made`);
  }
  return {
    deckId: deck.id,
    title: deck.title,
    clientName: deck.clientName,
    baseVersion: draft.baseVersion,
    currentVersion: deck.currentVersion,
    revision: draft.revision,
    edited: draft.edited,
    savedAt: draft.updatedAt.toISOString(),
    ...(await whatElseIsHappening(services, deck, draft)),
  };
}

/**
 * Saves the draft as it now stands. The revision named must be the draft's (a save from another
 * window in between is refused, 409, so neither silently overwrites the other).
 */
export async function saveEditorDraft(
  services: Services,
  { user, deckId, request }: { user: User; deckId: string; request: SaveEditorDraftRequest },
): Promise<SaveEditorDraftResponse> {
  const deck = await loadEditableDeck(services, user, deckId);
  const now = services.clock.now();
  const [saved] = await services.db
    .update(deckEditDrafts)
    .set({ edited: request.edited, revision: request.revision + 1, updatedAt: now })
    .where(
      and(
        eq(deckEditDrafts.deckId, deck.id),
        eq(deckEditDrafts.userId, user.id),
        eq(deckEditDrafts.revision, request.revision),
      ),
    )
    .returning();
  if (!saved) {
    const draft = await findEditDraft(services.db, deck.id, user.id);
    throw draft
      ? new AppError(
          'edit_draft_stale',
          'This draft was changed in another window. Reload to go on from there.',
          { status: 409 },
        )
      : new AppError('edit_draft_gone', draftGoneMessage, { status: 409 });
  }
  return {
    revision: saved.revision,
    savedAt: saved.updatedAt.toISOString(),
    ...(await whatElseIsHappening(services, deck, saved)),
  };
}

/** Drops the caller's draft: the editor starts again from the newest version. */
export async function discardEditorDraft(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'edit' });
  await services.db
    .delete(deckEditDrafts)
    .where(and(eq(deckEditDrafts.deckId, deck.id), eq(deckEditDrafts.userId, user.id)));
}

/** Who else is editing the deck, and the newest version when it is newer than the draft's. */
async function whatElseIsHappening(
  services: Services,
  deck: DeckRow,
  draft: Pick<EditDraftRow, 'userId' | 'baseVersion'>,
) {
  const since = new Date(services.clock.now().getTime() - EDITING_WINDOW_MS);
  const rows = await services.db
    .select({ name: users.name, email: users.email, lastSeenAt: deckEditDrafts.updatedAt })
    .from(deckEditDrafts)
    .innerJoin(users, eq(users.id, deckEditDrafts.userId))
    .where(
      and(
        eq(deckEditDrafts.deckId, deck.id),
        ne(deckEditDrafts.userId, draft.userId),
        gt(deckEditDrafts.updatedAt, since),
      ),
    );
  const others: EditorCollaborator[] = rows.map((row) => ({
    name: row.name,
    email: row.email,
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
  return { others, newerVersion: await newerVersionThan(services, deck, draft.baseVersion) };
}

/** The deck's newest version, when a draft begun on `base` is behind it. */
export async function newerVersionThan(
  services: Pick<Services, 'db'>,
  deck: Pick<DeckRow, 'id' | 'currentVersion'>,
  base: number,
) {
  if (deck.currentVersion <= base) return null;
  const newest = await findVersion(services.db, deck.id, deck.currentVersion);
  if (!newest) return null;
  const [maker] = newest.createdBy
    ? await services.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, newest.createdBy))
    : [];
  return {
    number: newest.number,
    createdAt: newest.createdAt.toISOString(),
    createdBy: maker?.name ?? null,
  };
}

/**
 * One slide of the caller's draft drawn as the next version would draw it (an SVG): with the
 * look of the version the draft began from, the deck's values and its owner as presenter.
 */
export async function previewDraftSlide(
  services: Services,
  { user, deckId, slide }: { user: User; deckId: string; slide: EditedSlide },
) {
  const deck = await loadEditableDeck(services, user, deckId);
  const draft = await findEditDraft(services.db, deck.id, user.id);
  const from = await loadVersion(services.db, deck.id, draft?.baseVersion ?? deck.currentVersion);
  return previewEditedSlide(services, {
    deckId: deck.id,
    from,
    draft: deck.draft,
    presenter: (await loadPresenter(services.db, deck.ownerId)) ?? undefined,
    uploaderIds: [deck.ownerId, user.id],
    slide,
  });
}
