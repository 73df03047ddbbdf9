import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';

const notifications = Array.from({ length: 7 }, (_, i) => ({
  id: `n${i}`,
  message: `New user sign-up: Person ${i} (p${i}@example.com)`,
  read: i >= 3,
  createdAt: '2026-11-02T09:00:00.000Z',
}));

function adminApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': { body: { user: adminUser } },
    'GET /api/admin/users': ({ url }) =>
      url.searchParams.get('status') === 'declined'
        ? {
            body: {
              status: 'declined',
              users: [
                {
                  id: 'd1',
                  name: 'Dana Declined',
                  email: 'dana@example.com',
                  requestedAt: '2026-10-30T12:00:00.000Z',
                  declinedAt: '2026-10-31T12:00:00.000Z',
                },
              ],
            },
          }
        : url.searchParams.get('status') === 'approved'
          ? {
              body: {
                status: 'approved',
                users: [
                  {
                    id: adminUser.id,
                    name: adminUser.name,
                    email: adminUser.email,
                    role: 'admin',
                    approvedAt: '2026-01-15T12:00:00.000Z',
                  },
                ],
              },
            }
          : {
              body: {
                status: 'pending_approval',
                users: [
                  {
                    id: 'p1',
                    name: 'Mary Jane Watson',
                    email: 'mj@example.com',
                    requestedAt: '2026-11-02T12:00:00.000Z',
                  },
                ],
              },
            },
    'GET /api/admin/stats': { body: { pending: 1, approved: 1, total: 2 } },
    'GET /api/admin-notifications': { body: { notifications, unreadCount: 3 } },
    ...overrides,
  });
}

/** The server's answer about the pending sign-up once approved or declined. */
function maryJaneAnswered(status: 'approved' | 'declined', approvedAt: string | null) {
  return {
    id: 'p1',
    name: 'Mary Jane Watson',
    email: 'mj@example.com',
    role: 'sales_rep',
    status,
    requestedAt: '2026-11-02T12:00:00.000Z',
    approvedAt,
  };
}

describe('/admin', () => {
  it('shows the header, stats, the first 5 notifications and both lists with en-US dates', async () => {
    adminApi();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('Admin Portal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Sign In' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');

    const panel = await screen.findByRole('region', { name: 'Recent Notifications (3 unread)' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    expect(within(panel).getAllByRole('button', { name: 'Mark as read' })).toHaveLength(3);
    expect(within(panel).getByRole('button', { name: 'View all notifications' })).toBeVisible();

    const pending = await screen.findByRole('listitem', { name: 'Mary Jane Watson' });
    expect(within(pending).getByText('MW')).toBeInTheDocument();
    expect(within(pending).getByText('Requested Nov 2, 2026')).toBeInTheDocument();
    expect(within(pending).getByText('Can create and manage sales decks')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pending Approvals (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Approved Jan 15, 2026')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Users' })).toHaveTextContent('2');
  });

  it('signs out with Back to Sign In and shows the sign-in form', async () => {
    let signedIn = true;
    const calls = adminApi({
      'GET /api/auth/session': () => ({ body: { user: signedIn ? adminUser : null } }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { ok: true } };
      },
    });
    const { router } = renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(calls.some((call) => call.path === '/api/auth/sign-out')).toBe(true);
  });

  it('approves with the chosen default role and reloads everything', async () => {
    const calls = adminApi({
      'POST /api/admin/users/p1/approve': {
        body: { user: maryJaneAnswered('approved', '2026-11-03T12:00:00.000Z') },
      },
    });
    renderApp('/admin');
    const pending = await screen.findByRole('listitem', { name: 'Mary Jane Watson' });
    const before = calls.filter((call) => call.path === '/api/admin/stats').length;
    await userEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Mary Jane Watson was approved as Sales Representative.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/admin/users/p1/approve',
      body: { role: 'sales_rep' },
    });
    expect(calls.filter((call) => call.path === '/api/admin/stats').length).toBeGreaterThan(before);
  });

  it('declines a pending sign-up and says so', async () => {
    const calls = adminApi({
      'POST /api/admin/users/p1/decline': {
        body: { user: maryJaneAnswered('declined', null) },
      },
    });
    renderApp('/admin');
    const pending = await screen.findByRole('listitem', { name: 'Mary Jane Watson' });
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeVisible();
    await userEvent.click(within(pending).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Mary Jane Watson was declined.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/users/p1/decline',
    ]);
  });

  it('marks a notification read through the admin endpoint and reloads the panel and stats', async () => {
    const read = new Set<string>();
    const calls = adminApi({
      'GET /api/admin-notifications': () => {
        const list = notifications.map((n) => ({ ...n, read: n.read || read.has(n.id) }));
        return {
          body: { notifications: list, unreadCount: list.filter((n) => !n.read).length },
        };
      },
      'POST /api/admin-notifications/n0/read': () => {
        read.add('n0');
        return { body: { success: true } };
      },
    });
    renderApp('/admin');
    const panel = await screen.findByRole('region', { name: 'Recent Notifications (3 unread)' });
    const first = within(panel).getByRole('listitem', { name: notifications[0]!.message });
    const before = calls.filter((call) => call.path === '/api/admin/stats').length;
    await userEvent.click(within(first).getByRole('button', { name: 'Mark as read' }));
    expect(
      await screen.findByRole('region', { name: 'Recent Notifications (2 unread)' }),
    ).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin-notifications/n0/read', body: undefined },
    ]);
    expect(calls.filter((call) => call.path === '/api/admin/stats').length).toBeGreaterThan(before);
  });

  it('shows the spec’s banner when pending users fail to load, and hides an empty panel', async () => {
    adminApi({
      'GET /api/admin/users': ({ url }) =>
        url.searchParams.get('status') === 'approved'
          ? { body: { status: 'approved', users: [] } }
          : apiError(500, 'internal_error', 'Something went wrong on our side.'),
      'GET /api/admin-notifications': { body: { notifications: [], unreadCount: 0 } },
    });
    renderApp('/admin');
    expect(
      await screen.findByText('Failed to load pending users: Something went wrong on our side.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No approved users yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Recent Notifications/ })).toBeNull();
  });

  it('says so in the Declined panel when declined users fail to load; a failed approved list only shows empty', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    adminApi({
      'GET /api/admin/users': ({ url }) =>
        url.searchParams.get('status') === 'pending_approval'
          ? { body: { status: 'pending_approval', users: [] } }
          : apiError(500, 'internal_error', 'Something went wrong on our side.'),
    });
    renderApp('/admin');
    const section = await screen.findByRole('region', { name: 'Declined (0)' });
    await userEvent.click(within(section).getByRole('button', { name: 'Show' }));
    expect(
      await within(section).findByText(
        'Failed to load declined users: Something went wrong on our side.',
      ),
    ).toBeVisible();
    const approved = screen.getByRole('region', { name: 'Approved Users (0)' });
    expect(await within(approved).findByText('No approved users yet')).toBeVisible();
    expect(within(approved).queryByRole('alert')).toBeNull();
    expect(await screen.findByText('No pending user approvals')).toBeVisible();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to load approved users:', expect.anything()),
    );
    logged.mockRestore();
  });

  it('shows a refused invitation on the field the server names, or above the form', async () => {
    let answer = apiError(400, 'validation_failed', 'Invalid input', {
      email: 'Someone already has an account with this e-mail.',
    });
    adminApi({ 'POST /api/admin/invitations': () => answer });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await userEvent.type(within(dialog).getByLabelText(/Full Name/), 'Tess Taken');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'tess@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByLabelText(/Email/)).toHaveAccessibleDescription(
      'Someone already has an account with this e-mail.',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();

    answer = apiError(500, 'internal_error', 'Something went wrong on our side.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to invite user');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
  });

  it('lists declined sign-ups, folded, and approves one after all with a role', async () => {
    const calls = adminApi({
      'POST /api/admin/users/d1/approve': {
        body: {
          user: {
            id: 'd1',
            name: 'Dana Declined',
            email: 'dana@example.com',
            role: 'sales_rep',
            status: 'approved',
            requestedAt: '2026-10-30T12:00:00.000Z',
            approvedAt: '2026-11-03T12:00:00.000Z',
          },
        },
      },
    });
    renderApp('/admin');
    const section = await screen.findByRole('region', { name: 'Declined (1)' });
    const toggle = within(section).getByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const row = await within(section).findByRole('listitem', { name: 'Dana Declined' });
    expect(within(row).getByText('Declined Oct 31, 2026 · requested Oct 30, 2026')).toBeVisible();
    expect(within(row).getByText('Can create and manage sales decks')).toBeVisible();
    expect(within(row).queryByRole('button', { name: 'Decline' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Approve after all' }));
    expect(
      await screen.findByText('Dana Declined was approved as Sales Representative.'),
    ).toBeVisible();
    expect(calls.find((call) => call.path === '/api/admin/users/d1/approve')?.body).toEqual({
      role: 'sales_rep',
    });
  });
});
