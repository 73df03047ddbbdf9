import { request as playwrightRequest } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  failedResourceError,
  firstAdmin,
  postJson,
  readLatestMailTo,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueUser,
} from '../fixtures.ts';

const messages = {
  signUpSuccess: 'Account created successfully! Please wait for admin approval.',
  pendingApproval: 'Your account is pending approval. Please contact an administrator.',
  deactivated: 'Your account has been deactivated. Please contact an administrator.',
  wrongCredentials:
    'Wrong email or password combination. Please check your credentials and try again.',
  resetSent: 'Password reset email sent! Check your inbox.',
  googleNotConfigured: 'Google sign-in is not set up on this server.',
};

/** A cookie jar of its own, so API set-up never signs the page in or out. */
async function newApiContext() {
  return playwrightRequest.newContext();
}

test('creating an account shows the success message and lands on /unapproved', async ({ page }) => {
  const account = uniqueUser('newcomer');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel(/^Full Name/).fill(account.name);
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/unapproved$/);
  await expect(page.getByRole('alert')).toHaveText(messages.signUpSuccess);
  await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  // The new account is signed in but pending: the approval guard keeps it out.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/unapproved$/);
});

test('the first account is an approved admin that reaches the dashboard with Admin Panel', async ({
  page,
}) => {
  const admin = firstAdmin();
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${admin.name}` })).toBeVisible();
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toMatchObject({
    user: { email: admin.email, role: 'admin', status: 'approved' },
  });
});

test('a signed-in approved user visiting /auth goes to the dashboard', async ({ page }) => {
  await signInViaApi(page.request, firstAdmin());
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('refused sign-ins', () => {
  test.use({ allowedConsoleErrors: [failedResourceError(401, 403)] });

  test('a pending user sees the pending message and lands on /unapproved', async ({ page }) => {
    const account = uniqueUser('pending');
    const api = await newApiContext();
    await signUpViaApi(api, account);
    await api.dispose();

    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/unapproved$/);
    await expect(page.getByRole('alert')).toHaveText(messages.pendingApproval);
    await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  });

  test('a wrong password gets the wrong-credentials message', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(firstAdmin().email);
    await page.getByLabel(/^Password/).fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.wrongCredentials);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a declined user sees the deactivated message', async ({ page }) => {
    const account = uniqueUser('declined');
    const api = await newApiContext();
    const user = await signUpViaApi(api, account);
    await api.dispose();

    const adminApi = await newApiContext();
    await signInViaApi(adminApi, firstAdmin());
    const decline = await postJson(adminApi, `/api/admin/users/${user.id}/decline`, {});
    expect(decline.ok(), await decline.text()).toBe(true);
    await adminApi.dispose();

    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.deactivated);
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('forgot password: the outbox link sets a new password that signs in', async ({ page }) => {
  // Only an account that could sign in afterwards gets a reset mail.
  const account = await createApprovedUser('forgetful');

  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(messages.resetSent);

  const mail = await readLatestMailTo(account.email);
  expect(mail.link).toContain('/auth/reset?token=');
  await page.goto(mail.link);
  const newPassword = `${account.password} renewed`;
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

  // The new password checks out; the same link cannot be used twice.
  const check = await newApiContext();
  const signIn = await postJson(check, '/api/auth/sign-in', {
    email: account.email,
    password: newPassword,
  });
  expect(signIn.status()).toBe(200);
  const reuse = await postJson(check, '/api/auth/password-reset/confirm', {
    token: new URL(mail.link).searchParams.get('token'),
    password: `${newPassword} again`,
  });
  expect(reuse.status()).toBe(400);
  await check.dispose();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unknown address gets the same reset answer', async ({ page }) => {
  await page.goto('/auth?mode=forgot');
  await page.getByLabel(/^Email/).fill(uniqueUser('nobody').email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.resetSent);
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('sign out returns to /auth, and /dashboard then redirects to /auth', async ({ page }) => {
  await signInViaApi(page.request, firstAdmin());
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('no Google button without Google set up, and its address explains why', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
  // An old bookmark of the Google address still gets a clear answer.
  await page.goto('/api/auth/google');
  await expect(page).toHaveURL(/\/auth\?error=google_not_configured$/);
  await expect(page.getByRole('alert')).toHaveText(messages.googleNotConfigured);
});
