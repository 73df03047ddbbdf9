import { deckListResponseSchema } from '@deck-portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ALL_DECKS_PAGE_SIZE = 10;

/** `GET /api/decks?scope=all`: every deck, for managers and admins. */
export function getAllDecks(
  { page, client }: { page: number; client: string },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    scope: 'all',
    page: String(page),
    pageSize: String(ALL_DECKS_PAGE_SIZE),
  });
  if (client.trim()) query.set('client', client.trim());
  return apiRequest(`/api/decks?${query}`, { schema: deckListResponseSchema, signal });
}

export function allDecksQueryOptions(filter: { page: number; client: string }) {
  return queryOptions({
    queryKey: ['decks', 'all', filter],
    queryFn: ({ signal }) => getAllDecks(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllDecks(filter: { page: number; client: string }) {
  return useQuery(allDecksQueryOptions(filter));
}
