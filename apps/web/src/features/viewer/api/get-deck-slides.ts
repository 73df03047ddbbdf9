import { deckSlidesResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/decks/:id/slides`: the deck's title and one SVG image URL per slide, of `version`
 * (the newest when absent).
 */
export function getDeckSlides(id: string, version?: number, signal?: AbortSignal) {
  const query = version ? `?version=${version}` : '';
  return apiRequest(`/api/decks/${encodeURIComponent(id)}/slides${query}`, {
    schema: deckSlidesResponseSchema,
    signal,
  });
}

export function deckSlidesQueryOptions(id: string, version?: number) {
  return queryOptions({
    queryKey: ['decks', 'detail', id, 'slides', version ?? 'newest'],
    queryFn: ({ signal }) => getDeckSlides(id, version, signal),
    retry: false,
  });
}

export function useDeckSlides(id: string, version?: number) {
  return useQuery(deckSlidesQueryOptions(id, version));
}
