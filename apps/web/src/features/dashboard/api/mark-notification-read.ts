import { markNotificationReadResponseSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

/** `POST /api/notifications/:id/read`: answers true when it worked. */
export async function markNotificationRead(id: string): Promise<boolean> {
  const { success } = await apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    schema: markNotificationReadResponseSchema,
  });
  return success;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
