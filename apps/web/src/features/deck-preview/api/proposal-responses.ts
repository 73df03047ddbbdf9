import { proposalResponsesSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/decks/:id/proposal-responses`: the client's accepts and declines, oldest first. */
export function useProposalResponses(deckId: string) {
  return useQuery({
    queryKey: ['decks', 'detail', deckId, 'proposal-responses'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/decks/${encodeURIComponent(deckId)}/proposal-responses`, {
        schema: proposalResponsesSchema,
        signal,
      }),
    retry: false,
  });
}
