import { describe, expect, it } from 'vitest';
import { deckDraftSchema, type TemplateSlideDocument } from '@deck-portal/domain';
import { buildDeck } from './build-deck.ts';
import { createTemplateLibrary } from './library/template-library.ts';
import { documentProducts, slideProductShares } from './slide-products.ts';

const library = createTemplateLibrary();

function draft(selectedSlides: string[], includePricing = true) {
  return deckDraftSchema.parse({
    basicInfo: {
      deckTitle: 'Spring proposal',
      clientName: 'Acme Cold Storage',
      date: '2026-04-09',
      primaryContact: 'Sam Lee',
    },
    productSelection: {
      selectedProducts: [
        { id: 'controller', quantity: 11, customPricing: 199 },
        { id: 'battery_backup', quantity: 1, customPricing: 5995 },
      ],
      includePricing,
      customPricing: {},
    },
    templateCustomization: {
      selectedSlides,
      customSlides: [
        {
          id: 'my-1',
          layoutId: 'title-body',
          layoutName: 'Title and body',
          placeholders: [],
          placeholderContent: { title: 'Your sites', body: 'Twelve stores' },
        },
      ],
    },
  });
}

describe('which products each slide of a deck is about', () => {
  it('gives pricing slides their product, the quote summary its lines, template slides their products', () => {
    const deck = buildDeck(
      draft(['title', 'product-battery-bms', 'case-study', 'appendix-warranty']),
      library,
    );
    const byId = Object.fromEntries(
      deck.slides.map((slide, i) => [slide.id, deck.slideProducts?.[i]]),
    );
    expect(deck.slideProducts).toHaveLength(deck.slides.length);
    expect(byId).toEqual({
      title: [],
      // Offered for the battery and its BMS: this deck sells the battery only.
      'product-battery-bms': [{ productId: 'battery_backup', share: 1 }],
      // Tagged with the battery and the BMS in the library.
      'case-study': [{ productId: 'battery_backup', share: 1 }],
      'pricing-controller': [{ productId: 'controller', share: 1 }],
      'pricing-battery_backup': [{ productId: 'battery_backup', share: 1 }],
      'quote-summary': [
        { productId: 'controller', share: 0.5 },
        { productId: 'battery_backup', share: 0.5 },
      ],
      'my-1': [],
      // It names every product's warranty: the deck's two products share it.
      'appendix-warranty': [
        { productId: 'battery_backup', share: 0.5 },
        { productId: 'controller', share: 0.5 },
      ],
    });
  });

  it('has no pricing slides to attribute when the deck shows no pricing', () => {
    const deck = buildDeck(draft(['title', 'product-controller'], false), library);
    expect(deck.slides.map((slide) => slide.id)).toEqual(['title', 'product-controller', 'my-1']);
    expect(deck.slideProducts).toEqual([[], [{ productId: 'controller', share: 1 }], []]);
  });
});

describe('documentProducts', () => {
  const slide = (fields: Partial<TemplateSlideDocument>) => ({
    heading: 'Heading',
    elements: [] as TemplateSlideDocument['elements'],
    ...fields,
  });

  it('takes the tag first, then the products the slide is offered for, then the ones it names', () => {
    const naming = [
      { kind: 'text', x: 0, y: 0, w: 100, h: 20, text: '{{product.bms.name}}: {{quote.total}}' },
    ] as TemplateSlideDocument['elements'];
    expect(documentProducts(slide({ products: ['solar'], forProducts: ['bms'] }))).toEqual([
      'solar',
    ]);
    expect(documentProducts(slide({ forProducts: ['bms', 'bms'], elements: naming }))).toEqual([
      'bms',
    ]);
    expect(documentProducts(slide({ elements: naming }))).toEqual(['bms']);
    expect(documentProducts(slide({ heading: '{{client.name}} and you' }))).toEqual([]);
  });

  it('gives a product named on two quote lines two shares', () => {
    expect(
      slideProductShares({ kind: 'quote', lineProducts: ['bms', 'bms', 'controller'] }, []),
    ).toEqual([
      { productId: 'bms', share: 2 / 3 },
      { productId: 'controller', share: 1 / 3 },
    ]);
    expect(slideProductShares({ kind: 'template', products: ['bms'] }, ['controller'])).toEqual([
      { productId: 'bms', share: 1 },
    ]);
  });
});
