import {
  adminNotificationsResponseSchema,
  type AdminNotificationsResponse,
} from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `GET /api/admin-notifications`: newest first, with the number still unread. */
export function getNotifications(signal?: AbortSignal): Promise<AdminNotificationsResponse> {
  return apiRequest('/api/admin-notifications', {
    schema: adminNotificationsResponseSchema,
    signal,
  });
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
