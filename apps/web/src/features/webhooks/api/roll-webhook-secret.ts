import { webhookEndpointViewSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** `POST /api/admin/webhooks/:id/roll-secret`: a new secret signs every message from now on. */
export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/webhooks/${encodeURIComponent(id)}/roll-secret`, {
        method: 'POST',
        schema: webhookEndpointViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
