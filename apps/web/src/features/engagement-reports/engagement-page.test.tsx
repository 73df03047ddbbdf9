import type { EngagementReport } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { choose } from '../../test/choose-option.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const managerUser = { ...approvedUser, id: 'm1', name: 'Morgan Manager', role: 'manager' } as const;
const repId = '6f1d0a3e-2b7c-4c55-9a1e-0d8f3b2a1c44';
const deckId = '0b6c1f7e-5a3d-4e2b-8c9f-1a2b3c4d5e6f';

const report: EngagementReport = {
  from: '2031-02-06',
  to: '2031-03-07',
  repId: null,
  reps: [
    { id: repId, name: 'Robin Rep' },
    { id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Sam Seller' },
  ],
  totals: { visits: 12, seconds: 1510, decksOpened: 4, decksAccepted: 1 },
  products: [
    { productId: 'battery_backup', name: 'Battery Backup', seconds: 220, visits: 9, decks: 3 },
    { productId: 'general', name: 'General', seconds: 90, visits: 12, decks: 4 },
  ],
  pricingRead: [
    {
      deckId,
      title: 'Q3 proposal',
      clientName: 'Polar Foods',
      ownerName: 'Robin Rep',
      visits: 2,
      seconds: 48,
      lastReadAt: '2031-03-05T10:00:00.000Z',
    },
  ],
  timeToAcceptance: {
    medianHours: 30,
    decks: [
      {
        deckId,
        title: 'Q3 proposal',
        clientName: 'Polar Foods',
        ownerName: 'Robin Rep',
        firstOpenedAt: '2031-03-01T10:00:00.000Z',
        acceptedAt: '2031-03-02T16:00:00.000Z',
        hours: 30,
      },
    ],
  },
  repActivity: [{ repId, name: 'Robin Rep', decksOpened: 3, decksAccepted: 1, visits: 10 }],
};

function engagementApi(user: typeof approvedUser | typeof managerUser, body = report) {
  return mockApi({
    'GET /api/auth/session': { body: { user } },
    'GET /api/engagement': { body },
  });
}

describe('/engagement', () => {
  it('shows a manager products by attention, pricing read, time to acceptance and the reps', async () => {
    engagementApi(managerUser);
    renderApp('/engagement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engagement' })).toBeVisible();
    await screen.findByText('Time viewed');
    expect(screen.getAllByText('Visits')[0]!.nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Time viewed').nextSibling).toHaveTextContent('25 min 10 s');
    const products = screen.getByRole('heading', { name: 'Products by attention' }).parentElement!;
    const rows = within(products).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Battery Backup3 min 40 s93');
    expect(screen.getByText('Median').nextSibling).toHaveTextContent('30 h');
    expect(screen.getAllByRole('link', { name: 'Q3 proposal' })[0]).toHaveAttribute(
      'href',
      `/deck/${deckId}/preview`,
    );
    expect(screen.getByLabelText('Rep', { selector: 'input' })).toBeVisible();
  });

  it('asks again for the rep chosen, and exports what is shown', async () => {
    const calls = engagementApi(managerUser);
    renderApp('/engagement');
    const user = userEvent.setup();
    const rep = await screen.findByLabelText('Rep', { selector: 'input' });
    await waitFor(() => expect(rep).not.toBeDisabled());
    await screen.findByText('Time viewed');
    await choose(user, rep, 'Robin Rep');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/engagement')).toHaveLength(2),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Time per product (CSV)', hidden: true }),
    ).toHaveAttribute(
      'href',
      `/api/engagement.csv?rows=products&from=2031-02-06&to=2031-03-07&repId=${repId}`,
    );
  });

  it('gives a rep no rep filter', async () => {
    engagementApi(approvedUser, { ...report, reps: [{ id: 'u1', name: 'Robin Rep' }] });
    renderApp('/engagement');
    expect(await screen.findByText(/What clients looked at in your decks/)).toBeVisible();
    expect(screen.queryByLabelText('Rep', { selector: 'input' })).toBeNull();
  });
});
