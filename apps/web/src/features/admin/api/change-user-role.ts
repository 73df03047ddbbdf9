import {
  adminUserResponseSchema,
  changeUserRoleRequestSchema,
  type AdminUser,
  type AssignableRole,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `PATCH /api/admin/users/:id {role}`. */
export async function changeUserRole(input: {
  id: string;
  role: AssignableRole;
}): Promise<AdminUser> {
  const { user } = await apiRequest(`/api/admin/users/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: changeUserRoleRequestSchema.parse({ role: input.role }),
    schema: adminUserResponseSchema,
  });
  return user;
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: async () => {
      // An admin may change their own role, and then /admin is no longer theirs.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
