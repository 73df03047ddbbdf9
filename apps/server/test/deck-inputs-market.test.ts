import { describe, expect, it } from 'vitest';
import type { DeckDraftInput } from '@deck-portal/domain';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { useLibraryEditors } from './helpers/library-editors.ts';

// A deck's money inputs are in its market's currency (issue 50): the library's dollar bounds are
// converted at the market list's ratio before a value the rep gave is checked against them.
const { call } = useLibraryEditors({ deckRenderer: createFakeDeckRenderer() });

function roiDraft(market: string, spoilage: number): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: 'ROI',
      clientName: 'Osaka Cold Storage',
      date: '2026-03-05',
      market,
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 11, customPricing: 0 }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: {
      selectedSlides: ['return-on-investment'],
      customSlides: [],
      inputValues: { spoilage },
    },
  };
}

describe('deck inputs in a market’s currency', () => {
  it('accept a yen deck’s amounts within the yen bounds and refuse one above, naming it in yen', async () => {
    // $12,000 a year is ¥1,800,000 at the yen list's 150.
    const usual = await call('rep', 'POST', '/api/generate-slides', roiDraft('JP', 1_800_000));
    expect(usual.statusCode, usual.body).toBe(201);
    // Above the dollar bound ($100,000,000) but within the yen one (the inputs' limit).
    const large = await call('rep', 'POST', '/api/generate-slides', roiDraft('JP', 500_000_000));
    expect(large.statusCode, large.body).toBe(201);
    const above = await call('rep', 'POST', '/api/generate-slides', roiDraft('JP', 1_200_000_000));
    expect(above.statusCode).toBe(400);
    expect(above.json().error.fields).toEqual({
      'templateCustomization.inputValues.spoilage':
        'Spoiled stock a year must be at most ¥1,000,000,000',
    });
  }, 120_000);

  it('keep the dollar bounds for a US deck', async () => {
    const above = await call('rep', 'POST', '/api/generate-slides', roiDraft('US', 500_000_000));
    expect(above.statusCode).toBe(400);
    expect(above.json().error.fields).toEqual({
      'templateCustomization.inputValues.spoilage':
        'Spoiled stock a year must be at most $100,000,000',
    });
  }, 120_000);
});
