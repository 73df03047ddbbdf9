import { useState } from 'react';
import type { FormFeedback } from '../auth-errors.ts';

/** A refused request's feedback on a form: field messages under the fields, the rest above. */
export function useFormFeedback(form: { setErrors(errors: Record<string, string>): void }) {
  const [formError, setFormError] = useState<string | null>(null);
  return {
    formError,
    clear: () => setFormError(null),
    show(feedback: FormFeedback) {
      if (feedback.fields) form.setErrors(feedback.fields);
      setFormError(feedback.message ?? null);
    },
  };
}
