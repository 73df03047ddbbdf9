import { useQuery } from '@tanstack/react-query';
import { deckQueryOptions } from '../../../lib/deck-details.ts';

/**
 * What the caller may do with the deck, as its page reads it: `manage`, `edit` or `view` (an
 * accepted deck is locked: `view`). Unknown (undefined) while it comes or when it cannot be read.
 */
export function useDeckAccess(deckId: string) {
  return useQuery({
    ...deckQueryOptions(deckId),
    select: (deck) => (deck.acceptedAt ? 'view' : deck.access),
  });
}
