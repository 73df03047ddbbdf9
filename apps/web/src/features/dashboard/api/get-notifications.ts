import { userNotificationsResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/notifications`: the signed-in user's own notifications, with the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return apiRequest('/api/notifications', { schema: userNotificationsResponseSchema, signal });
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => getNotifications(signal),
    // A client may open a link while the rep sits on the dashboard: the bell should notice.
    refetchInterval: 60_000,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
