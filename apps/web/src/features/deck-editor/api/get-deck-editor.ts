import { deckEditorSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const editorPath = (deckId: string) => `/api/decks/${encodeURIComponent(deckId)}/editor`;

export const deckEditorQueryKey = (deckId: string) => ['decks', deckId, 'editor'] as const;

/** `GET /api/decks/:id/editor`: the caller's draft of the deck's next version, made when new. */
export function getDeckEditor(deckId: string, signal?: AbortSignal) {
  return apiRequest(editorPath(deckId), { schema: deckEditorSchema, signal });
}

export function deckEditorQueryOptions(deckId: string) {
  return queryOptions({
    queryKey: deckEditorQueryKey(deckId),
    queryFn: ({ signal }) => getDeckEditor(deckId, signal),
    // The editor holds the draft once opened: it is read again only when asked (Reload).
    staleTime: Infinity,
    retry: false,
  });
}

export function useDeckEditor(deckId: string) {
  return useQuery(deckEditorQueryOptions(deckId));
}
