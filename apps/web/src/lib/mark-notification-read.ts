import { markNotificationReadResponseSchema } from '@deck-portal/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The notifications table holds two inboxes: the administrators' (sign-ups and the like) and
 * each user's own (a client opened one of their links). Each is marked read through its own
 * endpoint, the first for administrators only.
 */
const readPaths = {
  admin: (id: string) => `/api/admin-notifications/${encodeURIComponent(id)}/read`,
  own: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
};

export type NotificationInbox = keyof typeof readPaths;

/**
 * `POST /api/admin-notifications/:id/read` or `POST /api/notifications/:id/read`: answers true
 * when it worked.
 */
export async function markNotificationRead(inbox: NotificationInbox, id: string): Promise<boolean> {
  const { success } = await apiRequest(readPaths[inbox](id), {
    method: 'POST',
    schema: markNotificationReadResponseSchema,
  });
  return success;
}

/** `reloads`: the queries a notification read changes (its list and unread count, or more). */
export function useMarkNotificationRead({
  inbox,
  reloads,
}: {
  inbox: NotificationInbox;
  reloads: QueryKey;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(inbox, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reloads }),
  });
}
