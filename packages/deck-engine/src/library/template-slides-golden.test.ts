import { describe, expect, it } from 'vitest';
import { drawing, expectGolden, rounded } from '../../test/golden-file.ts';
import type { ProductId } from '@deck-portal/domain';
import { DEFAULT_BRAND } from './brand.ts';
import type { SlideContext } from './slide-kit.ts';
import { createTemplateLibrary } from './template-library.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

/**
 * What every built-in template slide draws today, for four kinds of deck — the reference the
 * slides must keep drawing when they move from code to template documents (issue 16's parity
 * first): every element's kind, box, style and text lines, to 0.01 pt, in
 * `test/golden/template-slides.json`.
 * `UPDATE_GOLDENS=1 npx vitest run --project deck-engine src/library/template-slides-golden.test.ts`
 * writes it anew after a deliberate change.
 */

const allProducts: ProductId[] = ['battery_backup', 'data_logger', 'controller', 'bms'];
const decks: Record<string, SlideContext> = {
  sample: {
    brand: DEFAULT_BRAND,
    clientName: 'Harbor Fresh Foods',
    headline: 'Cold-chain resilience proposal',
    date: '2026-03-05',
    dateText: 'March 5, 2026',
    contact: 'Dana Reyes, Director of Operations',
    presenter: {
      name: 'Ada Rep',
      email: 'ada@frostline.example',
      jobTitle: 'Account Executive',
      phone: '+1 (555) 010-2030',
    },
    pageNumber: 3,
    sections: ['Company', 'Market', 'Products', 'Pricing', 'Next steps'],
    products: allProducts,
    priceBook: SEED_PRICE_BOOK,
  },
  long: {
    brand: DEFAULT_BRAND,
    clientName: 'The Consolidated Northern Refrigerated Warehousing and Logistics Cooperative',
    headline:
      'A proposal for continuous temperature monitoring and battery-backed resilience across all forty-two sites',
    date: '2026-12-31',
    dateText: 'December 31, 2026',
    contact: 'Maximiliana Fitzgerald-Ramaswamy, Senior Vice President of Supply Chain Operations',
    presenter: {
      name: 'Bartholomew Konstantinopoulos',
      email: 'bartholomew.konstantinopoulos@frostline.example',
      jobTitle: 'Principal Enterprise Account Executive, Strategic Accounts',
      phone: null,
    },
    pageNumber: 128,
    sections: [
      'Company',
      'Market',
      'Products',
      'Strategy',
      'Pricing',
      'For the client',
      'Next steps',
    ],
    products: ['controller'],
    priceBook: SEED_PRICE_BOOK,
  },
  cjk: {
    brand: DEFAULT_BRAND,
    clientName: '東京冷蔵株式会社',
    headline: 'コールドチェーンの提案',
    date: '2026-04-01',
    dateText: 'April 1, 2026',
    contact: '山田 花子',
    pageNumber: 9,
    sections: ['Company'],
    products: ['battery_backup', 'bms'],
    priceBook: SEED_PRICE_BOOK,
  },
  bare: {
    brand: DEFAULT_BRAND,
    clientName: 'Acme',
    headline: 'Proposal for Acme',
    date: '2026-01-01',
    dateText: 'January 1, 2026',
    contact: '',
    pageNumber: 1,
    sections: [],
    products: [],
    priceBook: SEED_PRICE_BOOK,
  },
};

function drawAll() {
  const drawn: Record<string, unknown> = {};
  // The slides drawn with pricing have their own golden file (pricing-slides-golden.test.ts).
  for (const slide of createTemplateLibrary().slides.filter((s) => s.drawn === undefined)) {
    for (const [name, ctx] of Object.entries(decks)) {
      drawn[`${slide.id} / ${name}`] = rounded(drawing(slide.compose(ctx)));
    }
  }
  return drawn;
}

describe('the built-in template slides', () => {
  it('draw what they drew when the golden file was written, for four kinds of deck', () => {
    expectGolden('template-slides.json', drawAll());
  });

  it('differ between decks where a deck’s values show', () => {
    const drawn = drawAll();
    expect(drawn['title / sample']).not.toEqual(drawn['title / long']);
    expect(drawn['agenda / sample']).not.toEqual(drawn['agenda / bare']);
  });
});
