import { deckListResponseSchema, type DeckApprovalFilter } from '@deck-portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { hasGeneratingDeck } from './get-recent-decks.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const ALL_DECKS_PAGE_SIZE = 10;

type AllDecksFilter = {
  client: string;
  /** Only decks awaiting approval, or whose approval was rejected; undefined for all. */
  approval?: DeckApprovalFilter | undefined;
  /** The `nextCursor` of the page before; undefined for the first page. */
  after: string | undefined;
};

/** `GET /api/decks?scope=all`: every deck, for managers and admins, a page after a position. */
export function getAllDecks({ client, approval, after }: AllDecksFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ scope: 'all', pageSize: String(ALL_DECKS_PAGE_SIZE) });
  if (client.trim()) query.set('client', client.trim());
  if (approval) query.set('approval', approval);
  if (after) query.set('after', after);
  return apiRequest(`/api/decks?${query}`, { schema: deckListResponseSchema, signal });
}

export function allDecksQueryOptions(filter: AllDecksFilter) {
  return queryOptions({
    queryKey: ['decks', 'all', filter],
    queryFn: ({ signal }) => getAllDecks(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasGeneratingDeck(query.state.data) ? 2_000 : false),
  });
}

export function useAllDecks(filter: AllDecksFilter) {
  return useQuery(allDecksQueryOptions(filter));
}
