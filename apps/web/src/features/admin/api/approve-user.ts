import {
  adminUserResponseSchema,
  approveUserRequestSchema,
  type AdminUser,
  type AssignableRole,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `POST /api/admin/users/:id/approve {role}`. */
export async function approveUser(input: { id: string; role: AssignableRole }): Promise<AdminUser> {
  const { user } = await apiRequest(`/api/admin/users/${encodeURIComponent(input.id)}/approve`, {
    method: 'POST',
    body: approveUserRequestSchema.parse({ role: input.role }),
    schema: adminUserResponseSchema,
  });
  return user;
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
