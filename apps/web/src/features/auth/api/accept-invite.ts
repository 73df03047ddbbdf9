import {
  type AcceptInviteRequest,
  acceptInviteRequestSchema,
  sessionResponseSchema,
  type SessionUser,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** `POST /api/auth/accept-invite`: the invitee sets a password and is signed in, approved. */
export async function acceptInvite(input: AcceptInviteRequest): Promise<SessionUser> {
  const { user } = await apiRequest('/api/auth/accept-invite', {
    method: 'POST',
    body: acceptInviteRequestSchema.parse(input),
    schema: sessionResponseSchema,
  });
  if (!user) throw new Error('The server answered an invitation without a user.');
  return user;
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
