import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/auth/sessions.ts';
import { deckShares, outboxMails } from '../../src/db/schema.ts';
import { loadDeckAccessFor, loadDeckFor } from '../../src/decks/deck-access.ts';
import { changeShareAccess, listShares, shareDeck } from '../../src/decks/share-deck.ts';
import { batteryDraft, useUseCaseWorld } from './use-case-world.ts';

// Sharing below HTTP: a share says "can view" or "can edit", and who may edit a deck follows it.
// The routes' side (status codes, the request's default) is decks-sharing.test.ts's.

const w = useUseCaseWorld();
let viewer: User;
let editor: User;
let stranger: User;
let admin: User;
beforeAll(async () => {
  viewer = await w.member('sales_rep', 'Vera Viewer');
  editor = await w.member('sales_rep', 'Eddie Editor');
  stranger = await w.member('sales_rep', 'Sam Stranger');
  admin = await w.member('admin', 'Ada Admin');
});

const lastMailTo = async (email: string) =>
  (
    await w.services.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, email))
      .orderBy(desc(outboxMails.createdAt))
  )[0];
const shareRow = async (deckId: string, email: string) =>
  (
    await w.services.db
      .select()
      .from(deckShares)
      .where(and(eq(deckShares.deckId, deckId), eq(deckShares.email, email)))
  )[0];

/** A deck of the rep's shared with the viewer (can view) and the editor (can edit). */
async function sharedDeck(title: string) {
  const deckId = await w.madeDeck(w.rep, batteryDraft(w.slideIds, { title }));
  await shareDeck(w.services, { user: w.rep, deckId, email: viewer.email });
  await shareDeck(w.services, { user: w.rep, deckId, email: editor.email, access: 'edit' });
  return deckId;
}

describe('who may edit a deck', () => {
  it('is its owner, a manager, an administrator and a colleague whose share says "can edit"', async () => {
    const deckId = await sharedDeck('Edit rights');
    for (const [user, access] of [
      [w.rep, 'manage'],
      [w.manager, 'manage'],
      [admin, 'manage'],
      [editor, 'edit'],
    ] as const) {
      const loaded = await loadDeckAccessFor(w.services, { user, deckId, need: 'edit' });
      expect(loaded.deck.id, user.name).toBe(deckId);
      expect(loaded.access, user.name).toBe(access);
    }
  });

  it('refuses a colleague who may only view with 403 and whom to ask, and a stranger with 404', async () => {
    const deckId = await sharedDeck('View rights');
    expect(
      (await loadDeckAccessFor(w.services, { user: viewer, deckId, need: 'view' })).access,
    ).toBe('view');
    await expect(
      loadDeckFor(w.services, { user: viewer, deckId, need: 'edit' }),
    ).rejects.toMatchObject({
      code: 'view_only',
      statusCode: 403,
      message: 'You can view this deck; ask its owner for edit access.',
    });
    for (const need of ['view', 'edit'] as const) {
      await expect(loadDeckFor(w.services, { user: stranger, deckId, need })).rejects.toMatchObject(
        { code: 'not_found', statusCode: 404 },
      );
    }
    // Editing is not managing: neither recipient may share it further or delete it.
    for (const user of [viewer, editor]) {
      await expect(loadDeckFor(w.services, { user, deckId, need: 'manage' })).rejects.toMatchObject(
        { code: 'not_found', statusCode: 404 },
      );
    }
  });
});

describe('a share’s access', () => {
  it('is "can view" unless the share says otherwise, and the mail says which', async () => {
    const deckId = await sharedDeck('Mail wording');
    expect((await shareRow(deckId, viewer.email))!.access).toBe('view');
    expect((await shareRow(deckId, editor.email))!.access).toBe('edit');
    const toViewer = (await lastMailTo(viewer.email))!.text;
    expect(toViewer).toContain('You can view it.');
    expect(toViewer).toContain(`/deck/${deckId}/view`);
    expect(toViewer).not.toContain(`/deck/${deckId}/edit`);
    const toEditor = (await lastMailTo(editor.email))!.text;
    expect(toEditor).toContain('You can view and edit it.');
    expect(toEditor).toContain(`Edit it here: http://portal.test/deck/${deckId}/edit`);
  });

  it('changes when the deck is shared again with the same address, which says what it was; the same access again is refused', async () => {
    const deckId = await sharedDeck('Shared again');
    const [before] = await listShares(w.services, { user: w.rep, deckId });
    const again = await shareDeck(w.services, {
      user: w.manager,
      deckId,
      email: viewer.email,
      access: 'edit',
    });
    expect(again.previousAccess).toBe('view');
    // The same share, still the rep's, now "can edit"; the viewer is told.
    expect(again.share).toMatchObject({ id: before!.id, access: 'edit', sharedBy: 'Riley Rep' });
    expect((await shareRow(deckId, viewer.email))!.access).toBe('edit');
    expect((await lastMailTo(viewer.email))!.text).toContain('You can view and edit it.');
    expect(
      (await loadDeckAccessFor(w.services, { user: viewer, deckId, need: 'edit' })).access,
    ).toBe('edit');

    await expect(
      shareDeck(w.services, { user: w.rep, deckId, email: viewer.email, access: 'edit' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      statusCode: 409,
      message: `The deck is already shared with ${viewer.email}, who can view and edit it.`,
    });
    const mails = await w.services.db
      .select({ text: outboxMails.text })
      .from(outboxMails)
      .where(eq(outboxMails.to, viewer.email));
    expect(mails.filter((mail) => mail.text.includes(deckId))).toHaveLength(2);
  });

  it('is changed by whoever may manage the deck, and kept; nobody else may change it', async () => {
    const deckId = await sharedDeck('Access changed');
    const viewerShare = (await shareRow(deckId, viewer.email))!;
    const changed = await changeShareAccess(w.services, {
      user: w.rep,
      deckId,
      shareId: viewerShare.id,
      access: 'edit',
    });
    expect(changed).toMatchObject({ id: viewerShare.id, email: viewer.email, access: 'edit' });
    expect((await shareRow(deckId, viewer.email))!.access).toBe('edit');
    await changeShareAccess(w.services, {
      user: w.manager,
      deckId,
      shareId: viewerShare.id,
      access: 'view',
    });
    expect((await shareRow(deckId, viewer.email))!.access).toBe('view');
    await expect(
      loadDeckFor(w.services, { user: viewer, deckId, need: 'edit' }),
    ).rejects.toMatchObject({ code: 'view_only' });
    expect(
      (await listShares(w.services, { user: w.rep, deckId })).map((share) => share.access),
    ).toEqual(['view', 'edit']);

    for (const user of [editor, stranger]) {
      await expect(
        changeShareAccess(w.services, { user, deckId, shareId: viewerShare.id, access: 'edit' }),
      ).rejects.toMatchObject({ code: 'not_found', statusCode: 404 });
    }
    await expect(
      changeShareAccess(w.services, {
        user: w.rep,
        deckId,
        shareId: '00000000-0000-4000-8000-000000000000',
        access: 'edit',
      }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Share not found.' });
    expect((await shareRow(deckId, viewer.email))!.access).toBe('view');
  });
});
