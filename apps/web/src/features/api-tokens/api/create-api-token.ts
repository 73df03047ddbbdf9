import { apiTokenCreatedSchema, type ApiTokenCreate } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** `POST /api/tokens`: answers the token, this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ApiTokenCreate) =>
      apiRequest('/api/tokens', { method: 'POST', body: request, schema: apiTokenCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
