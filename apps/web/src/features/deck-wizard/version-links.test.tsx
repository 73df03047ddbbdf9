import type { ClientLink, DeckApproval, DeckDraft } from '@deck-portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { startModifyingDeck } from '../../lib/deck-draft-storage.ts';
import { clientLink } from '../../test/client-link-fixture.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

/** A deck being modified: Battery Backup ×2 at `price` (list $5,995; a rep may give 15 % off). */
function modify(price: number) {
  const draft: DeckDraft = {
    basicInfo: {
      deckTitle: 'Q3 proposal',
      headline: '',
      clientName: 'Polar Foods',
      date: '2031-03-10',
      primaryContact: '',
      mode: 'simple',
      locale: 'en-US',
      market: 'US',
      language: 'en',
    },
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: price }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: ['title'], customSlides: [] },
  };
  startModifyingDeck(draft, { deckId: 'd1', version: 2, title: 'Q3 proposal' });
}

function reviewApi(
  links: ClientLink[],
  { user = approvedUser, approval }: { user?: object; approval?: Partial<DeckApproval> } = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: { user } },
    ...(approval
      ? {
          'GET /api/decks/d1/approval': {
            body: {
              state: 'not_needed',
              check: { needsApproval: false, approverRole: null, findings: [], deckFindings: [] },
              request: null,
              approvedSelection: null,
              pendingSelection: null,
              ownerRole: 'sales_rep',
              ...approval,
            },
          },
        }
      : {}),
    'GET /api/template-slides': {
      body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
    },
    'GET /api/template-layouts': { body: { layouts: [] } },
    'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
    'GET /api/decks/d1/client-links': {
      body: {
        links,
        summary: { links: links.length, opens: 0, uniqueRecipients: 0, mostViewedSlide: null },
      },
    },
  });
}

const offered = { enabled: true, optionalProductIds: [] };

beforeEach(() => localStorage.clear());

describe('Modify’s review step, for a deck with client links', () => {
  it('says the following links will show the new version and their clients can accept it', async () => {
    modify(5995);
    reviewApi([
      clientLink({ id: 'l1', acceptance: offered }),
      clientLink({ id: 'l2', recipientName: 'Pia Pinned', pinnedVersion: 1 }),
      clientLink({ id: 'l3', status: 'revoked' }),
    ]);
    renderApp(paths.createDeck.generate);
    const said = await screen.findByRole('group', { name: 'What the client links will show' });
    expect(said).toHaveTextContent(
      '1 client link that follows the newest version will show version 3 as soon as it is generated, and their clients can accept it there.',
    );
    expect(said).toHaveTextContent('1 client link pinned to a version keeps showing that version.');
  });

  it('says that, priced past the limits, the version reaches the links only once approved and clients cannot accept meanwhile', async () => {
    modify(3597);
    reviewApi([clientLink({ id: 'l1', acceptance: offered }), clientLink({ id: 'l2' })]);
    renderApp(paths.createDeck.generate);
    const said = await screen.findByRole('group', { name: 'What the client links will show' });
    expect(said).toHaveTextContent(
      '2 client links that follow the newest version will show version 3 only once its prices are approved. Until then they keep showing the current version, and clients cannot accept the proposal.',
    );
  });

  it('holds a manager modifying a rep’s deck to the rep’s limits, as the server does', async () => {
    // $4,500 is 24.9% off: within a manager's 30%, past the rep's 15%.
    modify(4500);
    reviewApi([clientLink({ id: 'l1', acceptance: offered })], {
      user: { ...approvedUser, role: 'manager' },
      approval: { ownerRole: 'sales_rep' },
    });
    renderApp(paths.createDeck.generate);
    const said = await screen.findByRole('group', { name: 'What the client links will show' });
    await waitFor(() =>
      expect(said).toHaveTextContent(
        '1 client link that follows the newest version will show version 3 only once its prices are approved.',
      ),
    );
  });

  it('says prices the newest approval cleared reach the links at once, as the server clears them', async () => {
    modify(3597);
    reviewApi([clientLink({ id: 'l1', acceptance: offered })], {
      approval: {
        state: 'approved',
        approvedSelection: {
          selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: 3597 }],
          includePricing: true,
          customPricing: {},
        },
      },
    });
    renderApp(paths.createDeck.generate);
    const said = await screen.findByRole('group', { name: 'What the client links will show' });
    await waitFor(() =>
      expect(said).toHaveTextContent(
        '1 client link that follows the newest version will show version 3 as soon as it is generated, and their clients can accept it there.',
      ),
    );
  });

  it('says nothing of links when the deck has none active', async () => {
    modify(5995);
    const calls = reviewApi([clientLink({ status: 'expired' })]);
    renderApp(paths.createDeck.generate);
    expect(await screen.findByText(/Generating makes version 3 of this deck/)).toBeVisible();
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/decks/d1/client-links')).toBe(true),
    );
    // The summary is drawn from the price book, after the links have had time to arrive.
    await screen.findByText('Total you pay, shipping included');
    expect(screen.queryByRole('group', { name: 'What the client links will show' })).toBeNull();
  });
});
