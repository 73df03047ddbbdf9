import {
  okResponseSchema,
  type PasswordResetConfirm,
  passwordResetConfirmSchema,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** `POST /api/auth/password-reset/confirm`: sets the new password; ends the user's other sessions. */
export async function confirmPasswordReset(input: PasswordResetConfirm): Promise<void> {
  await apiRequest('/api/auth/password-reset/confirm', {
    method: 'POST',
    body: passwordResetConfirmSchema.parse(input),
    schema: okResponseSchema,
  });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
