import { authErrorCodes, signInRequestSchema, type SessionUser } from '@deck-portal/domain';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { describeSignInError } from '../auth-errors.ts';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { useFormFeedback } from './use-form-feedback.ts';

export function SignInForm({
  initialEmail = '',
  onEmailChange,
  onSignedIn,
  onPendingApproval,
  onForgotPassword,
}: {
  initialEmail?: string;
  /** Keeps the typed address when the page switches between sign-in, sign-up and reset. */
  onEmailChange?: (email: string) => void;
  onSignedIn: (user: SessionUser) => void;
  onPendingApproval: () => void;
  onForgotPassword: (email: string) => void;
}) {
  const signIn = useSignIn();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '' },
    onValuesChange: (values) => onEmailChange?.(values.email),
    validate: schemaResolver(signInRequestSchema, { sync: true }),
  });
  const feedback = useFormFeedback(form);

  const submit = form.onSubmit((values) => {
    feedback.clear();
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === authErrorCodes.pendingApproval) {
          onPendingApproval();
          return;
        }
        feedback.show(describeSignInError(error));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={feedback.formError} />
        <EmailField {...form.getInputProps('email')} />
        <Stack gap={4}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            leftSection={<IconLock size={16} />}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onForgotPassword(form.getValues().email)}
            >
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
