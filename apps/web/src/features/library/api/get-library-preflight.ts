import { preflightResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/**
 * `GET /api/library/preflight`: what the draft's slides would show a client that they should
 * not (placeholder words, empty pictures, covered, cut or pale text), slide by slide.
 */
export function useLibraryPreflight() {
  return useQuery({
    queryKey: libraryQueryKeys.preflight,
    queryFn: ({ signal }) =>
      apiRequest('/api/library/preflight', { schema: preflightResponseSchema, signal }),
  });
}
