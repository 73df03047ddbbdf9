import { useState } from 'react';
import { ApiError } from './api-client.ts';

/**
 * What a form shows of a refused request: the fields the server names get their messages through
 * `setFieldErrors` (a Mantine form's `setErrors`); any other refusal is one message,
 * `formError`, for the alert above the form. `clearFormError` when the form is sent again.
 */
export function useFormError(setFieldErrors: (errors: Record<string, string>) => void) {
  const [formError, setFormError] = useState<string | null>(null);
  const showError = (error: Error) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      setFieldErrors(error.fields);
    } else {
      setFormError(error.message);
    }
  };
  return { formError, showError, clearFormError: () => setFormError(null) };
}
