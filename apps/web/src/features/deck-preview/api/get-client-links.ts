import { clientLinksResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/decks/:id/client-links`: the deck's client links, newest first, and their totals. */
export function getClientLinks(deckId: string, signal?: AbortSignal) {
  return apiRequest(`/api/decks/${encodeURIComponent(deckId)}/client-links`, {
    schema: clientLinksResponseSchema,
    signal,
  });
}

export function clientLinksQueryOptions(deckId: string) {
  return queryOptions({
    // Under the deck's key, so whatever refreshes the deck refreshes its links too.
    queryKey: ['decks', 'detail', deckId, 'client-links'],
    queryFn: ({ signal }) => getClientLinks(deckId, signal),
  });
}

/**
 * Only the deck's managers may list its links: the preview page renders the components that
 * ask only when the deck's `canManage` is true.
 */
export function useClientLinks(deckId: string) {
  return useQuery(clientLinksQueryOptions(deckId));
}
