import { describe, expect, it } from 'vitest';
import { formatUsd } from './money.ts';
import {
  applyPricingOverrides,
  computePricingFigures,
  computePricingTexts,
  pricingTextLabel,
  termsWithPrices,
  unitPriceFor,
} from './pricing.ts';
import { resolveDeckPricing } from './deck-pricing.ts';
import { getProduct, type Product } from './price-book.ts';
import { SEED_PRICE_BOOK } from './seed-price-book.ts';

const product = (id: string): Product => getProduct(SEED_PRICE_BOOK, id);
const PRODUCTS = Object.fromEntries(SEED_PRICE_BOOK.products.map((p) => [p.id, p]));

describe('formatUsd', () => {
  it('writes en-US dollars with two decimals and thousands separators', () => {
    expect(formatUsd(6245)).toBe('$6,245.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
  });
});

describe('price book', () => {
  it('holds SPEC.md §9 table', () => {
    expect(PRODUCTS.battery_backup).toMatchObject({
      msrp: 5995,
      defaultQuantity: 1,
      basePrice: 5995,
      whiteGloveShipping: 250,
      flatRateShipping: 150,
      warrantyYears: 7,
    });
    expect(PRODUCTS.data_logger).toMatchObject({
      msrp: 29.99,
      defaultQuantity: 100,
      basePrice: 895,
      whiteGloveShipping: 50,
      flatRateShipping: 25,
      warrantyYears: 5,
    });
    expect(PRODUCTS.controller).toMatchObject({
      msrp: 199,
      defaultQuantity: 1,
      basePrice: 1295,
      whiteGloveShipping: 75,
      flatRateShipping: 35,
      warrantyYears: 3,
    });
    expect(PRODUCTS.bms).toMatchObject({
      msrp: 200,
      defaultQuantity: 1,
      basePrice: 2495,
      whiteGloveShipping: 125,
      flatRateShipping: 75,
      warrantyYears: 5,
    });
    for (const product of Object.values(PRODUCTS)) {
      expect(product.name.length).toBeGreaterThan(0);
      expect(product.description.length).toBeGreaterThan(20);
      expect(product.features.length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('computePricingTexts (worked by hand)', () => {
  it('battery_backup ×1 at $5,995: white-glove $250, total $6,245.00, ITC $1,873.50', () => {
    // 5995 × 1 + 250 = 6245; 30 % = 1873.50; 6245 − 1873.50 = 4371.50
    expect(
      computePricingTexts({
        product: product('battery_backup'),
        book: SEED_PRICE_BOOK,
        quantity: 1,
        unitPrice: 5995,
      }),
    ).toEqual({
      stdpricing: '$5,995.00',
      qty: '1',
      shiprate: '$250.00',
      wgd: 'White-glove delivery',
      total: '$6,245.00',
      itc: '$1,873.50',
      effective: '$4,371.50',
      monthsincluded: '24',
      annual: '$75',
      warrantyyear: '7',
      maintenance: 'Battery monitoring: 24 months included, then $75 per year',
    });
  });

  it('data_logger ×100 at $29.99 ships flat-rate: $2,999 + $25 = $3,024.00', () => {
    // 29.99 × 100 = 2999; quantity 100 > 10 → flat-rate $25; not eligible for the credit
    const texts = computePricingTexts({
      product: product('data_logger'),
      quantity: 100,
      unitPrice: 29.99,
    });
    expect(texts).toMatchObject({
      stdpricing: '$29.99',
      qty: '100',
      shiprate: '$25.00',
      wgd: 'Flat-rate drop ship',
      total: '$3,024.00',
      itc: 'Not eligible',
      effective: '$3,024.00',
      monthsincluded: 'Unlimited',
      annual: 'Included',
      warrantyyear: '5',
    });
  });

  it('controller crosses the shipping threshold between 10 and 11', () => {
    // ×10: 1990 + 75 white-glove = 2065; ×11: 2189 + 35 flat-rate = 2224, no credit
    const ten = computePricingTexts({
      product: product('controller'),
      quantity: 10,
      unitPrice: 199,
    });
    expect(ten).toMatchObject({
      shiprate: '$75.00',
      wgd: 'White-glove delivery',
      total: '$2,065.00',
    });
    const eleven = computePricingTexts({
      product: product('controller'),
      quantity: 11,
      unitPrice: 199,
    });
    expect(eleven).toMatchObject({
      shiprate: '$35.00',
      wgd: 'Flat-rate drop ship',
      total: '$2,224.00',
      itc: 'Not eligible',
      effective: '$2,224.00',
      warrantyyear: '3',
    });
  });

  it('uses a custom price: bms ×2 at $180.50 → $361 + $125 = $486.00', () => {
    const texts = computePricingTexts({ product: product('bms'), quantity: 2, unitPrice: 180.5 });
    expect(texts).toMatchObject({
      stdpricing: '$180.50',
      total: '$486.00',
      itc: '$145.80',
      effective: '$340.20',
    });
  });

  it('handles a zero price: only shipping is charged', () => {
    const texts = computePricingTexts({
      product: { ...product('controller'), creditEligible: true },
      quantity: 1,
      unitPrice: 0,
    });
    expect(texts).toMatchObject({
      stdpricing: '$0.00',
      total: '$75.00',
      itc: '$22.50',
      effective: '$52.50',
    });
  });

  it('rounds the credit to the cent and keeps total = credit + effective', () => {
    // 0.05 + 75 = 75.05; 30 % = 22.515 → 22.52 (half up on cents); 75.05 − 22.52 = 52.53
    const figures = computePricingFigures({
      product: { ...product('controller'), creditEligible: true },
      quantity: 1,
      unitPrice: 0.05,
    });
    expect(figures).toMatchObject({ totalCents: 7505, itcCents: 2252, effectiveCents: 5253 });
  });
});

describe('credit eligibility', () => {
  it('gives no credit to a product the price book does not mark eligible', () => {
    const notEligible = { ...product('controller'), creditEligible: false };
    const texts = computePricingTexts({ product: notEligible, quantity: 1, unitPrice: 199 });
    // 199 + 75 = 274, and no credit: the net is the total.
    expect(texts).toMatchObject({ total: '$274.00', itc: 'Not eligible', effective: '$274.00' });
  });

  it("takes the credit's rate from the product's entry, 30% when it sets none", () => {
    const battery = product('battery_backup');
    const at40 = { ...battery, creditPercent: 40 };
    const input = { quantity: 1, unitPrice: 5995 };
    // $5,995 + $250 white-glove = $6,245.00; 40% = $2,498.00.
    expect(computePricingTexts({ ...input, product: at40 })).toMatchObject({
      total: '$6,245.00',
      itc: '$2,498.00',
      effective: '$3,747.00',
    });
    expect(computePricingTexts({ ...input, product: battery }).itc).toBe('$1,873.50');
    expect(pricingTextLabel('itc', at40)).toBe('ITC credit (40%)');
    expect(pricingTextLabel('itc', { ...battery, creditPercent: 12.5 }, 'de-DE')).toBe(
      'ITC credit (12,5\u00a0%)',
    );
    expect(pricingTextLabel('itc', battery)).toBe('ITC credit (30%)');
    expect(pricingTextLabel('itc', { ...battery, creditEligible: false })).toBe('ITC credit');
    expect(pricingTextLabel('total', at40)).toBe('Total');
  });

  it('takes the monitoring terms and the shipping threshold from the product', () => {
    const custom = {
      ...product('controller'),
      flatRateAboveQuantity: 2,
      monthsIncluded: '12',
      annualMonitoring: '$40',
      maintenance: 'Twelve months of monitoring',
    };
    expect(computePricingTexts({ product: custom, quantity: 3, unitPrice: 199 })).toMatchObject({
      wgd: 'Flat-rate drop ship',
      monthsincluded: '12',
      annual: '$40',
      maintenance: 'Twelve months of monitoring',
    });
  });
});

describe('what a service or a subscription does not have', () => {
  it('states no monitoring of its own for a service, and neither monitoring nor warranty for a subscription', () => {
    // The seeded installation (a one-year workmanship guarantee) and battery monitoring.
    const installation = computePricingTexts({
      product: product('installation'),
      quantity: 1,
      unitPrice: 1500,
    });
    expect(installation).toMatchObject({
      warrantyyear: '1',
      monthsincluded: '',
      annual: '',
      shiprate: '',
      wgd: '',
    });
    const monitoring = computePricingTexts({
      product: { ...product('battery_monitoring'), warrantyYears: 2 },
      quantity: 2,
      unitPrice: 75,
    });
    expect(monitoring).toMatchObject({ warrantyyear: '', monthsincluded: '', annual: '' });
    // Its total is paid every year, and says so.
    expect(monitoring.total).toBe('$150.00 a year');
    expect(installation.total).toBe('$1,500.00');
    // Goods keep theirs.
    expect(
      computePricingTexts({
        product: product('battery_backup'),
        book: SEED_PRICE_BOOK,
        quantity: 1,
        unitPrice: 5995,
      }),
    ).toMatchObject({ warrantyyear: '7', monthsincluded: '24', annual: '$75' });
  });
});

describe('unitPriceFor', () => {
  it("takes the rep's price with pricing included and the base price otherwise", () => {
    expect(unitPriceFor(product('data_logger'), 29.99, true)).toBe(29.99);
    expect(unitPriceFor(product('data_logger'), 29.99, false)).toBe(895);
    expect(unitPriceFor(product('controller'), undefined, true)).toBe(1295);
  });
});

describe('pricing overrides', () => {
  it("lets the rep's edits win over the computed texts, key by key", () => {
    const computed = computePricingTexts({
      product: product('controller'),
      quantity: 1,
      unitPrice: 199,
    });
    const merged = applyPricingOverrides(computed, { total: 'Call us', wgd: 'Pick-up' });
    expect(merged.total).toBe('Call us');
    expect(merged.wgd).toBe('Pick-up');
    expect(merged.itc).toBe(computed.itc);
  });

  it('resolves every selected product in selection order', () => {
    const pricing = resolveDeckPricing(
      {
        includePricing: false,
        selectedProducts: [
          { id: 'data_logger', quantity: 100, customPricing: 29.99 },
          { id: 'battery_backup', quantity: 1, customPricing: 5000 },
        ],
        customPricing: { battery_backup: { maintenance: 'Five years of monitoring included' } },
      },
      SEED_PRICE_BOOK,
    );
    expect(pricing.map((p) => p.productId)).toEqual(['data_logger', 'battery_backup']);
    // Pricing not included: base prices. 895 × 100 + 25 = 89,525.00
    expect(pricing[0]?.texts.total).toBe('$89,525.00');
    expect(pricing[1]?.texts.stdpricing).toBe('$5,995.00');
    expect(pricing[1]?.texts.maintenance).toBe('Five years of monitoring included');
  });
});

describe('termsWithPrices', () => {
  const yen = {
    products: [{ ...product('battery_monitoring'), basePrice: 11_300 }],
  };
  it('writes a product’s price in the deck’s currency and formats, whole amounts without decimals', () => {
    const text = 'then {{product.battery_monitoring.price}} per year';
    expect(termsWithPrices(text, SEED_PRICE_BOOK)).toBe('then $75 per year');
    expect(termsWithPrices(text, yen, 'JPY', 'ja-JP')).toBe('then ￥11,300 per year');
    const cents = { products: [{ ...product('battery_monitoring'), basePrice: 68.5 }] };
    expect(termsWithPrices(text, cents, 'EUR', 'de-DE').replace(/\u00a0/g, ' ')).toBe(
      'then 68,50 € per year',
    );
    // A product the book does not have writes nothing; a text without a price is as written.
    expect(termsWithPrices(text, { products: [] })).toBe('then  per year');
    expect(termsWithPrices('Included', yen, 'JPY')).toBe('Included');
  });
});
