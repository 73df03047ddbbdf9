import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, approvedUser, mockApi, renderApp } from '../test/render-app.tsx';
import { PHONE_QUERY } from './page-shell.tsx';

function onScreenWidth(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone && query === PHONE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function adminApi() {
  return mockApi({
    'GET /api/auth/session': { body: { user: adminUser } },
    'GET /api/admin/users': ({ url }) => ({
      body: { status: url.searchParams.get('status'), users: [] },
    }),
    'GET /api/admin/stats': { body: { pending: 0, approved: 1, total: 1 } },
    'GET /api/admin-notifications': { body: { notifications: [], unreadCount: 0 } },
  });
}

describe('the page header', () => {
  it('on a phone, keeps its buttons in a menu the header opens', async () => {
    onScreenWidth(true);
    adminApi();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeVisible();
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Outbox' })).toBeNull();

    await userEvent.click(within(header).getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Outbox' })).toHaveAttribute(
      'href',
      '/admin/outbox',
    );
    // The drawer fades in: on a busy machine the check can come before its transition ends.
    await waitFor(() =>
      expect(within(menu).getByRole('button', { name: 'Back to Sign In' })).toBeVisible(),
    );
  });

  it('on a wider screen, shows its buttons in the header and no menu', async () => {
    onScreenWidth(false);
    adminApi();
    renderApp('/admin');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Outbox' })).toBeVisible();
    expect(within(header).queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('on a phone, keeps the notifications bell and its unread count in the header', async () => {
    onScreenWidth(true);
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': { body: { notifications: [], unreadCount: 2 } },
      'GET /api/recent-decks': { body: { recentDecks: [], page: 1, pageSize: 10, total: 0 } },
    });
    renderApp('/dashboard');
    const header = await screen.findByRole('banner');
    expect(
      await within(header).findByRole('button', { name: 'Notifications (2 unread)' }),
    ).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(within(header).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
