import type { ProposalResponse } from '@deck-portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { approvedUser, mockApi, renderApp } from '../../../test/render-app.tsx';
import { deckDetails } from '../../../test/deck-details-fixture.ts';

const deck = deckDetails({ status: 'shared' });

const summary = {
  lines: [],
  subtotalCents: 1_199_000,
  shippingCents: 50_000,
  totalCents: 1_249_000,
  yearlyCents: 15_000,
  creditsCents: 374_700,
  netCents: 874_300,
};

const acceptedResponse: ProposalResponse = {
  id: 'r2',
  kind: 'accepted',
  linkId: 'l1',
  version: 1,
  fullName: 'Casey Client',
  jobTitle: 'CFO',
  reason: null,
  summary,
  pdfSha256: 'b'.repeat(64),
  createdAt: '2031-03-06T10:00:00.000Z',
  certificateUrl: '/api/decks/d1/proposal-responses/r2/certificate.pdf',
};

const declinedResponse: ProposalResponse = {
  ...acceptedResponse,
  id: 'r1',
  kind: 'declined',
  fullName: null,
  jobTitle: null,
  reason: 'Budget frozen until March.',
  summary: null,
  pdfSha256: null,
  createdAt: '2031-03-05T10:00:00.000Z',
  certificateUrl: null,
};

function pageApi(details: typeof deck, responses: ProposalResponse[]) {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1': { body: details },
    'GET /api/decks/d1/proposal-responses': { body: { responses } },
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
    'POST /api/decks/d1/duplicate': {
      status: 201,
      body: {
        presentationId: 'd2',
        editUrl: '/deck/d2/edit',
        pptxUrl: '/api/decks/d2/pptx',
        viewUrl: '/deck/d2/view',
        pdfUrl: '/api/decks/d2/download',
        version: 1,
        warnings: [],
      },
    },
  });
}

describe("the deck page's client answer", () => {
  it('shows an acceptance: who, when, the total and the certificate; the deck is Accepted and Modify becomes Duplicate to edit', async () => {
    const calls = pageApi({ ...deck, acceptedAt: acceptedResponse.createdAt }, [
      declinedResponse,
      acceptedResponse,
    ]);
    renderApp('/deck/d1/preview');
    const panel = await screen.findByRole('region', { name: /Client's answer/ });
    expect(within(panel).getByText('Accepted', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(within(panel).getByText(/Accepted by Casey Client, CFO, on/)).toBeVisible();
    expect(
      within(panel).getByText(
        'Total the client pays $12,490.00 · yearly fees $150.00 a year · after the estimated tax credit $8,743.00',
      ),
    ).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Certificate (PDF)' })).toHaveAttribute(
      'href',
      '/api/decks/d1/proposal-responses/r2/certificate.pdf',
    );
    // The deck's own badge says Accepted too, beside the panel's.
    expect(screen.getAllByText('Accepted', { selector: '.mantine-Badge-label' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Modify' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate to edit' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/decks/d1/duplicate',
      body: { version: 1 },
    });
  });

  it('shows a decline with its reason, and Modify stays', async () => {
    pageApi(deck, [declinedResponse]);
    renderApp('/deck/d1/preview');
    const panel = await screen.findByRole('region', { name: /Client's answer/ });
    expect(within(panel).getByText('Their reason: Budget frozen until March.')).toBeVisible();
    expect(within(panel).queryByRole('link', { name: 'Certificate (PDF)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Modify' })).toBeVisible();
  });

  it('is not shown before the client answered', async () => {
    pageApi(deck, []);
    renderApp('/deck/d1/preview');
    expect(await screen.findByRole('button', { name: 'Modify' })).toBeVisible();
    expect(screen.queryByRole('region', { name: /Client's answer/ })).toBeNull();
  });
});
