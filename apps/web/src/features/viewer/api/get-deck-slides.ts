import { deckSlidesResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/decks/:id/slides`: the deck's title and one SVG image URL per slide. */
export function getDeckSlides(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/decks/${encodeURIComponent(id)}/slides`, {
    schema: deckSlidesResponseSchema,
    signal,
  });
}

export function deckSlidesQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['decks', 'detail', id, 'slides'],
    queryFn: ({ signal }) => getDeckSlides(id, signal),
    retry: false,
  });
}

export function useDeckSlides(id: string) {
  return useQuery(deckSlidesQueryOptions(id));
}
