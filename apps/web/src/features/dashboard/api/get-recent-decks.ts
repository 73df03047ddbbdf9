import { deckListResponseSchema } from '@deck-portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const RECENT_DECKS_PAGE_SIZE = 10;

/** `GET /api/recent-decks`: the caller's own decks, newest first. */
export function getRecentDecks(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(RECENT_DECKS_PAGE_SIZE),
  });
  return apiRequest(`/api/recent-decks?${query}`, { schema: deckListResponseSchema, signal });
}

export function recentDecksQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['decks', 'recent', page],
    queryFn: ({ signal }) => getRecentDecks(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecentDecks(page: number) {
  return useQuery(recentDecksQueryOptions(page));
}
