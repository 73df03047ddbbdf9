import type { AuditEntry } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, mockApi, renderApp } from '../../test/render-app.tsx';

const approval: AuditEntry = {
  id: 'e1',
  at: '2026-11-02T09:01:00.000Z',
  actor: { id: 'u7', name: 'Ana Reyes', email: 'ana@portal.example' },
  action: 'user.approved',
  target: {
    kind: 'user',
    id: 'u9',
    label: 'ben@northwind.example',
    userEmail: 'ben@northwind.example',
  },
  oldValue: 'pending',
  newValue: 'sales_rep',
  address: '203.0.113.7',
};
const share: AuditEntry = {
  id: 'e2',
  at: '2026-11-01T15:00:00.000Z',
  actor: null,
  action: 'deck.shared',
  target: { kind: 'deck', id: 'd1', label: 'Quay freezers', userEmail: 'cleo@portal.example' },
  oldValue: null,
  newValue: 'edit',
  address: null,
};

describe('the audit log page', () => {
  it('reads each row as a sentence, loads more, and filters by action', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/audit': ({ url }) => {
        if (url.searchParams.getAll('action').join() === 'deck.shared') {
          return { body: { entries: [share], nextCursor: null } };
        }
        return url.searchParams.get('cursor') === 'next'
          ? { body: { entries: [share], nextCursor: null } }
          : { body: { entries: [approval], nextCursor: 'next' } };
      },
    });
    renderApp(paths.audit);
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeVisible();
    const row = (
      await screen.findByText('Ana Reyes approved ben@northwind.example as Sales Representative')
    ).closest('tr')!;
    expect(within(row).getByText('pending → sales_rep')).toBeVisible();
    expect(within(row).getByText('203.0.113.7')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByText(
        'The portal shared “Quay freezers” with cleo@portal.example, who can edit it',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: /^Action/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Deck shared', hidden: true }));
    await waitFor(() =>
      expect(
        screen.queryByText('Ana Reyes approved ben@northwind.example as Sales Representative'),
      ).toBeNull(),
    );
    expect(calls.at(-1)?.path).toBe('/api/admin/audit');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit.csv?action=deck.shared',
    );
  });
});
