import type { DeckEngagement } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import type { Services } from '../services.ts';
import { productEngagement } from './product-engagement.ts';

/**
 * The time clients spent on each product of a deck, over every client link of it: for those
 * who may see its links' analytics (the owner, managers and admins; 404 to others).
 */
export async function getDeckEngagement(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
): Promise<DeckEngagement> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  return {
    deck: { id: deck.id, title: deck.title, clientName: deck.clientName },
    engagement: await productEngagement(services.db, {
      deckId: deck.id,
      now: services.clock.now(),
    }),
  };
}
