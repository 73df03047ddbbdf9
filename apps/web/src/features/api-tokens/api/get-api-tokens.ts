import { apiTokensResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const apiTokensQueryKey = ['api-tokens'] as const;

/** `GET /api/tokens`: the signed-in user's tokens, newest first. */
export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/tokens', { schema: apiTokensResponseSchema, signal }),
  });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
