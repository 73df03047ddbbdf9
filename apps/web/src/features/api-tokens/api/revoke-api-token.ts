import { apiTokenViewSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** `DELETE /api/tokens/:id`: one of the user's own tokens. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/tokens/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: apiTokenViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
