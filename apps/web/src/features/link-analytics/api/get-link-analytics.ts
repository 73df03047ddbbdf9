import { clientLinkAnalyticsSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/decks/:id/client-links/:linkId/analytics`: one link's visits and time per slide;
 * 404 when the link is unknown or the caller may not manage the deck.
 */
export function getLinkAnalytics(deckId: string, linkId: string, signal?: AbortSignal) {
  return apiRequest(
    `/api/decks/${encodeURIComponent(deckId)}/client-links/${encodeURIComponent(linkId)}/analytics`,
    { schema: clientLinkAnalyticsSchema, signal },
  );
}

export function linkAnalyticsQueryOptions(deckId: string, linkId: string) {
  return queryOptions({
    // Under the deck's client links, so revoking or refreshing them refreshes this too.
    queryKey: ['decks', 'detail', deckId, 'client-links', linkId, 'analytics'],
    queryFn: ({ signal }) => getLinkAnalytics(deckId, linkId, signal),
    retry: false,
  });
}

export function useLinkAnalytics(deckId: string, linkId: string) {
  return useQuery(linkAnalyticsQueryOptions(deckId, linkId));
}
