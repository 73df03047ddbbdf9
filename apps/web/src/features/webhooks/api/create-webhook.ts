import { webhookEndpointViewSchema, type WebhookCreate } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** `POST /api/admin/webhooks`: answers the endpoint with its new secret. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookCreate) =>
      apiRequest('/api/admin/webhooks', {
        method: 'POST',
        body: input,
        schema: webhookEndpointViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
