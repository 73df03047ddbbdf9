import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketsQueryKey } from '../../../lib/markets.ts';

/** `DELETE /api/admin/markets/:code`: refused (409, with the reason) while a deck names it. */
export function useDeleteMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(`/api/admin/markets/${encodeURIComponent(code)}`, {
        method: 'DELETE',
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketsQueryKey }),
  });
}
