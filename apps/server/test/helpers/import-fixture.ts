import type { DeckDraft, ImportSlidesRequest } from '@deck-portal/domain';

/**
 * The deck the import tests' PowerPoint is drawn from (by our engine): a title slide reading
 * `{{Client Name}}`, who we are and a thank-you, no products.
 */
export const importFixtureDraft: DeckDraft = {
  basicInfo: {
    deckTitle: 'Import fixture',
    headline: '',
    clientName: '{{Client Name}}',
    date: '2026-03-05',
    primaryContact: '',
    mode: 'simple',
    locale: 'en-US',
    market: 'US',
    language: 'en',
  },
  productSelection: { selectedProducts: [], includePricing: false, customPricing: {} },
  templateCustomization: { selectedSlides: ['title', 'about-us', 'thank-you'], customSlides: [] },
};

/**
 * The slides an editor takes from the fixture: its cover, whose `{{Client Name}}` becomes the
 * deck's client name, and who we are.
 */
export const importFixtureChoice: ImportSlidesRequest = {
  slides: [
    {
      number: 1,
      title: 'Our cover',
      category: 'intro',
      fields: { '{{Client Name}}': 'client.name' },
    },
    { number: 2, title: 'Who we are', category: 'company' },
  ],
};
