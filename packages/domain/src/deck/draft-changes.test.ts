import { describe, expect, it } from 'vitest';
import type { DeckDraft } from './deck-draft.ts';
import { describeDraftChanges } from './draft-changes.ts';

const draft: DeckDraft = {
  basicInfo: {
    deckTitle: 'Q3 cold chain',
    headline: '',
    clientName: 'Northwind',
    date: '2026-11-01',
    primaryContact: 'Ana Silva',
    mode: 'simple',
    locale: 'en-US',
    market: 'US',
    language: 'en',
  },
  productSelection: {
    selectedProducts: [
      { id: 'battery_backup', quantity: 5, customPricing: 1000 },
      { id: 'controller', quantity: 2, customPricing: 199 },
    ],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: {
    selectedSlides: ['title', 'agenda'],
    customSlides: [
      {
        id: 'c1',
        layoutId: 'title-body',
        layoutName: 'Title and body',
        placeholderContent: { title: 'Why now' },
        placeholders: [],
        keptPlaceholders: [],
      },
    ],
  },
};

const edit = (change: (copy: DeckDraft) => void) => {
  const copy = structuredClone(draft);
  change(copy);
  return copy;
};

describe('describeDraftChanges', () => {
  it('says nothing when the drafts make the same deck', () => {
    expect(describeDraftChanges(draft, structuredClone(draft))).toEqual([]);
  });

  it('names every change to the title, client, prices and quantities', () => {
    const after = edit((d) => {
      d.basicInfo.deckTitle = 'Q4 cold chain';
      d.productSelection.selectedProducts[0]!.customPricing = 899.5;
      d.productSelection.selectedProducts[1]!.quantity = 3;
      d.productSelection.selectedProducts.push({ id: 'bms', quantity: 1, customPricing: 50 });
    });
    const productName = (id: string) => (id === 'battery_backup' ? 'Battery Backup' : id);
    expect(describeDraftChanges(draft, after, undefined, productName)).toEqual([
      'Title “Q3 cold chain” → “Q4 cold chain”',
      'Battery Backup: unit price $1,000.00 → $899.50',
      expect.stringMatching(/: quantity 2 → 3$/),
      expect.stringMatching(/^Added .+ \(1 × \$50\.00\)$/),
    ]);
  });

  it('names slides by the namer it is given, and counts custom slide edits', () => {
    const after = edit((d) => {
      d.templateCustomization.selectedSlides = ['title', 'contact'];
      d.templateCustomization.customSlides[0]!.placeholderContent = { title: 'Why today' };
      d.productSelection.includePricing = false;
      d.productSelection.selectedProducts.pop();
    });
    const names: Record<string, string> = { agenda: 'Agenda', contact: 'Contact us' };
    expect(describeDraftChanges(draft, after, (id) => names[id] ?? id)).toEqual([
      expect.stringMatching(/^Removed /),
      'Pricing slides left out',
      'Slides added: Contact us',
      'Slides removed: Agenda',
      '1 custom slide edited',
    ]);
  });

  it('tells a new client from a new headline', () => {
    const newClient = edit((d) => (d.basicInfo.clientName = 'Contoso'));
    expect(describeDraftChanges(draft, newClient)).toEqual(['Client “Northwind” → “Contoso”']);
    const newHeadline = edit((d) => (d.basicInfo.headline = 'Keeping vaccines cold'));
    expect(describeDraftChanges(draft, newHeadline)).toEqual([
      'Headline “Proposal for Northwind” → “Keeping vaccines cold”',
    ]);
  });

  it('names a new locale for dates and figures', () => {
    const german = edit((d) => (d.basicInfo.locale = 'de-DE'));
    expect(describeDraftChanges(draft, german)).toEqual([
      'Dates and figures English (United States) → German (Germany)',
    ]);
  });
});
