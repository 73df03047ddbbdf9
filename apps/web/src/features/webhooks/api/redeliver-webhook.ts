import { webhookDeliveryViewSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries.ts';

/** `POST …/deliveries/:deliveryId/redeliver`: the same message (id and body) once more. */
export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiRequest(
        `/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        { method: 'POST', schema: webhookDeliveryViewSchema },
      ),
    onSuccess: (_delivery, { endpointId }) =>
      queryClient.invalidateQueries({
        queryKey: webhookDeliveriesQueryOptions(endpointId).queryKey,
      }),
  });
}
