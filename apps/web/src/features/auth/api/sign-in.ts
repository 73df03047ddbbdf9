import {
  sessionResponseSchema,
  type SessionUser,
  type SignInRequest,
  signInRequestSchema,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** `POST /api/auth/sign-in`: starts a session; 401, 403 and 429 arrive as ApiError. */
export async function signIn(input: SignInRequest): Promise<SessionUser> {
  const { user } = await apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body: signInRequestSchema.parse(input),
    schema: sessionResponseSchema,
  });
  if (!user) throw new Error('The server answered a sign-in without a user.');
  return user;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
