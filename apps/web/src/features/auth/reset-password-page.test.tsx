import { authMessages } from '@deck-portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';
import { invalidInviteMessage } from './accept-invite-page.tsx';

const token = 'A'.repeat(43);
const anonymous = { 'GET /api/auth/session': { body: { user: null } } };

async function setPassword(password: string, confirmation = password) {
  await userEvent.type(await screen.findByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirmation);
}

describe('/auth/reset', () => {
  it('sets the new password from the link, then offers sign-in', async () => {
    const calls = mockApi({
      ...anonymous,
      'POST /api/auth/password-reset/confirm': { body: { ok: true } },
    });
    const { router } = renderApp(`/auth/reset?token=${token}`);
    await setPassword('a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token,
      password: 'a brand new password',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('checks the confirmation and the length before sending', async () => {
    const calls = mockApi(anonymous);
    renderApp(`/auth/reset?token=${token}`);
    await setPassword('short', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeVisible();
    expect(screen.getByText('The passwords do not match.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says when the link is expired or used', async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/password-reset/confirm': apiError(400, 'invalid_token'),
    });
    renderApp(`/auth/reset?token=${token}`);
    await setPassword('a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidResetLink);
  });

  it('offers a new link when the token is missing', async () => {
    mockApi(anonymous);
    const { router } = renderApp('/auth/reset');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidResetLink);
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('/auth/invite', () => {
  it('sets the password and arrives on the dashboard', async () => {
    let accepted = false;
    mockApi({
      'GET /api/auth/session': () => ({ body: { user: accepted ? adminUser : null } }),
      'POST /api/auth/accept-invite': () => {
        accepted = true;
        return { body: { user: adminUser } };
      },
    });
    const { router } = renderApp(`/auth/invite?token=${token}`);
    await setPassword('a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Admin' })).toBeVisible();
  });

  it('says when the invitation is no longer valid', async () => {
    mockApi({ ...anonymous, 'POST /api/auth/accept-invite': apiError(400, 'invalid_token') });
    renderApp(`/auth/invite?token=${token}`);
    await setPassword('a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(invalidInviteMessage);
  });
});
