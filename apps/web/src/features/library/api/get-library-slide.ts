import { librarySlideResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

/** `GET /api/library/slides/:id`: the draft slide and the revision an edit starts from. */
export function useLibrarySlide(id: string) {
  return useQuery({
    queryKey: libraryQueryKeys.slide(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/library/slides/${encodeURIComponent(id)}`, {
        schema: librarySlideResponseSchema,
        signal,
      }),
    // The editor keeps its own copy while it is open; a reload is the editor's choice.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The slide's newest draft revision, for a change made outside the editor (retiring it). */
export function fetchLibrarySlide(id: string) {
  return apiRequest(`/api/library/slides/${encodeURIComponent(id)}`, {
    schema: librarySlideResponseSchema,
  });
}
