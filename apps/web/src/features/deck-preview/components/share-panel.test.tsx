import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
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
    expect(screen.queryByText(/can now view/)).toBeNull();
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

const colleague = (access: 'view' | 'edit') => ({
  id: 's1',
  email: 'colleague@example.com',
  access,
  createdAt: '2031-03-05T10:00:00.000Z',
  sharedBy: 'Robin Rep',
});

describe('what a colleague may do with a shared deck', () => {
  // A notification outlives its test: each test reads only its own.
  afterEach(() => notifications.clean());

  it('shares "Can view" unless the rep chooses "Can edit", and says what the colleague may now do', async () => {
    let shared = 0;
    const calls = renderPanel(approvedUser, {
      'POST /api/share-presentation': ({ body }: { body: unknown }) => {
        shared += 1;
        const { access } = body as { access: 'view' | 'edit' };
        return {
          status: 201,
          body: { success: true, share: colleague(access), previousAccess: null },
        };
      },
    });
    const choice = await screen.findByRole('radiogroup', { name: 'Access' });
    expect(within(choice).getByRole('radio', { name: 'Can view' })).toBeChecked();
    await shareWith('colleague@example.com');
    expect(await screen.findByText('colleague@example.com can now view this deck.')).toBeVisible();

    await userEvent.click(within(choice).getByRole('radio', { name: 'Can edit' }));
    await shareWith('colleague@example.com');
    expect(
      await screen.findByText('colleague@example.com can now view and edit this deck.'),
    ).toBeVisible();
    expect(shared).toBe(2);
    expect(
      calls.filter((call) => call.path === '/api/share-presentation').map((call) => call.body),
    ).toEqual([
      { presentationId: 'd1', email: 'colleague@example.com', access: 'view' },
      { presentationId: 'd1', email: 'colleague@example.com', access: 'edit' },
    ]);
  });

  it('says the access changed when the deck is shared again, and why a share is refused', async () => {
    const already =
      'The deck is already shared with colleague@example.com, who can view and edit it.';
    let answers = 0;
    renderPanel(approvedUser, {
      'POST /api/share-presentation': () =>
        ++answers === 1
          ? { body: { success: true, share: colleague('edit'), previousAccess: 'view' } }
          : apiError(409, 'conflict', already, { email: already }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Can edit' }));
    await shareWith('colleague@example.com');
    // The notification's title and its sentence, together.
    const changed = (await screen.findByText('Access changed')).parentElement!;
    expect(
      within(changed).getByText('colleague@example.com can now view and edit this deck.'),
    ).toBeVisible();

    await shareWith('colleague@example.com');
    expect(await screen.findByText(already)).toBeVisible();
  });

  it('lists each share’s access and lets the rep change it', async () => {
    let current = colleague('view');
    const calls = renderPanel(approvedUser, {
      'GET /api/decks/d1/shares': () => ({ body: { shares: [current] } }),
      'PATCH /api/decks/d1/shares/s1': ({ body }: { body: unknown }) => {
        current = { ...current, access: (body as { access: 'view' | 'edit' }).access };
        return { body: { share: current } };
      },
    });
    const row = await screen.findByRole('radiogroup', { name: 'Access for colleague@example.com' });
    expect(within(row).getByRole('radio', { name: 'Can view' })).toBeChecked();

    await userEvent.click(within(row).getByRole('radio', { name: 'Can edit' }));
    expect(
      await screen.findByText('colleague@example.com can now view and edit this deck.'),
    ).toBeVisible();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ access: 'edit' });
    await waitFor(() =>
      expect(
        within(
          screen.getByRole('radiogroup', { name: 'Access for colleague@example.com' }),
        ).getByRole('radio', { name: 'Can edit' }),
      ).toBeChecked(),
    );
  });
});
