import { approvalMessages, type ApprovalRequest } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { approvalRequest, fortyPercentOff } from '../../test/approval-fixture.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const manager = {
  ...approvedUser,
  id: 'm1',
  email: 'mia@example.com',
  name: 'Mia Manager',
  role: 'manager',
} as const;

/** The inbox's API: `lists` answers each `?state=` (read at each call). */
function inboxApi(
  lists: () => Partial<Record<'pending' | 'decided' | 'all', ApprovalRequest[]>>,
  overrides: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: { user: manager } },
    'GET /api/approvals': ({ url }) => ({
      body: { requests: lists()[url.searchParams.get('state') as 'pending'] ?? [] },
    }),
    ...overrides,
  });
}

const card = () => screen.findByRole('article', { name: 'Q3 proposal for Polar Foods' });

describe('the approvals inbox', () => {
  it('lists a pending request with its deck, rep, note and prices against the limits', async () => {
    inboxApi(() => ({ pending: [approvalRequest()] }));
    renderApp('/approvals');
    const request = await card();
    expect(within(request).getByRole('link', { name: 'Q3 proposal' })).toHaveAttribute(
      'href',
      '/deck/d1/preview',
    );
    expect(within(request).getByText(/Polar Foods · by Robin Rep · version 1/)).toBeVisible();
    expect(within(request).getByText(/requested Mar 5, 2031/)).toBeVisible();
    expect(
      within(request).getByText('Note: “They have a competing offer at this price.”'),
    ).toBeVisible();
    const row = within(request).getByRole('row', { name: /Battery Backup/ });
    for (const text of ['$3,597.00', '$5,995.00', '40%', '15%', '$4,000.00']) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(
      within(request).getByText('The whole quote is 40% below list: past the deck limit of 20%.'),
    ).toBeVisible();
  });

  it('approves with a comment, and the request leaves the pending list', async () => {
    let pending = [approvalRequest()];
    const calls = inboxApi(() => ({ pending }), {
      'POST /api/approvals/r1/decision': () => {
        pending = [];
        return {
          body: approvalRequest({
            state: 'approved',
            decidedBy: manager.name,
            decidedAt: '2031-03-06T09:00:00.000Z',
            comment: 'Fine for this volume.',
            canDecide: false,
          }),
        };
      },
    });
    renderApp('/approvals');
    const request = await card();
    await userEvent.type(within(request).getByLabelText('Comment'), 'Fine for this volume.');
    await userEvent.click(within(request).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No request is waiting for a decision.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/approvals/r1/decision',
      body: { decision: 'approve', comment: 'Fine for this volume.' },
    });
  });

  it('asks for a comment before rejecting, then rejects with it', async () => {
    const calls = inboxApi(() => ({ pending: [approvalRequest()] }), {
      'POST /api/approvals/r1/decision': {
        body: approvalRequest({ state: 'rejected', comment: 'Too deep: 25% at most.' }),
      },
    });
    renderApp('/approvals');
    const request = await card();
    await userEvent.click(within(request).getByRole('button', { name: 'Reject' }));
    expect(within(request).getByText(approvalMessages.rejectNeedsComment)).toBeVisible();
    expect(within(request).getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(within(request).getByLabelText('Comment'), 'Too deep: 25% at most.');
    await userEvent.click(within(request).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        decision: 'reject',
        comment: 'Too deep: 25% at most.',
      }),
    );
  });

  it('shows the server’s message when it refuses a rejection', async () => {
    inboxApi(() => ({ pending: [approvalRequest()] }), {
      'POST /api/approvals/r1/decision': apiError(
        422,
        'validation_failed',
        'Some fields are missing or invalid.',
        { comment: approvalMessages.rejectNeedsComment },
      ),
    });
    renderApp('/approvals');
    const request = await card();
    // The server judges the comment too: its message shows on the field.
    await userEvent.type(within(request).getByLabelText('Comment'), 'x');
    await userEvent.click(within(request).getByRole('button', { name: 'Reject' }));
    expect(await within(request).findByText(approvalMessages.rejectNeedsComment)).toBeVisible();
  });

  it('shows what another approver decided when they were first', async () => {
    let pending = [approvalRequest()];
    const decidedByOther = approvalRequest({
      state: 'approved',
      decidedBy: 'Max Manager',
      decidedAt: '2031-03-06T09:00:00.000Z',
      comment: 'Go ahead.',
      canDecide: false,
    });
    inboxApi(() => ({ pending, all: [decidedByOther] }), {
      'POST /api/approvals/r1/decision': () => {
        pending = [];
        return apiError(409, 'conflict', approvalMessages.alreadyDecided);
      },
    });
    renderApp('/approvals');
    const request = await card();
    await userEvent.click(within(request).getByRole('button', { name: 'Approve' }));
    const notice = await screen.findByRole('alert', { name: 'Another approver decided first' });
    expect(
      within(notice).getByText(`Q3 proposal: ${approvalMessages.alreadyDecided}`),
    ).toBeVisible();
    expect(
      await within(notice).findByText('Approved by Max Manager on Mar 6, 2031 — “Go ahead.”'),
    ).toBeVisible();
    expect(await screen.findByText('No request is waiting for a decision.')).toBeVisible();
  });

  it('shows a request for an administrator to a manager without buttons', async () => {
    inboxApi(() => ({
      pending: [approvalRequest({ approverRole: 'admin', canDecide: false })],
    }));
    renderApp('/approvals');
    const request = await card();
    expect(within(request).getByText('Needs an administrator.')).toBeVisible();
    expect(within(request).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(request).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows a manager why they may not decide a rep’s price past a manager’s limit: the depth, the limit, who must', async () => {
    const controller = {
      productId: 'controller',
      productName: 'Controller',
      unitPrice: 119.8,
      listPrice: 199,
      discountPercent: 39.8,
      limitPercent: 15,
      floorPrice: null,
      reason: 'discount' as const,
      limitRole: 'sales_rep' as const,
      managerLimitPercent: 30,
      approverRole: 'admin' as const,
      message:
        '39.8% off list ($199.00) is past the 15% a sales rep may give on Controller without approval, and past the 30% a sales manager may give. Only an administrator may approve it.',
    };
    const depth =
      'Deepest discount: 39.8% off list on Controller, past the 30% a sales manager may give.';
    inboxApi(() => ({
      pending: [
        approvalRequest({
          approverRole: 'admin',
          canDecide: false,
          cannotDecideReason: approvalMessages.needsAdmin(depth),
          pricedBy: ['Robin Rep'],
          check: {
            ...fortyPercentOff,
            approverRole: 'admin',
            findings: [controller],
            deckFindings: [],
          },
        }),
      ],
    }));
    renderApp('/approvals');
    const request = await card();
    expect(within(request).getByText(`${depth} Needs an administrator’s approval.`)).toBeVisible();
    expect(within(request).getByText(approvalMessages.needsAdmin(depth))).toBeVisible();
    expect(
      within(request).getByText('Prices set by Robin Rep · approval asked by Robin Rep'),
    ).toBeVisible();
    expect(within(request).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('tells a manager who set the prices that another approver must decide', async () => {
    inboxApi(() => ({
      pending: [
        approvalRequest({
          canDecide: false,
          cannotDecideReason: approvalMessages.ownPrices,
          pricedBy: [manager.name],
        }),
      ],
    }));
    renderApp('/approvals');
    const request = await card();
    expect(within(request).getByText(approvalMessages.ownPrices)).toBeVisible();
    expect(within(request).getByText(/^Prices set by Mia Manager/)).toBeVisible();
    expect(within(request).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('lists decided requests with their outcome', async () => {
    inboxApi(() => ({
      pending: [],
      decided: [
        approvalRequest({
          state: 'rejected',
          decidedBy: 'Mia Manager',
          decidedAt: '2031-03-06T09:00:00.000Z',
          comment: 'Too deep: 25% at most.',
          canDecide: false,
        }),
      ],
    }));
    renderApp('/approvals');
    expect(await screen.findByText('No request is waiting for a decision.')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Decided' }));
    const request = await card();
    expect(
      within(request).getByText('Rejected by Mia Manager on Mar 6, 2031: Too deep: 25% at most.'),
    ).toBeVisible();
    expect(within(request).queryByLabelText('Comment')).toBeNull();
  });

  it('sends a rep to the dashboard, whose header has no Approvals for them', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } }, ...dashboardApi });
    const { router } = renderApp('/approvals');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Approvals/ })).toBeNull();
  });
});

const dashboardApi = {
  'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } },
  'GET /api/recent-decks': { body: { recentDecks: [], page: 1, pageSize: 10, total: 0 } },
  'GET /api/decks': { body: { recentDecks: [], page: 1, pageSize: 10, total: 0 } },
};

describe('the dashboard’s Approvals button', () => {
  it('counts the requests a manager may decide, and leads to the inbox', async () => {
    inboxApi(
      () => ({
        pending: [
          approvalRequest(),
          approvalRequest({ id: 'r2', approverRole: 'admin', canDecide: false }),
        ],
      }),
      dashboardApi,
    );
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Approvals, 1 waiting' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/approvals'));
  });
});
