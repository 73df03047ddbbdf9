import { useState } from 'react';
import { authMessages, type SessionUser } from '@deck-portal/domain';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useProductName } from '../../lib/portal-config.ts';
import { isApproved, useSession } from '../../lib/session.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { describeRedirectError } from './auth-errors.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ForgotPasswordForm } from './components/forgot-password-form.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { GoogleSignIn } from './components/google-sign-in-button.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';
import { unapprovedNotice } from './unapproved-notice.ts';

type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'reset-sent';

function initialMode(value: string | null): Mode {
  return value === 'sign-up' || value === 'forgot' ? value : 'sign-in';
}

/** Where to go after signing in: back to the protected page that sent the user here, if any. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : paths.dashboard;
}

export default function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const productName = useProductName();
  const [mode, setMode] = useState<Mode>(() => initialMode(searchParams.get('mode')));
  const [email, setEmail] = useState('');
  const redirectError = describeRedirectError(searchParams.get('error'));

  if (session.isPending) return <PageLoader label="Checking your session" />;
  if (session.data && isApproved(session.data)) {
    return <Navigate to={returnPath(location.state)} replace />;
  }

  const switchTo = (next: Mode, nextEmail = email) => {
    setEmail(nextEmail);
    setMode(next);
    // A message from the Google redirect belongs to that attempt only.
    if (searchParams.has('error') || searchParams.has('mode')) {
      setSearchParams({}, { replace: true });
    }
  };

  const afterSignIn = (user: SessionUser) => {
    navigate(isApproved(user) ? returnPath(location.state) : paths.unapproved, { replace: true });
  };
  const afterSignUp = (user: SessionUser) => {
    if (isApproved(user)) {
      navigate(paths.dashboard, { replace: true });
    } else {
      navigate(paths.unapproved, {
        replace: true,
        state: unapprovedNotice('success', authMessages.signUpSuccess),
      });
    }
  };
  const onPendingApproval = () =>
    navigate(paths.unapproved, {
      state: unapprovedNotice('warning', authMessages.pendingApproval),
    });

  if (mode === 'reset-sent') {
    return (
      <AuthLayout title="Check your email">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          {authMessages.resetSent}
        </Alert>
        <Text size="sm" c="dimmed">
          If an account exists for <strong>{email}</strong>, a link to set a new password is on its
          way. The link works once and expires after one hour.
        </Text>
        <Button size="md" variant="light" fullWidth onClick={() => switchTo('sign-in')}>
          Back to Sign In
        </Button>
      </AuthLayout>
    );
  }

  if (mode === 'forgot') {
    return (
      <AuthLayout
        title="Reset your password"
        description="Enter the email address of your account and we will send you a link to set a new password."
      >
        <ForgotPasswordForm initialEmail={email} onSent={(sent) => switchTo('reset-sent', sent)} />
        <Anchor component="button" type="button" size="sm" onClick={() => switchTo('sign-in')}>
          Back to Sign In
        </Anchor>
      </AuthLayout>
    );
  }

  const isSignUp = mode === 'sign-up';
  return (
    <AuthLayout
      title={isSignUp ? 'Create account' : 'Sign in'}
      description={
        isSignUp
          ? 'Request access to the sales portal. An administrator approves new accounts.'
          : 'Welcome back. Sign in to build and manage your sales decks.'
      }
      footer={
        isSignUp ? (
          <>
            Already have an account?{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('sign-in')}>
              Sign in
            </Anchor>
          </>
        ) : (
          <>
            New to {productName}?{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('sign-up')}>
              Create an account
            </Anchor>
          </>
        )
      }
    >
      <Stack gap="md">
        <FormAlert message={redirectError} />
        <GoogleSignIn />
      </Stack>
      {isSignUp ? (
        <SignUpForm
          key="sign-up"
          initialEmail={email}
          onEmailChange={setEmail}
          onSignedUp={afterSignUp}
        />
      ) : (
        <SignInForm
          key="sign-in"
          initialEmail={email}
          onEmailChange={setEmail}
          onSignedIn={afterSignIn}
          onPendingApproval={onPendingApproval}
          onForgotPassword={() => switchTo('forgot')}
        />
      )}
    </AuthLayout>
  );
}
