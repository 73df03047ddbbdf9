import { and, asc, eq } from 'drizzle-orm';
import type { DeckShare } from '@deck-portal/domain';
import { deckLinks, isUuid } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { deckShares, decks, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { withMailQuota } from '../auth/mail-quota.ts';
import { sendMail } from '../mail/send-mail.ts';
import { deckSharedMail } from '../mail/templates/deck-shared-mail.tsx';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { settleDeckSharing } from './settle-deck-sharing.ts';

type ShareRow = typeof deckShares.$inferSelect;
const toShare = (row: ShareRow, sharedBy: string | null): DeckShare => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  sharedBy,
});

/**
 * Grants an address view access, mails it the view link and marks the deck shared. The mail
 * counts against the sharer's hourly allowance (429 once it is spent).
 */
export async function shareDeck(
  services: Services,
  { user, deckId, email }: { user: User; deckId: string; email: string },
): Promise<DeckShare> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  await assertCanReceive(services, { user, ownerId: deck.ownerId, email });
  const link = `${services.config.publicUrl}${deckLinks(deck.id).viewUrl}`;
  const share = await withMailQuota(services, user.id, () =>
    services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(deckShares)
        .values({ deckId: deck.id, email, sharedBy: user.id, createdAt: services.clock.now() })
        .onConflictDoNothing({ target: [deckShares.deckId, deckShares.email] })
        .returning();
      if (!row) throw new AppError('conflict', `The deck is already shared with ${email}.`);
      await tx
        .update(decks)
        .set({ status: 'shared', updatedAt: services.clock.now() })
        .where(eq(decks.id, deck.id));
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
          viewUrl: link,
        },
        { to: email },
      );
      return row;
    }),
  );
  return toShare(share, user.name);
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
    await settleDeckSharing(tx, deck, services.clock.now());
  });
}
