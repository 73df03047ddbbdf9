import { deckDraftSchema, type DeckDraft, type DeckDraftInput } from '@deck-portal/domain';
import type { AcceptanceCertificate } from '../src/certificate/acceptance-certificate.ts';

/** The fixed deck of the golden tests: every product, pricing, two custom slides. */
export const GOLDEN_DRAFT_INPUT: DeckDraftInput = {
  basicInfo: {
    // Internal: it must show nowhere in the files.
    deckTitle: 'Harbor renewal, internal notes',
    headline: 'Cold-chain resilience proposal',
    clientName: 'Harbor Fresh Foods',
    date: '2026-03-05',
    primaryContact: 'Dana Reyes, Director of Operations',
    mode: 'advanced',
  },
  productSelection: {
    selectedProducts: [
      { id: 'battery_backup', quantity: 1, customPricing: 5995 },
      { id: 'data_logger', quantity: 100, customPricing: 29.99 },
      { id: 'controller', quantity: 11, customPricing: 199 },
      { id: 'bms', quantity: 1, customPricing: 200 },
    ],
    includePricing: true,
    customPricing: {
      controller: { maintenance: 'Remote firmware updates and 24/7 monitoring included' },
    },
  },
  templateCustomization: {
    selectedSlides: [
      'title',
      'agenda',
      'about-us',
      'market-challenge',
      'product-data-logger',
      'product-battery-bms',
      'product-controller',
      'return-on-investment',
      'next-steps',
      'thank-you',
      'appendix-specifications',
    ],
    customSlides: [
      {
        id: 'custom-1',
        layoutId: 'title-body',
        layoutName: 'Title and body',
        placeholders: [
          { objectId: 'title', label: 'Title', type: 'TITLE' },
          { objectId: 'body', label: 'Body text', type: 'BODY' },
        ],
        placeholderContent: {
          title: 'What we heard from Harbor Fresh',
          body: 'Three distribution centres and 28 stores, with freezer alarms still checked by hand at night.\n\nTwo outages last winter cost $84,000 in discarded stock.\n\nThe goal: one dashboard for every cold space and no product lost to the next storm.',
        },
      },
      {
        id: 'custom-2',
        layoutId: 'big-number',
        layoutName: 'Big number',
        placeholders: [
          { objectId: 'number', label: 'Number', type: 'BIG_NUMBER' },
          { objectId: 'title', label: 'What it means', type: 'TITLE' },
          { objectId: 'body', label: 'Detail', type: 'BODY' },
        ],
        placeholderContent: {
          number: '$84,000',
          title: 'lost to two outages last winter',
          body: 'Battery Backup on the freezer banks of the two most exposed stores would have covered both events, which lasted 5 and 9 hours.',
        },
      },
    ],
  },
};

export function goldenDraft(overrides: (draft: DeckDraftInput) => void = () => {}): DeckDraft {
  const input = structuredClone(GOLDEN_DRAFT_INPUT);
  overrides(input);
  return deckDraftSchema.parse(input);
}

/**
 * A certificate with nothing priced, for the tests that append one to a deck in the render
 * worker (from source and as built): Ada Lovelace accepted "Warm-up" for Northwind.
 */
export const PLAIN_CERTIFICATE: AcceptanceCertificate = {
  deckTitle: 'Warm-up',
  clientName: 'Northwind',
  fullName: 'Ada Lovelace',
  jobTitle: 'Buyer',
  acceptedAt: '2026-11-26T08:43:17.000Z',
  ipAddress: '203.0.113.42',
  userAgent: 'Mozilla/5.0',
  summary: {
    lines: [],
    subtotalCents: 0,
    shippingCents: 0,
    totalCents: 0,
    yearlyCents: 0,
    creditsCents: 0,
    netCents: 0,
  },
  pdfSha256: 'a'.repeat(64),
  termsText: 'I accept.',
  recordSha256: 'b'.repeat(64),
};
