import { authMessages, tokenSchema } from '@deck-portal/domain';
import { Alert, Button } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useConfirmPasswordReset } from './api/confirm-password-reset.ts';
import { describeSetPasswordError } from './auth-errors.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { SetPasswordForm } from './components/set-password-form.tsx';

const requestNewLink = `${paths.auth}?mode=forgot`;

/** /auth/reset?token=…: the page the password reset mail links to. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirmReset = useConfirmPasswordReset();

  if (confirmReset.isSuccess) {
    return (
      <AuthLayout title="Password updated">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          Your password has been changed. You can now sign in with your new password.
        </Alert>
        <Button component={Link} to={paths.auth} size="md" fullWidth>
          Sign in
        </Button>
      </AuthLayout>
    );
  }

  if (!tokenSchema.safeParse(token).success) {
    return (
      <AuthLayout title="Set a new password">
        <FormAlert message={authMessages.invalidResetLink} />
        <Button component={Link} to={requestNewLink} size="md" variant="light" fullWidth>
          Request a new link
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Set a new password"
      description="Choose a new password for your account. Other devices signed in to it will be signed out."
      footer={
        <Button component={Link} to={paths.auth} variant="subtle" size="compact-sm">
          Back to Sign In
        </Button>
      }
    >
      <SetPasswordForm
        submitLabel="Save new password"
        isSubmitting={confirmReset.isPending}
        onSubmit={(password) => confirmReset.mutateAsync({ token, password })}
        describeError={(error) => describeSetPasswordError(error, authMessages.invalidResetLink)}
      />
    </AuthLayout>
  );
}
