import { describe, expect, it } from 'vitest';
import { checkDeal, DEFAULT_DEAL_DESK } from '../deal-desk.ts';
import { resolveDeckPricing } from './deck-pricing.ts';
import type { ProductSelection } from './deck-draft.ts';
import { toCents } from './money.ts';
import { NOT_CREDIT_ELIGIBLE } from './pricing.ts';
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

const dollars = (text: string) =>
  text === NOT_CREDIT_ELIGIBLE ? 0 : toCents(Number(text.replace(/[$,]/g, '')));

describe('quoteSummary in a market’s currency and tax', () => {
  const yen = {
    ...SEED_PRICE_BOOK,
    products: SEED_PRICE_BOOK.products.map((product) => ({
      ...product,
      msrp: product.msrp * 150,
      whiteGloveShipping: product.whiteGloveShipping * 150,
      flatRateShipping: product.flatRateShipping * 150,
      creditEligible: false,
    })),
  };
  const inYen: ProductSelection = {
    ...selection,
    selectedProducts: [{ id: 'battery_backup', quantity: 1, customPricing: 880_000.4 }],
  };

  it('adds a tax quoted apart to what the client pays, in whole yen', () => {
    const tax = { name: 'Consumption tax', percent: 10, inclusive: false };
    const quote = quoteSummary(inYen, yen, { currency: 'JPY', tax });
    const beforeTax = quote.subtotalCents + quote.shippingCents;
    // ¥880,000.40 is ¥880,000: yen have no decimals.
    expect(quote.subtotalCents).toBe(88_000_000);
    expect(quote.tax).toEqual({ ...tax, cents: beforeTax / 10 });
    expect(quote.totalCents).toBe(beforeTax + beforeTax / 10);
    expect(quote.currency).toBe('JPY');
    expect(quote.creditsCents).toBe(0);
  });

  it('states a tax the prices include without adding it', () => {
    const tax = { name: 'VAT', percent: 10, inclusive: true };
    const quote = quoteSummary(inYen, yen, { currency: 'JPY', tax });
    expect(quote.totalCents).toBe(quote.subtotalCents + quote.shippingCents);
    expect(quote.tax?.cents).toBe(Math.round(quote.totalCents / 11 / 100) * 100);
  });

  it('writes the pricing texts in the currency and the deck’s words', () => {
    const [texts] = resolveDeckPricing(inYen, yen, 'ja-JP', {
      currency: 'JPY',
      words: (source) => (source === '{amount} a year' ? '年額 {amount}' : `«${source}»`),
    });
    expect(texts?.texts.stdpricing).toBe('￥880,000');
    expect(texts?.texts.wgd).toBe('«White-glove delivery»');
    expect(texts?.line.billing).toBe('«One-off»');
  });

  it('leaves a US quote as it was', () => {
    expect(quoteSummary(selection, SEED_PRICE_BOOK, { currency: 'USD', tax: null })).toEqual({
      ...quoteSummary(selection, SEED_PRICE_BOOK),
      currency: 'USD',
    });
  });
});

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

describe('a quote that tells the truth', () => {
  const order: ProductSelection = {
    selectedProducts: [
      { id: 'battery_backup', quantity: 2, customPricing: 4900 },
      { id: 'controller', quantity: 1, customPricing: 199 },
      { id: 'installation', quantity: 1, customPricing: 1500 },
      { id: 'battery_monitoring', quantity: 2, customPricing: 75 },
    ],
    includePricing: true,
    customPricing: {},
  };
  const line = (id: string) =>
    quoteSummary(order, SEED_PRICE_BOOK).lines.find((l) => l.productId === id);

  it('shows the list price beside the rep’s price, and the discount when they differ', () => {
    // $5,995 list, $4,900 each: $1,095 off each, $2,190 on two, 18.3% off list.
    expect(line('battery_backup')).toMatchObject({
      listPriceCents: 599_500,
      unitPriceCents: 490_000,
      discountCents: 219_000,
      discountPercent: 18.3,
    });
    const [battery] = resolveDeckPricing(order, SEED_PRICE_BOOK);
    expect(battery?.line).toMatchObject({
      listPrice: '$5,995.00',
      discount: '−$1,095.00 each (18.3% off list)',
    });
  });

  it('shows no discount on a line at list', () => {
    expect(line('controller')).toMatchObject({
      listPriceCents: 19_900,
      unitPriceCents: 19_900,
      discountCents: 0,
      discountPercent: 0,
    });
    const controller = resolveDeckPricing(order, SEED_PRICE_BOOK)[1];
    expect(controller?.line.listPrice).toBe('$199.00');
    expect(controller?.line.discount).toBe('');
  });

  it('measures a discount from the list price the deal desk measures it from', () => {
    const check = checkDeal(
      { ...order, selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: 3900 }] },
      SEED_PRICE_BOOK,
      DEFAULT_DEAL_DESK,
      'sales_rep',
    );
    const quoted = quoteSummary(
      { ...order, selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: 3900 }] },
      SEED_PRICE_BOOK,
    ).lines[0];
    expect(check.findings[0]?.discountPercent).toBe(34.9);
    expect(quoted?.discountPercent).toBe(check.findings[0]?.discountPercent);
    expect(quoted?.listPriceCents).toBe(toCents(check.findings[0]?.listPrice ?? 0));
  });

  it('gives the credit only to the battery products, as the seeded product slide says', () => {
    expect(SEED_PRICE_BOOK.products.filter((p) => p.creditEligible).map((p) => p.id)).toEqual([
      'battery_backup',
      'bms',
    ]);
    const quote = quoteSummary(selection, SEED_PRICE_BOOK);
    const credits = Object.fromEntries(quote.lines.map((l) => [l.productId, l.creditCents]));
    // The battery: 2 × $5,500 + $250 = $11,250; 30% = $3,375. Nothing on the others (before,
    // 30% of the logger's $3,623.80 and the controller's $674.97, $1,289.63, was credited too).
    expect(credits).toEqual({ battery_backup: 337_500, data_logger: 0, controller: 0 });
    expect(quote.creditsCents).toBe(337_500);
  });

  it('makes the total what the client pays, the credit an estimate after it', () => {
    const quote = quoteSummary(order, SEED_PRICE_BOOK);
    // 2 × $4,900 + $250, $199 + $75, $1,500 installation (not shipped).
    expect(quote.subtotalCents).toBe(980_000 + 19_900 + 150_000);
    expect(quote.shippingCents).toBe(25_000 + 7_500);
    expect(quote.totalCents).toBe(1_149_900 + 32_500);
    expect(quote.creditsCents).toBe(Math.round(1_005_000 * 0.3));
    expect(quote.netCents).toBe(quote.totalCents - quote.creditsCents);
  });

  it('keeps yearly fees out of the total and services off the truck', () => {
    const quote = quoteSummary(order, SEED_PRICE_BOOK);
    expect(line('installation')).toMatchObject({ kind: 'service', shippingCents: 0 });
    expect(line('battery_monitoring')).toMatchObject({
      kind: 'subscription',
      amountCents: 15_000,
      shippingCents: 0,
      creditCents: 0,
    });
    expect(quote.yearlyCents).toBe(15_000);
    const pricing = resolveDeckPricing(order, SEED_PRICE_BOOK);
    expect(pricing.map((p) => [p.productId, p.line.billing, p.texts.wgd])).toEqual([
      ['battery_backup', 'One-off', 'White-glove delivery'],
      ['controller', 'One-off', 'White-glove delivery'],
      ['installation', 'One-off service', ''],
      ['battery_monitoring', 'Per year', ''],
    ]);
  });

  it('reads a product stored before products had a kind as goods', () => {
    const { kind: _kind, ...stored } = SEED_PRICE_BOOK.products.find(
      (p) => p.id === 'installation',
    )!;
    const book = { products: [{ ...stored, whiteGloveShipping: 40 }] };
    const quote = quoteSummary(
      { ...order, selectedProducts: [{ id: 'installation', quantity: 1, customPricing: 1500 }] },
      book,
    );
    expect(quote.lines[0]).toMatchObject({ kind: 'goods', shippingCents: 4_000 });
  });
});
