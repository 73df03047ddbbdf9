import { webhookEndpointsResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every change to an endpoint invalidates under this key (its delivery log's too). */
export const webhooksQueryKey = ['webhooks'] as const;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/webhooks', { schema: webhookEndpointsResponseSchema, signal }),
  });

/** `GET /api/admin/webhooks`: every endpoint, newest first, with its secret. */
export const useWebhooks = () => useQuery(webhooksQueryOptions());
