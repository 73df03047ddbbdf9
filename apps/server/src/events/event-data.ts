import type { clientLinks, decks } from '../db/schema.ts';

type DeckFields = Pick<typeof decks.$inferSelect, 'id' | 'title' | 'clientName' | 'ownerId'>;
type LinkFields = Pick<
  typeof clientLinks.$inferSelect,
  'id' | 'recipientName' | 'recipientEmail' | 'expiresAt'
>;

/** A deck as every event names it. */
export const deckOfEvent = (deck: DeckFields) => ({
  id: deck.id,
  title: deck.title,
  clientName: deck.clientName,
  ownerId: deck.ownerId,
});

/** A client link as every event names it. */
export const linkOfEvent = (link: LinkFields) => ({
  id: link.id,
  recipientName: link.recipientName,
  recipientEmail: link.recipientEmail,
  expiresAt: link.expiresAt?.toISOString() ?? null,
});

/** The deck, link and their ids of an event about a client link. */
export const linkEventSubject = (deck: DeckFields, link: LinkFields) => ({
  deckId: deck.id,
  linkId: link.id,
  ownerId: deck.ownerId,
});
