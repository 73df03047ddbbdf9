import type { DeckDraft } from '@deck-portal/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approvedUser, mockApi, renderApp } from '../../../test/render-app.tsx';
import { SlideOverview } from './slide-overview.tsx';

const library = [
  { id: 'title', index: 0, title: 'Title', category: 'intro' },
  { id: 'agenda', index: 1, title: 'Agenda', category: 'intro' },
  { id: 'thank-you', index: 2, title: 'Thank you', category: 'closing' },
  { id: 'about-us', index: 3, title: 'About us', category: 'company' },
  { id: 'specs', index: 4, title: 'Specifications', category: 'appendix' },
].map((slide) => ({ ...slide, description: '' }));

const draft = {
  basicInfo: { deckTitle: 'Cold chain', clientName: 'Northwind', date: '2026-11-23' },
  productSelection: { selectedProducts: [], includePricing: false, customPricing: {} },
  // In the order the rep clicked them.
  templateCustomization: {
    selectedSlides: ['specs', 'thank-you', 'about-us', 'title'],
    customSlides: [],
  },
} as unknown as DeckDraft;

describe('the slide overview', () => {
  it('lists the standard slides in the deck’s order, as the PDF has them', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/template-slides': {
        body: { slides: library, categories: [], pricingSlides: { perProduct: 0, once: 0 } },
      },
    });
    renderApp('/overview', [{ path: '/overview', element: <SlideOverview draft={draft} /> }]);
    const list = screen.getByRole('list', { name: 'Standard slides' });
    await within(list).findByText('About us');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Title', '2About us', '3Thank you', '4Specifications']);
  });
});
