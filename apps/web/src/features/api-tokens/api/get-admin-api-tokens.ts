import { adminApiTokensResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminApiTokensQueryKey = ['admin', 'api-tokens'] as const;

/** `GET /api/admin/tokens`: every user's tokens with their owners (administrators). */
export const adminApiTokensQueryOptions = () =>
  queryOptions({
    queryKey: adminApiTokensQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/tokens', { schema: adminApiTokensResponseSchema, signal }),
  });

export function useAdminApiTokens() {
  return useQuery(adminApiTokensQueryOptions());
}
