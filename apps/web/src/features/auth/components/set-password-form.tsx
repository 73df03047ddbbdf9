import { passwordMinLength, passwordSchema } from '@deck-portal/domain';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { z } from 'zod';
import type { FormFeedback } from '../auth-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { useFormFeedback } from './use-form-feedback.ts';

const setPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'The passwords do not match.',
    path: ['confirmPassword'],
  });

/**
 * New password plus confirmation, for the reset and invitation links. `onSubmit` rejects with
 * the request's error, which `describeError` turns into what the form shows.
 */
export function SetPasswordForm({
  submitLabel,
  isSubmitting,
  onSubmit,
  describeError,
}: {
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: (password: string) => Promise<unknown>;
  describeError: (error: unknown) => FormFeedback;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(setPasswordSchema, { sync: true }),
  });
  const feedback = useFormFeedback(form);

  const submit = form.onSubmit(async ({ password }) => {
    feedback.clear();
    try {
      await onSubmit(password);
    } catch (error) {
      feedback.show(describeError(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={feedback.formError} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={`At least ${passwordMinLength} characters; avoid common passwords.`}
          leftSection={<IconLock size={16} />}
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
