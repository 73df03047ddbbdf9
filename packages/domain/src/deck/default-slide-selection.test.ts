import { describe, expect, it } from 'vitest';
import { selectDefaultSlides, type SelectableSlide } from './default-slide-selection.ts';
import type { ProductId } from './price-book.ts';

const PRODUCT_IDS: ProductId[] = ['battery_backup', 'data_logger', 'controller', 'bms'];

// A 24-slide master shaped like the engine's: product slides at 6, 7, 8; appendix from 20.
const categories = [
  'intro',
  'intro',
  'legal',
  'company',
  'company',
  'market',
  'products',
  'products',
  'products',
  'strategy',
  'strategy',
  'sales',
  'sales',
  'closing',
  'closing',
  'company',
  'market',
  'sales',
  'strategy',
  'sales',
  'appendix',
  'appendix',
  'appendix',
  'appendix',
];
// Marked as the built-in library is (SPEC.md §9): the first 15 but the appendix are default,
// and the product slides name their products.
const forProducts: Record<number, string[]> = {
  6: ['data_logger'],
  7: ['battery_backup', 'bms'],
  8: ['controller'],
};
const master: SelectableSlide[] = categories.map((category, index) => ({
  id: `s${index}`,
  index,
  inDefaultSelection: index < 15 && category !== 'appendix',
  ...(forProducts[index] ? { forProducts: forProducts[index] } : {}),
}));

function indexes(productIds: ProductId[], slides = master): number[] {
  return selectDefaultSlides(slides, productIds).map((id) => Number(id.slice(1)));
}

const base = [0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14];

describe('selectDefaultSlides', () => {
  const cases: Array<[ProductId[], number[]]> = [
    [[], []],
    [['data_logger'], [6]],
    [['battery_backup'], [7]],
    [['bms'], [7]],
    [['controller'], [8]],
    [['battery_backup', 'bms'], [7]],
    [
      ['data_logger', 'controller'],
      [6, 8],
    ],
    [
      ['data_logger', 'battery_backup'],
      [6, 7],
    ],
    [
      ['bms', 'controller'],
      [7, 8],
    ],
    [
      ['data_logger', 'bms', 'controller'],
      [6, 7, 8],
    ],
    [[...PRODUCT_IDS], [6, 7, 8]],
  ];
  it.each(cases)('products %j keep product slides %j', (products, productSlides) => {
    expect(indexes(products)).toEqual([...base, ...productSlides].sort((a, b) => a - b));
  });

  it('covers every subset of the four products', () => {
    for (let mask = 0; mask < 16; mask += 1) {
      const chosen = PRODUCT_IDS.filter((_, bit) => mask & (1 << bit));
      const got = indexes(chosen);
      expect(got.every((i) => i < 15)).toBe(true);
      expect(got.includes(6)).toBe(chosen.includes('data_logger'));
      expect(got.includes(7)).toBe(chosen.includes('battery_backup') || chosen.includes('bms'));
      expect(got.includes(8)).toBe(chosen.includes('controller'));
    }
  });

  it('takes only slides marked default', () => {
    const unmarked = master.map((s) => (s.index === 3 ? { ...s, inDefaultSelection: false } : s));
    expect(indexes(['controller'], unmarked)).not.toContain(3);
  });

  it('follows a product slide wherever an editor moved it', () => {
    const moved = master.map((s) => (s.id === 's6' ? { ...s, index: 30 } : s));
    expect(selectDefaultSlides(moved, ['data_logger']).at(-1)).toBe('s6');
    expect(selectDefaultSlides(moved, ['controller'])).not.toContain('s6');
  });

  it('answers master order whatever the input order', () => {
    expect(indexes(['controller'], [...master].reverse())).toEqual(
      [...base, 8].sort((a, b) => a - b),
    );
  });

  it('offers a slide limited to markets only to decks in them', () => {
    const limited = master.map((s) => (s.index === 3 ? { ...s, markets: ['US'] } : s));
    expect(indexes(['controller'], limited)).toContain(3);
    expect(selectDefaultSlides(limited, ['controller'], 'JP')).not.toContain(limited[3]!.id);
    expect(selectDefaultSlides(limited, ['controller'], 'jp')).toEqual(
      selectDefaultSlides(limited, ['controller']).filter((id) => id !== limited[3]!.id),
    );
  });
});
