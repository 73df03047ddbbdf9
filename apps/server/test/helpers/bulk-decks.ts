/**
 * The draft stored with decks written straight into the table by the thousand (tests and
 * benchmarks of long histories): a valid one-product deck, as JSON for an `insert … select`.
 */
export const bulkDeckDraftJson = JSON.stringify({
  basicInfo: { deckTitle: 'Bulk', clientName: 'Bulk', date: '2026-01-01', mode: 'simple' },
  productSelection: {
    selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
    includePricing: false,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title'], customSlides: [] },
});
