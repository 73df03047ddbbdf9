import { tokenSchema } from '@deck-portal/domain';
import { Button } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useProductName } from '../../lib/portal-config.ts';
import { useAcceptInvite } from './api/accept-invite.ts';
import { describeSetPasswordError } from './auth-errors.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { SetPasswordForm } from './components/set-password-form.tsx';

export const invalidInviteMessage =
  'This invitation link is invalid or has expired. Please ask an administrator for a new invitation.';

/** /auth/invite?token=…: an invited user sets a password and arrives signed in and approved. */
export default function AcceptInvitePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const acceptInvite = useAcceptInvite();
  const productName = useProductName();

  if (!tokenSchema.safeParse(token).success) {
    return (
      <AuthLayout title="Accept your invitation">
        <FormAlert message={invalidInviteMessage} />
        <Button component={Link} to={paths.auth} size="md" variant="light" fullWidth>
          Back to Sign In
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Accept your invitation"
      description={`You have been invited to ${productName}. Choose a password to finish setting up your account.`}
    >
      <SetPasswordForm
        submitLabel="Set password and continue"
        isSubmitting={acceptInvite.isPending}
        onSubmit={async (password) => {
          await acceptInvite.mutateAsync({ token, password });
          navigate(paths.dashboard, { replace: true });
        }}
        describeError={(error) => describeSetPasswordError(error, invalidInviteMessage)}
      />
    </AuthLayout>
  );
}
