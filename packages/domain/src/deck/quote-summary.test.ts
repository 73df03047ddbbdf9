import { describe, expect, it } from 'vitest';
import { resolveDeckPricing } from './deck-pricing.ts';
import type { ProductSelection } from './deck-draft.ts';
import { toCents } from './money.ts';
import { quoteSummary } from './quote-summary.ts';
import { SEED_PRICE_BOOK } from './seed-price-book.ts';

const selection: ProductSelection = {
  selectedProducts: [
    { id: 'battery_backup', quantity: 2, customPricing: 5500 },
    { id: 'data_logger', quantity: 120, customPricing: 29.99 },
    { id: 'controller', quantity: 3, customPricing: 199.99 },
  ],
  includePricing: true,
  customPricing: {},
};

const dollars = (text: string) => toCents(Number(text.replace(/[$,]/g, '')));

describe('quoteSummary', () => {
  it('adds up every line, shipping, credits and net', () => {
    const quote = quoteSummary(selection, SEED_PRICE_BOOK);
    expect(quote.lines.map((line) => [line.name, line.quantity, line.amountCents])).toEqual([
      ['Battery Backup', 2, 1_100_000],
      [expect.any(String), 120, 359_880],
      [expect.any(String), 3, 59_997],
    ]);
    expect(quote.subtotalCents).toBe(1_100_000 + 359_880 + 59_997);
    expect(quote.totalCents).toBe(quote.subtotalCents + quote.shippingCents);
    expect(quote.netCents).toBe(quote.totalCents - quote.creditsCents);
    expect(quote.editedProducts).toEqual([]);
  });

  it('agrees to the cent with the pricing slides', () => {
    const quote = quoteSummary(selection, SEED_PRICE_BOOK);
    const slides = resolveDeckPricing(selection, SEED_PRICE_BOOK);
    const sum = (key: 'total' | 'itc' | 'effective' | 'shiprate') =>
      slides.reduce((total, slide) => total + dollars(slide.texts[key]), 0);
    expect(quote.totalCents).toBe(sum('total'));
    expect(quote.creditsCents).toBe(sum('itc'));
    expect(quote.netCents).toBe(sum('effective'));
    expect(quote.shippingCents).toBe(sum('shiprate'));
  });

  it('counts credits only for the products eligible for them', () => {
    const book = {
      products: SEED_PRICE_BOOK.products.map((p) =>
        p.id === 'battery_backup' ? p : { ...p, creditEligible: false },
      ),
    };
    const quote = quoteSummary(selection, book);
    const battery = resolveDeckPricing(selection, book)[0];
    expect(quote.creditsCents).toBe(dollars(battery?.texts.itc ?? ''));
    expect(quote.netCents).toBe(quote.totalCents - quote.creditsCents);
  });

  it('names the products whose slides show edited prices', () => {
    const quote = quoteSummary(
      {
        ...selection,
        customPricing: {
          battery_backup: { total: '$11,150.00 (special offer)' },
          controller: { maintenance: 'Included for life' },
        },
      },
      SEED_PRICE_BOOK,
    );
    expect(quote.editedProducts).toEqual(['battery_backup']);
  });
});
