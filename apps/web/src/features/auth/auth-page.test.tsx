import { authMessages } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  adminUser,
  apiError,
  approvedUser,
  mockApi,
  pendingUser,
  portalConfig,
  renderApp,
} from '../../test/render-app.tsx';

const anonymous = { 'GET /api/auth/session': { body: { user: null } } };

async function openAuth(path = '/auth') {
  const app = renderApp(path);
  await screen.findByLabelText(/^Email/);
  return app;
}

async function signIn(email = 'rep@example.com', password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/auth sign in', () => {
  it('validates the fields with the domain schema before calling the server', async () => {
    const calls = mockApi(anonymous);
    await openAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeVisible();
    expect(screen.getByText('Password is required.')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('signs in and goes to the dashboard', async () => {
    let signedIn = false;
    const calls = mockApi({
      'GET /api/auth/session': () => ({ body: { user: signedIn ? approvedUser : null } }),
      'POST /api/auth/sign-in': () => {
        signedIn = true;
        return { body: { user: approvedUser } };
      },
    });
    const { router } = await openAuth();
    await signIn('  Rep@Example.com ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
    expect(calls.find((call) => call.path === '/api/auth/sign-in')?.body).toEqual({
      email: 'rep@example.com',
      password: 'correct horse battery',
    });
  });

  it.each([
    [apiError(401, 'invalid_credentials'), authMessages.wrongCredentials],
    [apiError(403, 'deactivated'), authMessages.deactivated],
    [apiError(429, 'too_many_requests'), authMessages.tooManyAttempts],
    [apiError(500, 'internal_error', 'The server failed.'), 'The server failed.'],
  ])('shows the message for a refused sign-in (%#)', async (reply, message) => {
    mockApi({ ...anonymous, 'POST /api/auth/sign-in': reply });
    const { router } = await openAuth();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a pending account to /unapproved with the pending message', async () => {
    mockApi({ ...anonymous, 'POST /api/auth/sign-in': apiError(403, 'pending_approval') });
    const { router } = await openAuth();
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unapproved'));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.pendingApproval);
  });

  it('sends a signed-in approved user straight to the dashboard', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps a signed-in pending user on the form', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: pendingUser } } });
    const { router } = await openAuth();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('links Google sign-in to the server redirect when this server has Google set up', async () => {
    mockApi({
      ...anonymous,
      'GET /api/config': { body: portalConfig({ isGoogleSignInEnabled: true }) },
    });
    await openAuth();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    expect(screen.getByText('or continue with email')).toBeVisible();
  });

  it('offers no Google button when Google is not set up', async () => {
    const calls = mockApi({
      ...anonymous,
      'GET /api/config': { body: portalConfig() },
    });
    await openAuth();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/config'));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or continue with email')).toBeNull();
  });

  it("names the portal as its configuration does, in the logo, the offer to sign up and the tab's title", async () => {
    mockApi({
      ...anonymous,
      'GET /api/config': { body: portalConfig({ productName: 'Acme Decks' }) },
    });
    await openAuth();
    expect(await screen.findByText('Acme Decks')).toBeVisible();
    expect(screen.getByLabelText('Acme Decks')).toBeVisible();
    expect(screen.getByText(/^New to Acme Decks\?/)).toBeVisible();
    expect(screen.queryByText(/Deck Portal/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Acme Decks'));
  });

  it('says the default name while the configuration is on its way, rather than nothing', async () => {
    mockApi({ ...anonymous, 'GET /api/config': () => new Promise(() => undefined) });
    await openAuth();
    expect(screen.getByLabelText('Deck Portal')).toHaveTextContent('Deck Portal');
    expect(screen.getByText(/^New to Deck Portal\?/)).toBeVisible();
  });

  it.each([
    ['google_failed', authMessages.googleFailed],
    ['deactivated', authMessages.deactivated],
    ['google_not_configured', authMessages.googleNotConfigured],
    ['google_link_needs_password', authMessages.googleLinkNeedsPassword],
    ['something_else', authMessages.googleFailed],
  ])('explains ?error=%s from the Google redirect', async (code, message) => {
    mockApi(anonymous);
    await openAuth(`/auth?error=${code}`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});

describe('/auth create account', () => {
  async function createAccount() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await user.type(screen.getByLabelText(/^Full Name/), 'Pat Pending');
    await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('keeps the address typed on the sign-in form', async () => {
    mockApi(anonymous);
    await openAuth();
    await userEvent.type(screen.getByLabelText(/^Email/), 'rep@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('rep@example.com');
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('');
  });

  it('asks for the full name and a long enough password', async () => {
    mockApi(anonymous);
    await openAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Full name is required.')).toBeVisible();
    expect(screen.getByText('Email is required.')).toBeVisible();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeVisible();
  });

  it('shows the success message on /unapproved for a pending account', async () => {
    const calls = mockApi({
      ...anonymous,
      'POST /api/auth/sign-up': { status: 201, body: { user: pendingUser } },
    });
    const { router } = await openAuth();
    await createAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unapproved'));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.signUpSuccess);
    expect(calls.find((call) => call.path === '/api/auth/sign-up')?.body).toEqual({
      name: 'Pat Pending',
      email: 'new@example.com',
      password: 'a long enough password',
    });
  });

  it('takes the first account, an admin, to the dashboard', async () => {
    let created = false;
    mockApi({
      'GET /api/auth/session': () => ({
        body: { user: created ? { ...adminUser, name: 'Pat Pending' } : null },
      }),
      'POST /api/auth/sign-up': () => {
        created = true;
        return { status: 201, body: { user: { ...adminUser, name: 'Pat Pending' } } };
      },
    });
    const { router } = await openAuth();
    await createAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('link', { name: 'Admin Panel' })).toBeVisible();
  });

  it("puts the server's field messages under the fields", async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/sign-up': apiError(400, 'common_password', 'Invalid', {
        password: authMessages.commonPassword,
      }),
    });
    await openAuth();
    await createAccount();
    expect(await screen.findByText(authMessages.commonPassword)).toBeVisible();
  });

  it('says when the address already has an account', async () => {
    mockApi({ ...anonymous, 'POST /api/auth/sign-up': apiError(409, 'email_taken') });
    await openAuth();
    await createAccount();
    expect(await screen.findByText(authMessages.emailTaken)).toBeVisible();
  });
});

describe('/auth forgot password', () => {
  async function openForgot() {
    await openAuth();
    await userEvent.type(screen.getByLabelText(/^Email/), 'rep@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  }

  it('needs an address first', async () => {
    mockApi(anonymous);
    await openForgot();
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText(authMessages.resetNeedsEmail)).toBeVisible();
  });

  it('confirms the mail, then goes back to sign in', async () => {
    const calls = mockApi({
      ...anonymous,
      'POST /api/auth/password-reset': { body: { ok: true } },
    });
    await openForgot();
    // The address typed on the sign-in form carries over.
    expect(screen.getByLabelText(/^Email/)).toHaveValue('rep@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(authMessages.resetSent);
    expect(calls.find((call) => call.path === '/api/auth/password-reset')?.body).toEqual({
      email: 'rep@example.com',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it.each([
    [apiError(400, 'validation_failed'), authMessages.resetInvalidEmail],
    [apiError(429, 'too_many_requests'), authMessages.tooManyResetRequests],
    [apiError(500, 'internal_error'), authMessages.resetFailed],
  ])('explains a refused request (%#)', async (reply, message) => {
    mockApi({ ...anonymous, 'POST /api/auth/password-reset': reply });
    await openForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('opens in forgot mode from ?mode=forgot', async () => {
    mockApi(anonymous);
    renderApp('/auth?mode=forgot');
    const heading = await screen.findByRole('heading', { name: 'Reset your password' });
    expect(within(heading.closest('main')!).getByRole('button', { name: 'Send reset email' }));
  });
});
