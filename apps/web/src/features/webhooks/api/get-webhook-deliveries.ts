import { webhookDeliveriesResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** How often a log with a message still being attempted is read again. */
const pendingRefetchMs = 2_000;

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: [...webhooksQueryKey, endpointId, 'deliveries'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
        schema: webhookDeliveriesResponseSchema,
        signal,
      }),
    // While a message is on its way the log follows it: "Sending" turns "Delivered" by itself.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? pendingRefetchMs
        : false,
  });

/** `GET /api/admin/webhooks/:id/deliveries`: the endpoint's newest deliveries. */
export const useWebhookDeliveries = (endpointId: string) =>
  useQuery(webhookDeliveriesQueryOptions(endpointId));
