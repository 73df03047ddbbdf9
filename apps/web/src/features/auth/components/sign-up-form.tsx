import { passwordMinLength, signUpRequestSchema, type SessionUser } from '@deck-portal/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useSignUp } from '../api/sign-up.ts';
import { describeSignUpError } from '../auth-errors.ts';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { useFormFeedback } from './use-form-feedback.ts';

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
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: initialEmail, password: '' },
    onValuesChange: (values) => onEmailChange?.(values.email),
    validate: schemaResolver(signUpRequestSchema, { sync: true }),
  });
  const feedback = useFormFeedback(form);

  const submit = form.onSubmit((values) => {
    feedback.clear();
    signUp.mutate(values, {
      onSuccess: onSignedUp,
      onError: (error) => {
        feedback.show(describeSignUpError(error));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={feedback.formError} />
        <TextInput
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
          leftSection={<IconUser size={16} />}
          withAsterisk
          {...form.getInputProps('name')}
        />
        <EmailField {...form.getInputProps('email')} />
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
