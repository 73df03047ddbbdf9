import { adminUserResponseSchema, type AdminUser } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `POST /api/admin/users/:id/decline`. */
export async function declineUser(input: { id: string }): Promise<AdminUser> {
  const { user } = await apiRequest(`/api/admin/users/${encodeURIComponent(input.id)}/decline`, {
    method: 'POST',
    schema: adminUserResponseSchema,
  });
  return user;
}

export function useDeclineUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
