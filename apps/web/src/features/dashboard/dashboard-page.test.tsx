import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DECK_DRAFT_STORAGE_KEY } from '../../lib/deck-draft-storage.ts';
import {
  adminUser,
  apiError,
  approvedUser,
  mockApi,
  portalConfig,
  renderApp,
} from '../../test/render-app.tsx';

const noDecks = { body: { recentDecks: [], page: 1, pageSize: 10, total: 0 } };
const noNotifications = { body: { notifications: [], unreadCount: 0 } };

describe('the dashboard header', () => {
  it('welcomes the user by name without an Admin Panel button for a sales rep', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Robin Rep' })).toBeVisible();
    expect(screen.getByText(/Sales Representative/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
  });

  it('gives an admin the Admin Panel button to /admin', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/decks': noDecks,
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Admin Panel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('signs out and returns to /auth', async () => {
    let signedIn = true;
    const calls = mockApi({
      'GET /api/auth/session': () => ({ body: { user: signedIn ? approvedUser : null } }),
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
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

describe('the tutorial card', () => {
  it('opens the configured video in a new tab', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/config': { body: portalConfig({ tutorialUrl: 'https://videos.example.com/tour' }) },
    });
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Watch tutorial' });
    await waitFor(() => expect(link).toHaveAttribute('href', 'https://videos.example.com/tour'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens the portal’s own guide when no video is configured', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/config': { body: portalConfig() },
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Read the guide' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How Deck Portal works' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: '2. Change it later' })).toHaveTextContent(
      'next version of the same deck',
    );
  });
});

const completedDeck = {
  id: 'd1',
  title: 'Winter proposal',
  clientName: 'Polar Foods',
  productNames: ['Battery Backup', 'Controller'],
  createdAt: '2031-03-04T15:00:00.000Z',
  status: 'completed',
  editUrl: '/deck/d1/edit',
  pptxUrl: '/api/decks/d1/pptx',
  pdfUrl: '/api/decks/d1/download',
  viewUrl: '/deck/d1/view',
  isDraft: false,
  ownerName: 'Robin Rep',
  lastViewedAt: null,
  currentVersion: 1,
};

function saveDraft(draft: object) {
  localStorage.setItem(DECK_DRAFT_STORAGE_KEY, JSON.stringify(draft));
}

const draftBasicInfo = {
  deckTitle: 'Spring pitch',
  clientName: 'Glacier Logistics',
  date: '2031-05-02',
  primaryContact: '',
  mode: 'simple',
};

describe('the dashboard decks', () => {
  it('says No recent decks found when there is neither a draft nor a deck', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
    });
    renderApp('/dashboard');
    expect(await screen.findByText('No recent decks found')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'All decks' })).toBeNull();
  });

  it('lists the local draft first, then completed decks with date, products and links', async () => {
    saveDraft({ basicInfo: draftBasicInfo });
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': {
        body: {
          recentDecks: [completedDeck, { ...completedDeck, id: 'd2', productNames: [] }],
          page: 1,
          pageSize: 10,
          total: 2,
        },
      },
    });
    renderApp('/dashboard');
    const items = await screen.findAllByRole('listitem');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    const [draft, deck, bare] = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(draft).toHaveAccessibleName('Glacier Logistics: Spring pitch');
    expect(draft).toHaveTextContent('Draft');
    expect(draft).toHaveTextContent('May 2, 2031');
    expect(draft).toHaveTextContent('None');
    expect(deck).toHaveTextContent('Completed');
    expect(deck).toHaveTextContent('Mar 4, 2031');
    expect(deck).toHaveTextContent('Battery Backup, Controller');
    expect(bare).toHaveTextContent('None');
    const edit = screen.getAllByRole('link', { name: 'PowerPoint' })[0]!;
    expect(edit).toHaveAttribute('href', '/api/decks/d1/pptx');
    expect(edit).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('link', { name: 'PDF' })[0]).toHaveAttribute(
      'href',
      '/api/decks/d1/download',
    );
  });

  it('shows a deck still generating after the wizard was left, then ready without a reload', async () => {
    let asked = 0;
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      // The tab that started it was closed: the list is the only place the deck is followed.
      'GET /api/recent-decks': () => {
        asked += 1;
        const deck =
          asked === 1
            ? {
                ...completedDeck,
                status: 'generating',
                editUrl: null,
                pptxUrl: null,
                pdfUrl: null,
                viewUrl: null,
              }
            : completedDeck;
        return { body: { recentDecks: [deck], page: 1, pageSize: 10, total: 1 } };
      },
    });
    renderApp('/dashboard');
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Generating');
    expect(within(item).getByRole('link', { name: 'Follow progress' })).toHaveAttribute(
      'href',
      '/deck/d1/preview',
    );
    expect(within(item).queryByRole('link', { name: 'PDF' })).toBeNull();
    // Asked again every two seconds while a deck is generating: ready, with its files.
    expect(
      await within(item).findByRole('link', { name: 'PDF' }, { timeout: 4_000 }),
    ).toHaveAttribute('href', '/api/decks/d1/download');
    expect(item).toHaveTextContent('Completed');
    expect(asked).toBe(2);
  });

  it('tells the rep when a deck has no link to open', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': {
        body: {
          recentDecks: [{ ...completedDeck, pptxUrl: null }],
          page: 1,
          pageSize: 10,
          total: 1,
        },
      },
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'PowerPoint' }));
    expect(
      await screen.findByText('This deck cannot be opened. The link may have expired.'),
    ).toBeVisible();
  });

  it.each([
    [{ basicInfo: draftBasicInfo }, '/create-deck/product-selection'],
    [
      {
        basicInfo: draftBasicInfo,
        productSelection: {
          selectedProducts: [{ id: 'bms', quantity: 1, customPricing: 200 }],
          includePricing: false,
        },
      },
      '/create-deck/customize',
    ],
    [
      {
        basicInfo: draftBasicInfo,
        productSelection: {
          selectedProducts: [{ id: 'bms', quantity: 1, customPricing: 200 }],
          includePricing: false,
        },
        templateCustomization: { selectedSlides: ['title'] },
      },
      '/create-deck/generate',
    ],
  ])('Continue on a draft resumes at the right step (%#)', async (draft, path) => {
    saveDraft(draft);
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/template-slides': {
        body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
      },
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('Get Started clears the draft and opens step 1', async () => {
    saveDraft({ basicInfo: draftBasicInfo });
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-deck/basic-info'));
    expect(localStorage.getItem(DECK_DRAFT_STORAGE_KEY)).toBeNull();
    expect(await screen.findByLabelText(/Deck Title/)).toHaveValue('');
  });

  it('gives managers the All decks view', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: { ...approvedUser, role: 'manager' } } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/decks': ({ url }) => {
        expect(url.searchParams.get('scope')).toBe('all');
        return {
          body: {
            recentDecks: [{ ...completedDeck, ownerName: 'Sam Seller' }],
            page: 1,
            pageSize: 10,
            total: 1,
          },
        };
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'All decks' })).toBeVisible();
    expect(await screen.findByText(/Sam Seller/)).toBeVisible();
  });

  it('pages the All decks list by position, Older and back Newer, with a capped total', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: { ...approvedUser, role: 'manager' } } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/decks': ({ url }) => {
        const after = url.searchParams.get('after');
        return {
          body: {
            recentDecks: [
              {
                ...completedDeck,
                id: after ? 'old' : 'new',
                ownerName: after ? 'Olga Older' : 'Nia Newer',
              },
            ],
            page: 1,
            pageSize: 10,
            total: 1_000,
            totalIsCapped: true,
            nextCursor: after ? null : 'cursor-1',
          },
        };
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/Nia Newer/)).toBeVisible();
    expect(screen.getByText(/1,000\+ in total/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText(/Olga Older/)).toBeVisible();
    expect(screen.getByText(/Page 2/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(calls.at(-1)?.path).toBe('/api/decks');
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText(/Nia Newer/)).toBeVisible();
  });
  it("says a search's capped count as found, with a hint to narrow it", async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: { ...approvedUser, role: 'manager' } } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': noDecks,
      'GET /api/decks': ({ url }) => {
        const client = url.searchParams.get('client');
        return {
          body: {
            recentDecks: [{ ...completedDeck, ownerName: client ? 'Sam Searched' : 'Nia Newer' }],
            page: 1,
            pageSize: 10,
            total: client === 'Client 98' ? 12 : client ? 100 : 1_000,
            totalIsCapped: client !== 'Client 98',
          },
        };
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/1,000\+ in total/)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter by client' }), 'Cold');
    expect(
      await screen.findByText(/100\+ found: type more of the name to narrow them/),
    ).toBeVisible();
    expect(screen.queryByText(/in total/)).toBeNull();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Filter by client' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter by client' }), 'Client 98');
    expect(await screen.findByText(/· 12 found$/)).toBeVisible();
  });
});

describe('client activity on the dashboard', () => {
  it('badges a deck a client has opened with the last open time', async () => {
    const viewedAt = '2031-11-23T14:15:00.000Z';
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/notifications': noNotifications,
      'GET /api/recent-decks': {
        body: {
          recentDecks: [
            { ...completedDeck, lastViewedAt: viewedAt },
            { ...completedDeck, id: 'd2', title: 'Unopened pitch' },
          ],
          page: 1,
          pageSize: 10,
          total: 2,
        },
      },
    });
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const [viewed, unopened] = screen.getAllByRole('listitem');
    expect(
      within(viewed!).getByText(`Viewed ${dayjs(viewedAt).format('MMM D, h:mm A')}`),
    ).toBeVisible();
    expect(unopened).not.toHaveTextContent('Viewed');
  });

  const notifications = [
    {
      id: 'n2',
      message: 'Jane Client opened your deck “Q3 proposal”',
      read: false,
      createdAt: '2031-11-23T14:15:00.000Z',
      link: '/deck/d1/links/l1',
    },
    {
      id: 'n1',
      message: 'Sam Buyer opened your deck “Winter proposal”',
      read: true,
      createdAt: '2031-11-20T09:00:00.000Z',
      link: '/deck/d2/links/l2',
    },
  ];

  // happy-dom lays nothing out, so Mantine takes the bell for scrolled away and hides its
  // popover: what is inside is found among hidden elements.
  const inPopover = { hidden: true } as const;

  it('lists the notifications in the bell; opening an unread one marks it read and goes to it', async () => {
    let unread = true;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/recent-decks': noDecks,
      'GET /api/notifications': () => ({
        body: {
          notifications: [{ ...notifications[0]!, read: !unread }, notifications[1]],
          unreadCount: unread ? 1 : 0,
        },
      }),
      'POST /api/notifications/n2/read': () => {
        unread = false;
        return { body: { success: true } };
      },
      'GET /api/decks/d1/client-links/l1/analytics': apiError(404, 'not_found', 'Not found'),
    });
    const { router, queryClient } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    const list = await screen.findByRole('list', { name: 'Notifications', ...inPopover });
    const [first, second] = within(list).getAllByRole('button', inPopover);
    expect(first).toHaveTextContent('Unread: Jane Client opened your deck “Q3 proposal”');
    expect(first).toHaveTextContent(
      dayjs(notifications[0]!.createdAt).format('MMM D, YYYY [at] h:mm A'),
    );
    expect(second).toHaveTextContent('Sam Buyer opened your deck “Winter proposal”');
    expect(second).not.toHaveTextContent('Unread');

    await userEvent.click(first!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/deck/d1/links/l1'));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/notifications/n2/read')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications'])).toMatchObject({ unreadCount: 0 }),
    );
  });

  it('goes to a read notification without marking it again', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/recent-decks': noDecks,
      'GET /api/notifications': { body: { notifications: [notifications[1]], unreadCount: 0 } },
      'GET /api/decks/d2/client-links/l2/analytics': apiError(404, 'not_found', 'Not found'),
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(
      await screen.findByRole('button', { name: /Sam Buyer opened/, ...inPopover }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/deck/d2/links/l2'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when there are no notifications', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/recent-decks': noDecks,
      'GET /api/notifications': noNotifications,
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });
});
