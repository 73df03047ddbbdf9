import { libraryVersionsResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/** `GET /api/library/versions`: every published version, newest first. */
export function useLibraryVersions() {
  return useQuery({
    queryKey: libraryQueryKeys.versions,
    queryFn: ({ signal }) =>
      apiRequest('/api/library/versions', { schema: libraryVersionsResponseSchema, signal }),
  });
}
