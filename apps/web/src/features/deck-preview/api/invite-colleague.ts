import {
  inviteUserRequestSchema,
  inviteUserResponseSchema,
  type InviteUserRequest,
} from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/admin/invitations`: an administrator invites the colleague a deck was to be shared
 * with (the invitee sets a password and arrives approved).
 */
export function useInviteColleague() {
  return useMutation({
    mutationFn: (input: InviteUserRequest) =>
      apiRequest('/api/admin/invitations', {
        method: 'POST',
        body: inviteUserRequestSchema.parse(input),
        schema: inviteUserResponseSchema,
      }),
  });
}
