import { clientLinksResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/decks/:id/client-links`, for step 4 of Modify: what the deck's links will show once
 * the new version is made. Under the deck's key, as the deck page's own list, so both share it.
 */
export function useDeckLinks(deckId: string | undefined) {
  return useQuery({
    queryKey: ['decks', 'detail', deckId, 'client-links'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/decks/${encodeURIComponent(deckId!)}/client-links`, {
        schema: clientLinksResponseSchema,
        signal,
      }),
    enabled: deckId !== undefined,
    // A rep who may modify but not manage the deck sees no links: nothing to say then.
    retry: false,
  });
}
