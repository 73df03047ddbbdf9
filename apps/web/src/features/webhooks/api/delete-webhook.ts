import type { WebhookEndpointsResponse } from '@deck-portal/domain';
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
    onSuccess: (_answer, id) => {
      // Gone from the list at once, and its log not asked for again (it would be a 404).
      queryClient.setQueryData<WebhookEndpointsResponse>(webhooksQueryKey, (list) =>
        list ? { endpoints: list.endpoints.filter((endpoint) => endpoint.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: [...webhooksQueryKey, id] });
      return queryClient.invalidateQueries({ queryKey: webhooksQueryKey, exact: true });
    },
  });
}
