import { useState } from 'react';
import { passwordMinLength, signUpRequestSchema, type SessionUser } from '@deck-portal/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useSignUp } from '../api/sign-up.ts';
import { describeSignUpError } from '../auth-errors.ts';
import { FormAlert } from './form-alert.tsx';

export function SignUpForm({
  initialEmail = '',
  onEmailChange,
  onSignedUp,
}: {
  initialEmail?: string;
  /** Keeps the typed address when the page switches between sign-in, sign-up and reset. */
  onEmailChange?: (email: string) => void;
  onSignedUp: (user: SessionUser) => void;
}) {
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: initialEmail, password: '' },
    onValuesChange: (values) => onEmailChange?.(values.email),
    validate: schemaResolver(signUpRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    signUp.mutate(values, {
      onSuccess: onSignedUp,
      onError: (error) => {
        const feedback = describeSignUpError(error);
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
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
          leftSection={<IconUser size={16} />}
          withAsterisk
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          leftSection={<IconMail size={16} />}
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder="Choose a password"
          description={`At least ${passwordMinLength} characters; avoid common passwords.`}
          leftSection={<IconLock size={16} />}
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
