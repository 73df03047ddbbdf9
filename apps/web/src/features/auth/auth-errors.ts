import { authErrorCodes, authMessages } from '@deck-portal/domain';
import { ApiError } from '../../lib/api-client.ts';

/** What a form shows after a refused request: a message above the form and/or per field. */
export type FormFeedback = { message?: string; fields?: Record<string, string> };

const genericFailure = 'Something went wrong. Please try again.';

function fieldErrors(error: ApiError): Record<string, string> | undefined {
  return Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

/** Refusals any form may meet: too many attempts, field errors, or the server's own message. */
function describeCommonError(error: ApiError): FormFeedback {
  if (error.code === authErrorCodes.tooManyRequests)
    return { message: authMessages.tooManyAttempts };
  if (error.code === 'validation_failed') {
    const fields = fieldErrors(error);
    return fields ? { fields } : { message: error.message };
  }
  return { message: error.message || genericFailure };
}

/** SPEC.md section 8's sign-in messages; `pending_approval` is handled by the caller (redirect). */
export function describeSignInError(error: unknown): FormFeedback {
  if (!(error instanceof ApiError)) return { message: genericFailure };
  switch (error.code) {
    case authErrorCodes.invalidCredentials:
      return { message: authMessages.wrongCredentials };
    case authErrorCodes.pendingApproval:
      return { message: authMessages.pendingApproval };
    case authErrorCodes.deactivated:
      return { message: authMessages.deactivated };
    case 'disabled':
      return { message: authMessages.disabled };
    default:
      return describeCommonError(error);
  }
}

export function describeSignUpError(error: unknown): FormFeedback {
  if (!(error instanceof ApiError)) return { message: genericFailure };
  switch (error.code) {
    case authErrorCodes.emailTaken:
      return { fields: { email: error.fields.email ?? authMessages.emailTaken } };
    case authErrorCodes.commonPassword:
      return { fields: { password: error.fields.password ?? authMessages.commonPassword } };
    default:
      return describeCommonError(error);
  }
}

/**
 * The reset request never reveals whether an account exists (DESIGN.md section 4), so the
 * only specific refusal is a malformed address.
 */
export function describeResetRequestError(error: unknown): FormFeedback {
  if (error instanceof ApiError && error.status === 400) {
    return { fields: { email: authMessages.resetInvalidEmail } };
  }
  if (error instanceof ApiError && error.status === 429) {
    return { message: authMessages.tooManyResetRequests };
  }
  return { message: authMessages.resetFailed };
}

/** For setting a password from a mailed link (reset or invitation). */
export function describeSetPasswordError(error: unknown, invalidLinkMessage: string): FormFeedback {
  if (!(error instanceof ApiError)) return { message: genericFailure };
  if (error.code === authErrorCodes.invalidToken || error.fields.token) {
    return { message: invalidLinkMessage };
  }
  if (error.code === authErrorCodes.commonPassword) {
    return { fields: { password: error.fields.password ?? authMessages.commonPassword } };
  }
  if (error.code === authErrorCodes.tooManyRequests) {
    return { message: authMessages.tooManyAttempts };
  }
  if (error.code === 'validation_failed' && error.fields.password) {
    return { fields: { password: error.fields.password } };
  }
  return { message: error.message || genericFailure };
}

/** `/auth?error=CODE`, where the Google callback sends a refused sign-in. */
export function describeRedirectError(code: string | null): string | null {
  if (!code) return null;
  switch (code) {
    case authErrorCodes.deactivated:
      return authMessages.deactivated;
    case authErrorCodes.googleNotConfigured:
      return authMessages.googleNotConfigured;
    case authErrorCodes.pendingApproval:
      return authMessages.pendingApproval;
    case authErrorCodes.googleLinkNeedsPassword:
      return authMessages.googleLinkNeedsPassword;
    default:
      return authMessages.googleFailed;
  }
}
