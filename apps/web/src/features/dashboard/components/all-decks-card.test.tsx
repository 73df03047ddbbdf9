import type { RecentDeck } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { choose } from '../../../test/choose-option.ts';
import { approvedUser, mockApi, renderApp } from '../../../test/render-app.tsx';

const noDecks = { body: { recentDecks: [], page: 1, pageSize: 10, total: 0 } };
const manager = { ...approvedUser, role: 'manager' } as const;

function deck(id: string, clientName: string, approval: RecentDeck['approval']): RecentDeck {
  return {
    id,
    title: 'Winter proposal',
    clientName,
    productNames: ['Battery Backup'],
    createdAt: '2031-03-04T15:00:00.000Z',
    status: 'completed',
    editUrl: `/deck/${id}/edit`,
    pptxUrl: `/api/decks/${id}/pptx`,
    pdfUrl: `/api/decks/${id}/download`,
    viewUrl: `/deck/${id}/view`,
    isDraft: false,
    ownerName: 'Robin Rep',
    lastViewedAt: null,
    currentVersion: 1,
    approval,
  };
}

const decks = [
  deck('d1', 'Polar Foods', 'awaiting_approval'),
  deck('d2', 'Glacier Logistics', 'approval_rejected'),
  deck('d3', 'Tundra Retail', 'needs_approval'),
  deck('d4', 'Fjord Markets', null),
];

describe('All decks and the deal desk', () => {
  it('shows where each deck stands with approval instead of “Completed”, and filters those awaiting it', async () => {
    const asked: (string | null)[] = [];
    mockApi({
      'GET /api/auth/session': { body: { user: manager } },
      'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } },
      'GET /api/recent-decks': noDecks,
      'GET /api/decks': ({ url }) => {
        const approval = url.searchParams.get('approval');
        asked.push(approval);
        const shown = decks.filter(
          (listed) =>
            approval === null ||
            (approval === 'awaiting' && listed.approval === 'awaiting_approval'),
        );
        return { body: { recentDecks: shown, page: 1, pageSize: 10, total: shown.length } };
      },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'All decks' });
    const row = (name: string) => within(list).getByRole('listitem', { name: new RegExp(name) });
    expect(within(row('Polar Foods')).getByText('Awaiting approval')).toBeVisible();
    expect(within(row('Polar Foods')).queryByText('Completed')).toBeNull();
    expect(within(row('Glacier Logistics')).getByText('Approval rejected')).toBeVisible();
    expect(within(row('Tundra Retail')).getByText('Needs approval')).toBeVisible();
    expect(within(row('Fjord Markets')).getByText('Completed')).toBeVisible();

    const user = userEvent.setup();
    await choose(
      user,
      screen.getByRole('combobox', { name: 'Filter by approval' }),
      'Awaiting approval',
    );
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: /Fjord Markets/ })).toBeNull(),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(asked.at(-1)).toBe('awaiting');
  });
});
