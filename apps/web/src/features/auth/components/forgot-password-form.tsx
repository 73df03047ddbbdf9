import { passwordResetRequestSchema } from '@deck-portal/domain';
import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { describeResetRequestError } from '../auth-errors.ts';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { useFormFeedback } from './use-form-feedback.ts';

export function ForgotPasswordForm({
  initialEmail = '',
  onSent,
}: {
  initialEmail?: string;
  onSent: (email: string) => void;
}) {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
  });
  const feedback = useFormFeedback(form);

  const submit = form.onSubmit((values) => {
    feedback.clear();
    requestReset.mutate(values, {
      onSuccess: () => onSent(values.email.trim()),
      onError: (error) => {
        feedback.show(describeResetRequestError(error));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={feedback.formError} />
        <EmailField data-autofocus {...form.getInputProps('email')} />
        <Button type="submit" size="md" fullWidth loading={requestReset.isPending}>
          Send reset email
        </Button>
      </Stack>
    </form>
  );
}
