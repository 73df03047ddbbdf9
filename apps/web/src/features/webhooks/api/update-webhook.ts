import { webhookEndpointViewSchema, type WebhookUpdate } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** `PATCH /api/admin/webhooks/:id`: changes what is given (address, description, events, on/off). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: WebhookUpdate }) =>
      apiRequest(`/api/admin/webhooks/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
        schema: webhookEndpointViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
