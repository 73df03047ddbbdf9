import { approvalMessages, type DeckApproval } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { approvalRequest, fortyPercentOff } from '../../test/approval-fixture.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';
import { NEEDS_APPROVAL_TEXT } from './deck-approval-panel.tsx';
import { deckDetails, polarFoodsDraft } from '../../test/deck-details-fixture.ts';

const deck = deckDetails({
  draft: {
    ...polarFoodsDraft,
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity: 1, customPricing: 3597 }],
      includePricing: true,
      customPricing: {},
    },
  },
  productNames: { battery_backup: 'Battery Backup' },
});

const needsApproval: DeckApproval = {
  state: 'needs_approval',
  check: fortyPercentOff,
  request: null,
};

function deckApi(
  approval: DeckApproval | (() => DeckApproval),
  overrides: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1': { body: deck },
    'GET /api/decks/d1/shares': { body: { shares: [] } },
    'GET /api/decks/d1/versions': { body: { versions: [] } },
    'GET /api/template-slides': {
      body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
    },
    'GET /api/decks/d1/client-links': {
      body: {
        links: [],
        summary: { links: 0, opens: 0, uniqueRecipients: 0, mostViewedSlide: null },
      },
    },
    'GET /api/decks/d1/approval': () => ({
      body: typeof approval === 'function' ? approval() : approval,
    }),
    ...overrides,
  });
}

const panel = () => screen.findByRole('region', { name: 'Deal desk' });

describe('the deck page’s approval panel', () => {
  it('says why a deck needs approval, with its prices against list and limits', async () => {
    deckApi(needsApproval);
    renderApp('/deck/d1/preview');
    const region = await panel();
    expect(within(region).getByText(NEEDS_APPROVAL_TEXT)).toBeVisible();
    const table = within(region).getByRole('table', { name: 'Prices past the limits' });
    const row = within(table).getByRole('row', { name: /Battery Backup/ });
    expect(within(row).getByText('$3,597.00')).toBeVisible();
    expect(within(row).getByText('$5,995.00')).toBeVisible();
    expect(within(row).getByText('40%')).toBeVisible();
    expect(within(row).getByText('15%')).toBeVisible();
    expect(within(row).getByText('$4,000.00')).toBeVisible();
    expect(
      within(region).getByText('The whole quote is 40% below list: past the deck limit of 20%.'),
    ).toBeVisible();
    // The client links panel says so beside its button too.
    expect(
      screen.getByText(
        'Client links are refused until this deck’s prices are approved: request approval first.',
      ),
    ).toBeVisible();
  });

  it('sends a request with the note to the approver, then shows it waiting', async () => {
    let approval = needsApproval;
    const calls = deckApi(() => approval, {
      'POST /api/decks/d1/approval-requests': ({ body }) => {
        const note = (body as { note: string }).note;
        approval = { ...needsApproval, state: 'pending', request: approvalRequest({ note }) };
        return { status: 201, body: approval.request };
      },
    });
    renderApp('/deck/d1/preview');
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Request approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request approval' });
    await userEvent.type(
      within(dialog).getByLabelText('Note to the approver'),
      'A three-year deal; they asked for this price.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      note: 'A three-year deal; they asked for this price.',
    });
    const waiting = await panel();
    expect(
      within(waiting).getByText(/^Waiting for approval by a sales manager since Mar 5, 2031/),
    ).toBeVisible();
    expect(
      within(waiting).getByText(
        'Note to the approver: “A three-year deal; they asked for this price.”',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request approval' })).toBeNull();
  });

  it('says in the client-link dialog that approval is pending, and who it waits for', async () => {
    deckApi({
      ...needsApproval,
      state: 'pending',
      request: approvalRequest({ approverRole: 'admin' }),
    });
    renderApp('/deck/d1/preview');
    await userEvent.click(await screen.findByRole('button', { name: 'Create client link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client link' });
    expect(
      await within(dialog).findByText(approvalMessages.linkPending('an administrator')),
    ).toBeVisible();
    expect(within(dialog).queryByText(/Request approval first/)).toBeNull();
  });

  it('shows the server’s reason when a request is refused', async () => {
    deckApi(needsApproval, {
      'POST /api/decks/d1/approval-requests': apiError(
        409,
        'conflict',
        'An approval request for this deck is already waiting for an approver.',
      ),
    });
    renderApp('/deck/d1/preview');
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Request approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request approval' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText(
        'An approval request for this deck is already waiting for an approver.',
      ),
    ).toBeVisible();
  });

  it('asks for the deck again once a waiting request is decided (an approval makes a new version)', async () => {
    let approval: DeckApproval = {
      ...needsApproval,
      state: 'pending',
      request: approvalRequest(),
    };
    const calls = deckApi(() => approval);
    const { queryClient } = renderApp('/deck/d1/preview');
    expect(await within(await panel()).findByText(/^Waiting for approval by/)).toBeVisible();
    const deckLoads = () => calls.filter((call) => call.path === '/api/decks/d1').length;
    const loadsBefore = deckLoads();
    approval = {
      ...approval,
      state: 'approved',
      request: approvalRequest({ state: 'approved', decidedBy: 'Mia Manager', comment: 'Fine.' }),
    };
    // As the poll (or coming back to the tab) would.
    await queryClient.invalidateQueries({ queryKey: ['deal-desk'] });
    expect(await screen.findByText(/^Approved by Mia Manager/)).toBeVisible();
    await waitFor(() => expect(deckLoads()).toBeGreaterThan(loadsBefore));
  });

  it('shows who approved it, when, and their comment', async () => {
    deckApi({
      state: 'approved',
      check: fortyPercentOff,
      request: approvalRequest({
        state: 'approved',
        decidedBy: 'Mia Manager',
        decidedAt: '2031-03-06T09:00:00.000Z',
        comment: 'Fine for this volume.',
      }),
    });
    renderApp('/deck/d1/preview');
    const approved = await panel();
    expect(
      within(approved).getByText(
        'Approved by Mia Manager on Mar 6, 2031 — “Fine for this volume.”',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Client links are refused/)).toBeNull();
  });

  it('shows a rejection with its reason, and lets the rep ask again', async () => {
    deckApi({
      ...needsApproval,
      request: approvalRequest({
        state: 'rejected',
        decidedBy: 'Mia Manager',
        decidedAt: '2031-03-06T09:00:00.000Z',
        comment: 'Too deep: 25% at most.',
      }),
    });
    renderApp('/deck/d1/preview');
    const region = await panel();
    expect(
      within(region).getByText('Rejected by Mia Manager: Too deep: 25% at most.'),
    ).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Request approval' })).toBeVisible();
  });

  it('shows nothing when no approval is needed', async () => {
    const calls = deckApi({
      state: 'not_needed',
      check: {
        ...fortyPercentOff,
        needsApproval: false,
        approverRole: null,
        findings: [],
        deckFindings: [],
      },
      request: null,
    });
    renderApp('/deck/d1/preview');
    expect(await screen.findByRole('heading', { name: 'Q3 proposal' })).toBeVisible();
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/decks/d1/approval')).toBe(true),
    );
    expect(await screen.findByRole('heading', { name: 'Client links' })).toBeVisible();
    expect(screen.queryByText(/Needs approval/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request approval' })).toBeNull();
  });

  it('offers no request to someone who cannot manage the deck', async () => {
    deckApi(needsApproval, { 'GET /api/decks/d1': { body: { ...deck, canManage: false } } });
    renderApp('/deck/d1/preview');
    const region = await panel();
    expect(within(region).getByText(NEEDS_APPROVAL_TEXT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request approval' })).toBeNull();
  });

  it('shows why a client link is refused when the server asks for approval first', async () => {
    deckApi(needsApproval, {
      'POST /api/decks/d1/client-links': apiError(
        409,
        'approval_required',
        approvalMessages.linkRefused,
      ),
    });
    renderApp('/deck/d1/preview');
    await userEvent.click(await screen.findByRole('button', { name: 'Create client link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client link' });
    await userEvent.type(within(dialog).getByLabelText(/Recipient name/), 'Jane Client');
    await userEvent.type(within(dialog).getByLabelText(/Recipient e-mail/), 'jane@client.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText(approvalMessages.linkRefused)).toBeVisible();
    expect(within(dialog).getByText('The link was not created')).toBeVisible();
  });
});
