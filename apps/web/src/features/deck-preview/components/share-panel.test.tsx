import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import {
  adminUser,
  apiError,
  approvedUser,
  mockApi,
  renderApp,
} from '../../../test/render-app.tsx';
import { SharePanel } from './share-panel.tsx';

const noAccount =
  'nobody@example.com has no Deck Portal account. Decks are shared with colleagues who can sign in: invite them first.';

function renderPanel(user: typeof approvedUser | typeof adminUser, extra = {}) {
  const calls = mockApi({
    'GET /api/auth/session': { body: { user } },
    'GET /api/decks/d1/shares': { body: { shares: [] } },
    'POST /api/share-presentation': ({ body }) =>
      (body as { email: string }).email === 'me@example.com'
        ? apiError(400, 'share_self', 'That is your own address.', {
            email: 'That is your own address: you can already open this deck.',
          })
        : apiError(422, 'no_account', noAccount, { email: noAccount }),
    ...extra,
  });
  renderApp('/panel', [
    {
      path: '/panel',
      element: (
        <Routes>
          <Route path="*" element={<SharePanel deckId="d1" />} />
        </Routes>
      ),
    },
  ]);
  return calls;
}

async function shareWith(email: string) {
  const field = await screen.findByLabelText('Email address');
  await userEvent.clear(field);
  await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
}

describe('sharing a deck', () => {
  it('says why the rep’s own address is refused, under the field', async () => {
    renderPanel(approvedUser);
    await shareWith('me@example.com');
    expect(
      await screen.findByText('That is your own address: you can already open this deck.'),
    ).toBeVisible();
    expect(screen.queryByText(/can now open this deck/)).toBeNull();
  });

  it('tells a rep an invitation is needed for an address without an account', async () => {
    renderPanel(approvedUser);
    await shareWith('nobody@example.com');
    expect(await screen.findByText(noAccount)).toBeVisible();
    expect(screen.getByText('An invitation is needed first')).toBeVisible();
    expect(screen.getByText(/Ask an administrator to invite nobody@example.com/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('lets an administrator invite the person on the spot', async () => {
    const calls = renderPanel(adminUser, {
      'POST /api/admin/invitations': {
        status: 201,
        body: {
          invitation: {
            email: 'nobody@example.com',
            name: 'Nora Body',
            role: 'sales_rep',
            expiresAt: '2031-03-12T12:00:00.000Z',
          },
        },
      },
    });
    await shareWith('nobody@example.com');
    const invite = (await screen.findByText('Invite them first')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    await userEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(within(invite).getByText('Enter their full name for the invitation.')).toBeVisible();
    await userEvent.type(within(invite).getByLabelText('Their full name'), 'Nora Body');
    await userEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/nobody@example.com is invited/)).toBeVisible();
    expect(calls.find((call) => call.path === '/api/admin/invitations')?.body).toEqual({
      email: 'nobody@example.com',
      name: 'Nora Body',
      role: 'sales_rep',
    });
  });
});
