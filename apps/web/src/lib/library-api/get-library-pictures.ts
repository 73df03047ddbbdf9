import { libraryPicturesResponseSchema } from '@deck-portal/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

export type LibraryPicturesFilter = {
  /** Words each starting a word of a picture's name or tags. */
  q: string;
  /** One tag, matched exactly; empty for any. */
  tag: string;
  /** The caller's own slide pictures too (a rep's, in the online deck editor). */
  own: boolean;
};

/** `GET /api/library/pictures`: the library's pictures, newest first, page after page. */
export function libraryPicturesQuery(filter: LibraryPicturesFilter) {
  return infiniteQueryOptions({
    queryKey: libraryQueryKeys.pictures(filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (filter.q.trim()) query.set('q', filter.q.trim());
      if (filter.tag) query.set('tag', filter.tag);
      if (filter.own) query.set('own', 'true');
      if (pageParam) query.set('cursor', pageParam);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return apiRequest(`/api/library/pictures${search}`, {
        schema: libraryPicturesResponseSchema,
        signal,
      });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useLibraryPictures(filter: LibraryPicturesFilter) {
  // The pictures shown stay while a new search loads, so the grid does not flash empty.
  return useInfiniteQuery({ ...libraryPicturesQuery(filter), placeholderData: keepPreviousData });
}
