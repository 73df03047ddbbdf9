import type { DeckDetails, DeckDraft } from '@deck-portal/domain';
import { approvedUser } from './render-app.tsx';

/** A one-slide draft for Polar Foods with no pricing: what most deck page tests start from. */
export const polarFoodsDraft: DeckDraft = {
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
  productSelection: { selectedProducts: [], includePricing: false, customPricing: {} },
  templateCustomization: { selectedSlides: ['title'], customSlides: [] },
};

/** Deck `d1` of the signed-in test user, as `GET /api/decks/d1` answers it, with `overrides`. */
export function deckDetails(overrides: Partial<DeckDetails> = {}): DeckDetails {
  return {
    id: 'd1',
    owner: { id: approvedUser.id, name: approvedUser.name, email: approvedUser.email },
    status: 'completed',
    createdAt: '2031-03-04T15:00:00.000Z',
    updatedAt: '2031-03-04T15:00:00.000Z',
    slideCount: 12,
    warnings: [],
    generationError: null,
    draft: polarFoodsDraft,
    editUrl: '/deck/d1/edit',
    pptxUrl: '/api/decks/d1/pptx',
    viewUrl: '/deck/d1/view',
    pdfUrl: '/api/decks/d1/download',
    canManage: true,
    access: 'manage',
    currentVersion: 1,
    archivedAt: null,
    libraryVersion: 1,
    newestLibraryVersion: 1,
    productNames: {},
    acceptedAt: null,
    ...overrides,
  };
}
