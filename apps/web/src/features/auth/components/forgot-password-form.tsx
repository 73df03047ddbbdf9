import { useState } from 'react';
import { passwordResetRequestSchema } from '@deck-portal/domain';
import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { describeResetRequestError } from '../auth-errors.ts';
import { FormAlert } from './form-alert.tsx';

export function ForgotPasswordForm({
  initialEmail = '',
  onSent,
}: {
  initialEmail?: string;
  onSent: (email: string) => void;
}) {
  const requestReset = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    requestReset.mutate(values, {
      onSuccess: () => onSent(values.email.trim()),
      onError: (error) => {
        const feedback = describeResetRequestError(error);
        if (feedback.fields) form.setErrors(feedback.fields);
        setFormError(feedback.message ?? null);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          leftSection={<IconMail size={16} />}
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={requestReset.isPending}>
          Send reset email
        </Button>
      </Stack>
    </form>
  );
}
