import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

describe('the dashboard header', () => {
  it('welcomes the user by name without an Admin Panel button for a sales rep', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
    expect(screen.getByText(/Sales Representative/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
  });

  it('gives an admin the Admin Panel button to /admin', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: adminUser } } });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Admin Panel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('signs out and returns to /auth', async () => {
    let signedIn = true;
    const calls = mockApi({
      'GET /api/auth/session': () => ({ body: { user: signedIn ? approvedUser : null } }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { ok: true } };
      },
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(calls.some((call) => call.path === '/api/auth/sign-out')).toBe(true);
  });
});
