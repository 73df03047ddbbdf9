import { libraryDraftResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

/** `GET /api/library`: the draft's slides and layouts, and what it changes. */
export function useLibrary() {
  return useQuery({
    queryKey: libraryQueryKeys.draft,
    queryFn: ({ signal }) =>
      apiRequest('/api/library', { schema: libraryDraftResponseSchema, signal }),
  });
}
