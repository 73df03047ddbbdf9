import {
  okResponseSchema,
  type PasswordResetRequest,
  passwordResetRequestSchema,
} from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/auth/password-reset`: answers the same for known and unknown addresses
 * (DESIGN.md section 4), so success says nothing about whether an account exists.
 */
export async function requestPasswordReset(input: PasswordResetRequest): Promise<void> {
  await apiRequest('/api/auth/password-reset', {
    method: 'POST',
    body: passwordResetRequestSchema.parse(input),
    schema: okResponseSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
