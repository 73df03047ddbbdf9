import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminUser,
  approvedUser,
  mockApi,
  pendingUser,
  renderApp,
} from '../../test/render-app.tsx';

describe('the approval guard', () => {
  it('shows a spinner while the session loads', async () => {
    // Every session request waits until the test answers, and any asked after that is answered
    // at once: on a busy machine the session may be asked for more than once.
    const waiting: ((value: { body: unknown }) => void)[] = [];
    let isAnswered = false;
    mockApi({
      'GET /api/auth/session': () =>
        isAnswered
          ? Promise.resolve({ body: { user: approvedUser } })
          : new Promise((resolve) => waiting.push(resolve)),
    });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    isAnswered = true;
    for (const answer of waiting) answer({ body: { user: approvedUser } });
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
  });

  it('sends someone not signed in to /auth', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    const { router } = renderApp('/create-deck/basic-info');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it.each([
    ['a pending role', { ...approvedUser, role: 'pending' }],
    ['a pending_approval status', { ...approvedUser, status: 'pending_approval' }],
    ['a new account', pendingUser],
  ])('sends %s to /unapproved', async (_, user) => {
    mockApi({ 'GET /api/auth/session': { body: { user } } });
    const { router } = renderApp('/deck/abc/preview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unapproved'));
    expect(await screen.findByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  });

  it('lets an approved user through', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('offers a retry when the session cannot be checked', async () => {
    mockApi({ 'GET /api/auth/session': { status: 502 } });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe("/admin's own rule", () => {
  it('sends someone not signed in to /auth', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('sends a signed-in non-admin to /dashboard', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: { ...approvedUser, role: 'manager' } } } });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
  });

  it('lets an admin in', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: adminUser } } });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
