import { deckEngagementSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/decks/:id/engagement`: the time clients spent on each product, over all links. */
export function getDeckEngagement(deckId: string, signal?: AbortSignal) {
  return apiRequest(`/api/decks/${encodeURIComponent(deckId)}/engagement`, {
    schema: deckEngagementSchema,
    signal,
  });
}

export function deckEngagementQueryOptions(deckId: string) {
  return queryOptions({
    // Under the deck's client links, so refreshing them refreshes this too.
    queryKey: ['decks', 'detail', deckId, 'client-links', 'engagement'],
    queryFn: ({ signal }) => getDeckEngagement(deckId, signal),
  });
}

/** Only the deck's managers may ask: the page renders the card only when `canManage`. */
export function useDeckEngagement(deckId: string) {
  return useQuery(deckEngagementQueryOptions(deckId));
}
