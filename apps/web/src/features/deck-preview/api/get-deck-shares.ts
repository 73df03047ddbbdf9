import { deckSharesResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/decks/:id/shares`: who else may open the deck. */
export function getDeckShares(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/decks/${encodeURIComponent(id)}/shares`, {
    schema: deckSharesResponseSchema,
    signal,
  });
}

export function deckSharesQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['decks', 'detail', id, 'shares'],
    queryFn: ({ signal }) => getDeckShares(id, signal),
  });
}

export function useDeckShares(id: string, enabled: boolean) {
  return useQuery({ ...deckSharesQueryOptions(id), enabled });
}
