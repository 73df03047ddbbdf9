import { describe, expect, it } from 'vitest';
import { expectGolden, rounded } from '../../test/golden-file.ts';
import type { DeckLocale, PriceBook, ProductSelection } from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { buildDeck } from '../build-deck.ts';
import { goldenDraft } from '../../test/fixtures.ts';
import { createTemplateLibrary } from './template-library.ts';

/**
 * What the pricing slides (one per product) and the quote summary draw — the reference they must
 * keep drawing when they move from code to template documents (issue 16's parity first): every
 * element's kind, box, style and text lines, to 0.01 pt, in `test/golden/pricing-slides.json`,
 * for decks with the price book's own texts, a rep's long, CJK and emptied texts, another
 * locale, prices under and at list with a service and a yearly fee, a product without the
 * credit and a rate of its own.
 * `UPDATE_GOLDENS=1 npx vitest run --project deck-engine src/library/pricing-slides-golden.test.ts`
 * writes it anew after a deliberate change.
 */

const library = createTemplateLibrary();

/** A product at its price book price, or at the rep's. */
const sold = (id: string, quantity: number, customPricing?: number) => ({
  id,
  quantity,
  customPricing:
    customPricing ?? SEED_PRICE_BOOK.products.find((product) => product.id === id)!.basePrice,
});

const allProducts = (): ProductSelection => ({
  includePricing: true,
  selectedProducts: [
    sold('battery_backup', 2),
    sold('data_logger', 14),
    sold('controller', 11, 1_450),
    sold('bms', 1),
  ],
  customPricing: {},
});

const long = 'Installed by our own crews over two weekends, with the old units taken away. ';
const decks: Record<
  string,
  { selection: ProductSelection; locale?: DeckLocale; book?: PriceBook }
> = {
  sample: { selection: allProducts() },
  edited: {
    selection: {
      ...allProducts(),
      customPricing: {
        controller: {
          maintenance: long.repeat(6),
          effective: 'Call us for a bundle price across all forty-two sites',
          warrantyyear: 'Unlimited',
        },
        bms: { stdpricing: '', qty: '', maintenance: '' },
        data_logger: { wgd: '冷蔵倉庫へ直接配送、設置込み', total: '¥1,234,567' },
      },
    },
  },
  german: { selection: allProducts(), locale: 'de-DE' },
  // Under list and at list, a service and a yearly fee: discount lines, no shipping, per year.
  services: {
    selection: {
      includePricing: true,
      selectedProducts: [
        sold('battery_backup', 2, 4_900),
        sold('controller', 1, 199),
        sold('installation', 1),
        sold('battery_monitoring', 2),
      ],
      customPricing: {},
    },
  },
  rates: {
    selection: allProducts(),
    book: {
      ...SEED_PRICE_BOOK,
      products: SEED_PRICE_BOOK.products.map((product) =>
        product.id === 'controller'
          ? { ...product, creditEligible: false }
          : product.id === 'bms'
            ? { ...product, creditPercent: 40 }
            : product,
      ),
    },
  },
};

/** The deck's pricing slides and quote summary, each with its id, title and drawing. */
function drawAll() {
  const drawn: Record<string, unknown> = {};
  for (const [name, { selection, locale, book = SEED_PRICE_BOOK }] of Object.entries(decks)) {
    const draft = goldenDraft();
    draft.productSelection = selection;
    if (locale) draft.basicInfo.locale = locale;
    const deck = buildDeck(draft, library, { priceBook: book });
    for (const slide of deck.slides.filter((s) => s.kind === 'pricing')) {
      drawn[`${slide.id} / ${name}`] = rounded(slide);
    }
  }
  return drawn;
}

describe('the pricing slides and the quote summary', () => {
  it('draw what they drew when the golden file was written', () => {
    expectGolden('pricing-slides.json', drawAll());
  });

  it('are one per product and a summary, and differ where the deck’s texts do', () => {
    const drawn = drawAll();
    expect(Object.keys(drawn).filter((key) => key.endsWith(' / sample'))).toEqual([
      'pricing-battery_backup / sample',
      'pricing-data_logger / sample',
      'pricing-controller / sample',
      'pricing-bms / sample',
      'quote-summary / sample',
    ]);
    expect(drawn['pricing-controller / sample']).not.toEqual(drawn['pricing-controller / edited']);
    expect(drawn['quote-summary / sample']).not.toEqual(drawn['quote-summary / edited']);
    expect(drawn['pricing-bms / sample']).not.toEqual(drawn['pricing-bms / rates']);
  });
});
