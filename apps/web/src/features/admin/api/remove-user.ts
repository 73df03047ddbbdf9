import { adminUserResponseSchema, type AdminUser } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `DELETE /api/admin/users/:id`: the account is marked removed and signed out everywhere. */
export async function removeUser(input: { id: string }): Promise<AdminUser> {
  const { user } = await apiRequest(`/api/admin/users/${encodeURIComponent(input.id)}`, {
    method: 'DELETE',
    schema: adminUserResponseSchema,
  });
  return user;
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
