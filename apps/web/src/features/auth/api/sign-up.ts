import {
  sessionResponseSchema,
  type SessionUser,
  type SignUpRequest,
  signUpRequestSchema,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** `POST /api/auth/sign-up`: creates the account (pending, or the first admin) and a session. */
export async function signUp(input: SignUpRequest): Promise<SessionUser> {
  const { user } = await apiRequest('/api/auth/sign-up', {
    method: 'POST',
    body: signUpRequestSchema.parse(input),
    schema: sessionResponseSchema,
  });
  if (!user) throw new Error('The server answered a sign-up without a user.');
  return user;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
