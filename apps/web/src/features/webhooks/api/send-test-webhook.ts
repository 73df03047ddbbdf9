import { webhookDeliveryViewSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries.ts';

/** `POST /api/admin/webhooks/:id/test`: a `webhook.test` message, logged as any other. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/webhooks/${encodeURIComponent(id)}/test`, {
        method: 'POST',
        schema: webhookDeliveryViewSchema,
      }),
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(id).queryKey }),
  });
}
