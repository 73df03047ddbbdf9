import {
  deckVersionsResponseSchema,
  newVersionResponseSchema,
  okResponseSchema,
} from '@deck-portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const deckPath = (id: string) => `/api/decks/${encodeURIComponent(id)}`;

/** `GET /api/decks/:id/versions`: newest first, with who made each and what it changed. */
export function deckVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['decks', 'detail', id, 'versions'],
    queryFn: ({ signal }) =>
      apiRequest(`${deckPath(id)}/versions`, { schema: deckVersionsResponseSchema, signal }),
    retry: false,
  });
}

export function useDeckVersions(id: string) {
  return useQuery(deckVersionsQueryOptions(id));
}

/** A change to a deck's versions or state refreshes the deck, its lists and its links. */
function useRefreshDeck(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['decks', 'detail', id] }),
      queryClient.invalidateQueries({ queryKey: ['decks', 'recent'] }),
      queryClient.invalidateQueries({ queryKey: ['decks', 'all'] }),
    ]);
}

/** `POST /api/decks/:id/versions/:n/restore`: version n again, as the newest. */
export function useRestoreVersion(id: string) {
  const refresh = useRefreshDeck(id);
  return useMutation({
    mutationFn: (number: number) =>
      apiRequest(`${deckPath(id)}/versions/${number}/restore`, {
        method: 'POST',
        schema: newVersionResponseSchema,
      }),
    onSuccess: refresh,
  });
}

/** `POST /api/decks/:id/duplicate`: a new deck of one's own from a version. */
export function useDuplicateDeck(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest(`${deckPath(id)}/duplicate`, {
        method: 'POST',
        body: { version },
        schema: newVersionResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks', 'recent'] }),
  });
}

/** `POST /api/decks/:id/archive` or `/unarchive`. */
export function useSetArchived(id: string) {
  const refresh = useRefreshDeck(id);
  return useMutation({
    mutationFn: (archived: boolean) =>
      apiRequest(`${deckPath(id)}/${archived ? 'archive' : 'unarchive'}`, {
        method: 'POST',
        schema: okResponseSchema,
      }),
    onSuccess: refresh,
  });
}
