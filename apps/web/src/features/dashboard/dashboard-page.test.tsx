import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DECK_DRAFT_STORAGE_KEY } from '../../lib/deck-draft-storage.ts';
import { adminUser, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const noDecks = { body: { recentDecks: [], page: 1, pageSize: 10, total: 0 } };

describe('the dashboard header', () => {
  it('welcomes the user by name without an Admin Panel button for a sales rep', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
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
      'GET /api/recent-decks': noDecks,
      'GET /api/config': {
        body: { tutorialUrl: 'https://videos.example.com/tour', isGoogleSignInEnabled: false },
      },
    });
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Watch tutorial' });
    await waitFor(() => expect(link).toHaveAttribute('href', 'https://videos.example.com/tour'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

const completedDeck = {
  id: 'd1',
  title: 'Winter proposal',
  clientName: 'Polar Foods',
  productNames: ['Battery Backup', 'Controller'],
  createdAt: '2031-03-04T15:00:00.000Z',
  status: 'completed',
  editUrl: '/api/decks/d1/pptx',
  pdfUrl: '/api/decks/d1/download',
  viewUrl: '/deck/d1/view',
  isDraft: false,
  ownerName: 'Robin Rep',
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
    const edit = screen.getAllByRole('link', { name: 'Edit' })[0]!;
    expect(edit).toHaveAttribute('href', '/api/decks/d1/pptx');
    expect(edit).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('link', { name: 'PDF' })[0]).toHaveAttribute(
      'href',
      '/api/decks/d1/download',
    );
  });

  it('tells the rep when a deck has no link to open', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/recent-decks': {
        body: {
          recentDecks: [{ ...completedDeck, editUrl: null }],
          page: 1,
          pageSize: 10,
          total: 1,
        },
      },
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
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
      'GET /api/recent-decks': noDecks,
      'GET /api/template-slides': { body: { slides: [], categories: [] } },
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('Get Started clears the draft and opens step 1', async () => {
    saveDraft({ basicInfo: draftBasicInfo });
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
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
});
