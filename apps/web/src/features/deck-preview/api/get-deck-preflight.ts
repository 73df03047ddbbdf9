import { preflightResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/decks/:id/preflight`: what the newest version shows its client that it should not
 * (an editor's unfinished slide, a cut name, an empty picture frame), slide by slide.
 */
export function deckPreflightQueryOptions(deckId: string, version: number | undefined) {
  return queryOptions({
    // Under the deck's own key: a new version or a regeneration checks it again.
    queryKey: ['decks', 'detail', deckId, 'preflight', version ?? 'newest'],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/decks/${encodeURIComponent(deckId)}/preflight${version ? `?version=${version}` : ''}`,
        {
          schema: preflightResponseSchema,
          signal,
        },
      ),
    retry: false,
  });
}

export function useDeckPreflight(deckId: string, version?: number, enabled = true) {
  return useQuery({ ...deckPreflightQueryOptions(deckId, version), enabled });
}
