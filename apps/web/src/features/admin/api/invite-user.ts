import {
  inviteUserRequestSchema,
  inviteUserResponseSchema,
  type Invitation,
  type InviteUserRequest,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `POST /api/admin/invitations {email,name,role}`: mails the invitee a single-use link. */
export async function inviteUser(input: InviteUserRequest): Promise<Invitation> {
  const { invitation } = await apiRequest('/api/admin/invitations', {
    method: 'POST',
    body: inviteUserRequestSchema.parse(input),
    schema: inviteUserResponseSchema,
  });
  return invitation;
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
