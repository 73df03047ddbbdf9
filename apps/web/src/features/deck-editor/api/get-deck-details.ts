import { deckDetailsSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/decks/:id`: the deck's details, for Modify (the wizard starts from the deck's draft)
 * and who may edit. The deck page reads the same, under the same key.
 */
export function useDeckDetails(deckId: string) {
  return useQuery({
    queryKey: ['decks', 'detail', deckId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/decks/${encodeURIComponent(deckId)}`, { schema: deckDetailsSchema, signal }),
    retry: false,
  });
}
