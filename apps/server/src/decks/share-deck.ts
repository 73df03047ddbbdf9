import { and, asc, eq } from 'drizzle-orm';
import type { DeckShare, ShareAccess, ShareResponse } from '@deck-portal/domain';
import { deckEditorPath, deckLinks, isUuid } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { deckShares, decks, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { withMailQuota } from '../auth/mail-quota.ts';
import { sendMail } from '../mail/send-mail.ts';
import { deckSharedMail } from '../mail/templates/deck-shared-mail.tsx';
import type { Services } from '../services.ts';
import { loadDeckFor, type DeckRow } from './deck-access.ts';
import { settleDeckSharing } from './settle-deck-sharing.ts';
import { deckSubject } from '../audit/audit-subjects.ts';
import { recordAudit } from '../users/record-audit.ts';

type ShareRow = typeof deckShares.$inferSelect;
const toShare = (row: ShareRow, sharedBy: string | null): DeckShare => ({
  id: row.id,
  email: row.email,
  access: row.access,
  createdAt: row.createdAt.toISOString(),
  sharedBy,
});

const mayWhat = (access: ShareAccess) => (access === 'edit' ? 'view and edit it' : 'view it');

/**
 * Grants an address view or edit access, mails it the deck's links and marks the deck shared.
 * Sharing again with an address that has a share changes that share's access and mails the
 * recipient what they may do now (previousAccess says what they could before); the same access
 * again is refused (409). The mail counts against the sharer's hourly allowance (429 once spent).
 */
export async function shareDeck(
  services: Services,
  {
    user,
    deckId,
    email,
    access = 'view',
  }: { user: User; deckId: string; email: string; access?: ShareAccess },
): Promise<Omit<ShareResponse, 'success'>> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  await assertCanReceive(services, { user, ownerId: deck.ownerId, email });
  const existing = await findShare(services, deck.id, email);
  if (existing?.access === access) throw alreadyShared(email, access);
  const share = await withMailQuota(services, user.id, () =>
    services.db.transaction(async (tx) => {
      const now = services.clock.now();
      const row = existing
        ? await tx
            .update(deckShares)
            .set({ access })
            // Only the access seen above: a change made meanwhile is not overwritten unseen.
            .where(and(eq(deckShares.id, existing.id), eq(deckShares.access, existing.access)))
            .returning()
            .then(([changed]) => changed)
        : await tx
            .insert(deckShares)
            .values({ deckId: deck.id, email, access, sharedBy: user.id, createdAt: now })
            .onConflictDoNothing({ target: [deckShares.deckId, deckShares.email] })
            .returning()
            .then(([created]) => created);
      if (!row) {
        throw new AppError(
          'conflict',
          `The deck's share with ${email} changed meanwhile. Try again.`,
        );
      }
      if (!existing) {
        await tx
          .update(decks)
          .set({ status: 'shared', updatedAt: now })
          .where(eq(decks.id, deck.id));
      }
      await sendMail(
        tx,
        services.config,
        deckSharedMail,
        {
          sharerName: user.name,
          sharerEmail: user.email,
          deckTitle: deck.title,
          clientName: deck.clientName,
          recipientEmail: email,
          access,
          viewUrl: `${services.config.publicUrl}${deckLinks(deck.id).viewUrl}`,
          editorUrl: `${services.config.publicUrl}${deckEditorPath(deck.id)}`,
        },
        { to: email },
      );
      await recordAudit(tx, {
        actorId: user.id,
        action: existing ? 'deck.share_changed' : 'deck.shared',
        subject: deckSubject(deck),
        target: { id: null, email },
        oldValue: existing?.access ?? null,
        newValue: access,
        at: now,
      });
      return row;
    }),
  );
  const sharedBy = existing ? await nameOf(services, share.sharedBy) : user.name;
  return { share: toShare(share, sharedBy), previousAccess: existing?.access ?? null };
}

/**
 * Changes what one share lets its recipient do; no mail (the recipient sees it when they open
 * the deck). The same access again is accepted as it stands.
 */
export async function changeShareAccess(
  services: Services,
  {
    user,
    deckId,
    shareId,
    access,
  }: { user: User; deckId: string; shareId: string; access: ShareAccess },
): Promise<DeckShare> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  if (!isUuid(shareId)) throw new AppError('not_found', 'Share not found.');
  const row = await services.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ access: deckShares.access })
      .from(deckShares)
      .where(and(eq(deckShares.deckId, deck.id), eq(deckShares.id, shareId)))
      .for('update');
    const [changed] = await tx
      .update(deckShares)
      .set({ access })
      .where(and(eq(deckShares.deckId, deck.id), eq(deckShares.id, shareId)))
      .returning();
    if (!before || !changed) throw new AppError('not_found', 'Share not found.');
    if (before.access !== access) {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'deck.share_changed',
        subject: deckSubject(deck),
        target: { id: null, email: changed.email },
        oldValue: before.access,
        newValue: access,
        at: services.clock.now(),
      });
    }
    return changed;
  });
  return toShare(row, await nameOf(services, row.sharedBy));
}

async function findShare({ db }: Pick<Services, 'db'>, deckId: DeckRow['id'], email: string) {
  const [row] = await db
    .select()
    .from(deckShares)
    .where(and(eq(deckShares.deckId, deckId), eq(deckShares.email, email)));
  return row;
}

async function nameOf({ db }: Pick<Services, 'db'>, userId: string | null) {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

function alreadyShared(email: string, access: ShareAccess) {
  const message = `The deck is already shared with ${email}, who can ${mayWhat(access)}.`;
  return new AppError('conflict', message, { fields: { email: message } });
}

/**
 * A share only helps someone who can sign in and is not already able to open the deck: refused
 * for the sharer's own address and the owner's (400), and for an address without an approved
 * account (422 `no_account`: the portal would mail a link that only leads to a sign-in page).
 */
async function assertCanReceive(
  { db, config }: Pick<Services, 'db' | 'config'>,
  { user, ownerId, email }: { user: User; ownerId: string; email: string },
) {
  const [recipient] = await db
    .select({ id: users.id, name: users.name, status: users.status, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (recipient?.id === user.id) {
    throw new AppError('share_self', 'That is your own address: you can already open this deck.', {
      fields: { email: 'That is your own address: you can already open this deck.' },
    });
  }
  if (recipient?.id === ownerId) {
    const message = `${recipient.name} owns this deck and can already open it.`;
    throw new AppError('share_owner', message, { fields: { email: message } });
  }
  if (!recipient || recipient.status !== 'approved' || recipient.role === 'pending') {
    const message = recipient
      ? `${email} has an account that is not approved yet: an administrator must approve it before the deck can be shared with it.`
      : `${email} has no ${config.productName} account. Decks are shared with colleagues who can sign in: invite them first.`;
    throw new AppError('no_account', message, { status: 422, fields: { email: message } });
  }
}

export async function listShares(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  const rows = await services.db
    .select({ share: deckShares, sharedBy: users.name })
    .from(deckShares)
    .leftJoin(users, eq(users.id, deckShares.sharedBy))
    .where(eq(deckShares.deckId, deck.id))
    .orderBy(asc(deckShares.createdAt));
  return rows.map((row) => toShare(row.share, row.sharedBy));
}

/** Takes back a share; a deck with no shares or open client links left is completed again. */
export async function revokeShare(
  services: Services,
  { user, deckId, shareId }: { user: User; deckId: string; shareId: string },
) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  if (!isUuid(shareId)) throw new AppError('not_found', 'Share not found.');
  await services.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(deckShares)
      .where(and(eq(deckShares.deckId, deck.id), eq(deckShares.id, shareId)))
      .returning();
    if (!removed) throw new AppError('not_found', 'Share not found.');
    const now = services.clock.now();
    await settleDeckSharing(tx, deck, now);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'deck.unshared',
      subject: deckSubject(deck),
      target: { id: null, email: removed.email },
      oldValue: removed.access,
      at: now,
    });
  });
}
