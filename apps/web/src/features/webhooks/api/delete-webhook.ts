import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** `DELETE /api/admin/webhooks/:id`: the endpoint and its delivery log. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/webhooks/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
