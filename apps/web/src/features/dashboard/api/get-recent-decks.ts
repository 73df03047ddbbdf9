import { deckListResponseSchema, type DeckListResponse } from '@deck-portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const RECENT_DECKS_PAGE_SIZE = 10;

/** `GET /api/recent-decks`: the caller's own decks, newest first; or only the archived ones. */
export function getRecentDecks(page: number, archived = false, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(RECENT_DECKS_PAGE_SIZE),
    ...(archived ? { archived: 'true' } : {}),
  });
  return apiRequest(`/api/recent-decks?${query}`, { schema: deckListResponseSchema, signal });
}

export function recentDecksQueryOptions(page: number, archived = false) {
  return queryOptions({
    queryKey: ['decks', 'recent', archived ? 'archived' : 'in-use', page],
    queryFn: ({ signal }) => getRecentDecks(page, archived, signal),
    placeholderData: keepPreviousData,
    // A deck being generated turns ready (or failed) on the list without a reload.
    refetchInterval: (query) => (hasGeneratingDeck(query.state.data) ? 2_000 : false),
  });
}

export function useRecentDecks(page: number, archived = false) {
  return useQuery(recentDecksQueryOptions(page, archived));
}

export const hasGeneratingDeck = (list: DeckListResponse | undefined) =>
  list?.recentDecks.some((deck) => deck.status === 'generating') ?? false;
