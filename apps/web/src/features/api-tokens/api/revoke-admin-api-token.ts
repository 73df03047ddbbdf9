import { apiTokenViewSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';
import { adminApiTokensQueryKey } from './get-admin-api-tokens.ts';

/** `DELETE /api/admin/tokens/:id`: anyone's token (administrators). */
export function useRevokeAdminApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/tokens/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: apiTokenViewSchema,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminApiTokensQueryKey });
      // The administrator's own list may hold the token too.
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
    },
  });
}
