import { describe, expect, it } from 'vitest';
import {
  DECK_DRAFT_STORAGE_KEY,
  clearDeckDraft,
  completeDraft,
  hasDraftToResume,
  loadDeckDraft,
  pricesMarketOf,
  resumePath,
  resumeStep,
  saveDeckDraft,
  startModifyingDeck,
} from './deck-draft-storage.ts';

const basicInfo = {
  deckTitle: 'Q3 proposal',
  headline: '',
  clientName: 'Acme Foods',
  date: '2031-06-15',
  primaryContact: '',
  mode: 'simple' as const,
  locale: 'en-US' as const,
  market: 'US',
  language: 'en' as const,
};
const productSelection = {
  selectedProducts: [{ id: 'controller' as const, quantity: 2, customPricing: 199 }],
  includePricing: true,
  customPricing: {},
};
const templateCustomization = { selectedSlides: ['title'], customSlides: [] };

describe('the deck draft in browser storage', () => {
  it('is empty when nothing is saved, and under deckCreationData once saved', () => {
    expect(loadDeckDraft()).toEqual({});
    saveDeckDraft({ basicInfo });
    expect(JSON.parse(localStorage.getItem(DECK_DRAFT_STORAGE_KEY)!)).toEqual({ basicInfo });
    expect(loadDeckDraft()).toEqual({ basicInfo });
  });

  it('merges each step on top of the earlier ones and clears to nothing', () => {
    saveDeckDraft({ basicInfo });
    saveDeckDraft({ productSelection });
    expect(loadDeckDraft()).toEqual({ basicInfo, productSelection });
    saveDeckDraft({ basicInfo: { ...basicInfo, mode: 'advanced' } });
    expect(loadDeckDraft().basicInfo?.mode).toBe('advanced');
    expect(loadDeckDraft().productSelection).toEqual(productSelection);
    clearDeckDraft();
    expect(localStorage.getItem(DECK_DRAFT_STORAGE_KEY)).toBeNull();
    expect(loadDeckDraft()).toEqual({});
  });

  it('drops a part that no longer parses and survives garbage', () => {
    localStorage.setItem(
      DECK_DRAFT_STORAGE_KEY,
      // Not a product id at all (an id the price book lacks is the product step's to show).
      JSON.stringify({
        basicInfo,
        productSelection: { selectedProducts: [{ id: 'Toaster 3000' }] },
      }),
    );
    expect(loadDeckDraft()).toEqual({ basicInfo });
    localStorage.setItem(DECK_DRAFT_STORAGE_KEY, '{not json');
    expect(loadDeckDraft()).toEqual({});
    localStorage.setItem(DECK_DRAFT_STORAGE_KEY, '42');
    expect(loadDeckDraft()).toEqual({});
  });

  it('shows in Recent Decks only with basic info', () => {
    expect(hasDraftToResume({})).toBe(false);
    expect(hasDraftToResume({ productSelection })).toBe(false);
    expect(hasDraftToResume({ basicInfo })).toBe(true);
  });
});

describe("Continue on a draft (SPEC.md section 4's step logic)", () => {
  it('goes to product-selection when no products are selected', () => {
    expect(resumeStep({ basicInfo })).toBe('product-selection');
    expect(
      resumeStep({ basicInfo, productSelection: { ...productSelection, selectedProducts: [] } }),
    ).toBe('product-selection');
    expect(resumePath({ basicInfo })).toBe('/create-deck/product-selection');
  });

  it('goes to customize when products are selected', () => {
    expect(resumeStep({ basicInfo, productSelection })).toBe('customize');
    expect(resumePath({ basicInfo, productSelection })).toBe('/create-deck/customize');
  });

  it('goes to generate when a customization exists', () => {
    expect(resumeStep({ basicInfo, productSelection, templateCustomization })).toBe('generate');
    expect(resumePath({ basicInfo, templateCustomization })).toBe('/create-deck/generate');
  });

  it('offers the whole draft for generation only when every step is saved', () => {
    expect(completeDraft({ basicInfo, productSelection })).toBeNull();
    expect(completeDraft({ basicInfo, productSelection, templateCustomization })).toEqual({
      basicInfo,
      productSelection,
      templateCustomization,
    });
  });
});

describe('the market a draft’s prices are in', () => {
  it('is the draft’s own until a step says otherwise, and survives the later steps', () => {
    saveDeckDraft({ basicInfo: { ...basicInfo, market: 'JP' }, productSelection });
    expect(pricesMarketOf(loadDeckDraft())).toBe('JP');
    // Step 1 moved the deck to Germany; the prices were entered in yen until step 2 resets them.
    saveDeckDraft({ basicInfo: { ...basicInfo, market: 'DE' }, pricedFor: 'JP' });
    saveDeckDraft({ templateCustomization });
    expect(pricesMarketOf(loadDeckDraft())).toBe('JP');
    localStorage.setItem(
      DECK_DRAFT_STORAGE_KEY,
      JSON.stringify({ ...loadDeckDraft(), pricedFor: 'not a market' }),
    );
    expect(pricesMarketOf(loadDeckDraft())).toBe('DE');
  });

  it('is the deck’s market when Modify loads a deck', () => {
    const draft = {
      basicInfo: { ...basicInfo, market: 'AE', language: 'ar' as const },
      productSelection,
      templateCustomization,
    };
    startModifyingDeck(draft, { deckId: 'd1', version: 2, title: 'Q3 proposal' });
    expect(loadDeckDraft().pricedFor).toBe('AE');
  });
});
