import { deckDetailsSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** `GET /api/decks/:id`: everything the preview shows; 404 when the caller may not see it. */
export function getDeck(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/decks/${encodeURIComponent(id)}`, { schema: deckDetailsSchema, signal });
}

export function deckQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['decks', 'detail', id],
    queryFn: ({ signal }) => getDeck(id, signal),
    retry: false,
  });
}

export function useDeck(id: string) {
  return useQuery(deckQueryOptions(id));
}
