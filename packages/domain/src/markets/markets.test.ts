import { describe, expect, it } from 'vitest';
import { basicInfoSchema } from '../deck/deck-draft.ts';
import { formatMoney, taxCents } from '../deck/money.ts';
import { SEED_PRICE_BOOK } from '../deck/seed-price-book.ts';
import { formatInputValue, inputsInCurrency } from '../slide-inputs.ts';
import { addressed } from './address-forms.ts';
import { deckLanguageSchema, isRightToLeft } from './languages.ts';
import { findMarket, formatLocaleOf, marketSchema, SEED_MARKETS } from './markets.ts';
import {
  priceBookForMarket,
  priceListSchema,
  productPricesIn,
  roundPrice,
  SEED_PRICE_LISTS,
} from './price-lists.ts';

const info = { deckTitle: 'Deck', clientName: 'Client', date: '2026-03-05' };

describe('a deck’s market and language', () => {
  it('default to the US and English, and derive the formats from them', () => {
    const parsed = basicInfoSchema.parse(info);
    expect([parsed.market, parsed.language, parsed.locale]).toEqual(['US', 'en', 'en-US']);
    const japan = basicInfoSchema.parse({ ...info, market: 'jp', language: 'ja-JP' });
    expect([japan.market, japan.language, japan.locale]).toEqual(['JP', 'ja', 'ja-JP']);
    // English for a client in Japan keeps English formats; a chosen locale stays.
    expect(basicInfoSchema.parse({ ...info, market: 'JP', language: 'en' }).locale).toBe('en-US');
    expect(basicInfoSchema.parse({ ...info, language: 'de', locale: 'en-GB' }).locale).toBe(
      'en-GB',
    );
  });

  it('refuse an unknown code, naming it', () => {
    const market = basicInfoSchema.safeParse({ ...info, market: 'Japan' });
    expect(market.error?.issues[0]?.message).toContain('"Japan"');
    const language = deckLanguageSchema.safeParse('klingon');
    expect(language.error?.issues[0]?.message).toContain('Unknown language "klingon"');
    expect(deckLanguageSchema.safeParse('x-').success).toBe(false);
  });

  it('write figures as the language does in the market', () => {
    expect(formatLocaleOf('ja', 'JP')).toBe('ja-JP');
    expect(formatMoney(1_234_500, 'JPY', 'ja-JP')).toBe('￥1,234,500');
    expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('ja')).toBe(false);
  });
});

describe('markets', () => {
  it('are seeded with their currencies and taxes, each valid', () => {
    for (const market of SEED_MARKETS) expect(marketSchema.parse(market)).toEqual(market);
    expect(findMarket(SEED_MARKETS, 'jp')?.tax).toEqual({
      name: 'Consumption tax',
      percent: 10,
      inclusive: false,
    });
    expect(SEED_MARKETS.filter((m) => m.incentives.includes('us-itc')).map((m) => m.code)).toEqual([
      'US',
    ]);
  });

  it('tax an amount added to it, or as the part of it a price includes', () => {
    expect(taxCents(1_000_000, { percent: 10, inclusive: false }, 'JPY')).toBe(100_000);
    // ¥1,100 including 10 %: ¥100 of it is tax; yen have no cents.
    expect(taxCents(110_000, { percent: 10, inclusive: true }, 'JPY')).toBe(10_000);
    expect(taxCents(123_456, { percent: 19, inclusive: false }, 'EUR')).toBe(23_457);
  });
});

describe('price lists', () => {
  const battery = SEED_PRICE_BOOK.products.find((product) => product.id === 'battery_backup')!;

  it('derive a price at a rate, rounded by the stated rule', () => {
    expect(roundPrice(929_225, 'hundred')).toBe(929_200);
    expect(roundPrice(12.345, 'cent')).toBe(12.35);
    const lists = [
      priceListSchema.parse({
        currency: 'JPY',
        derived: { from: 'USD', rate: 155, rounding: 'hundred' },
      }),
    ];
    expect(productPricesIn(battery, 'JPY', lists)?.msrp).toBe(
      roundPrice(battery.msrp * 155, 'hundred'),
    );
  });

  it('take an entered list’s prices from the product, and name products without one', () => {
    const lists = [priceListSchema.parse({ currency: 'EUR', derived: null })];
    const priced = {
      ...battery,
      prices: {
        EUR: { msrp: 5500, basePrice: 5000, whiteGloveShipping: 240, flatRateShipping: 30 },
      },
    };
    const unpriced = { ...SEED_PRICE_BOOK.products[0]!, prices: undefined };
    const book = { products: [priced, unpriced] };
    const germany = priceBookForMarket(book, findMarket(SEED_MARKETS, 'DE')!, lists);
    expect(germany.book.products[0]).toMatchObject({ msrp: 5500, creditEligible: false });
    expect(germany.unpriced).toEqual([unpriced.id]);
    // In the US the book's own prices, and the credit where the book marks it.
    const us = priceBookForMarket(book, findMarket(SEED_MARKETS, 'US')!, lists);
    expect(us.book.products[0]).toMatchObject({
      msrp: battery.msrp,
      creditEligible: battery.creditEligible,
    });
    expect(us.unpriced).toEqual([]);
  });

  it('refuse a list derived from itself', () => {
    const self = priceListSchema.safeParse({
      currency: 'EUR',
      derived: { from: 'EUR', rate: 1, rounding: 'cent' },
    });
    expect(self.error?.issues[0]?.message).toBe('A list cannot be derived from itself');
  });
});

describe('a deck’s money inputs abroad', () => {
  const spoilage = {
    name: 'spoilage',
    label: 'Spoiled stock a year',
    type: 'money' as const,
    default: 12_000,
    min: 0,
    max: 100_000_000,
  };
  const sites = {
    name: 'sites',
    label: 'Sites',
    type: 'integer' as const,
    default: 1,
    min: 1,
    max: 10_000,
  };

  it('are converted at the list prices’ ratio to the dollar, stated as a person would', () => {
    const japan = priceBookForMarket(
      SEED_PRICE_BOOK,
      findMarket(SEED_MARKETS, 'JP')!,
      SEED_PRICE_LISTS,
    );
    // Yen derived at 150 and rounded to hundreds: about 150 to the dollar.
    expect(japan.dollarRatio).toBeCloseTo(150, 0);
    const [money, count] = inputsInCurrency([spoilage, sites], japan.dollarRatio);
    expect(money).toMatchObject({ default: 1_800_000, min: 0, max: 1_000_000_000 });
    // A count is not money: as written.
    expect(count).toEqual(sites);
    const us = priceBookForMarket(
      SEED_PRICE_BOOK,
      findMarket(SEED_MARKETS, 'US')!,
      SEED_PRICE_LISTS,
    );
    expect(us.dollarRatio).toBe(1);
    expect(inputsInCurrency([spoilage], us.dollarRatio)).toEqual([spoilage]);
    // Euros entered per product: the ratio of their list prices.
    const germany = priceBookForMarket(
      SEED_PRICE_BOOK,
      findMarket(SEED_MARKETS, 'DE')!,
      SEED_PRICE_LISTS,
    );
    expect(germany.dollarRatio).toBeGreaterThan(0.85);
    expect(germany.dollarRatio).toBeLessThan(0.95);
    expect(formatInputValue(spoilage, 1_800_000, 'JPY')).toBe('¥1,800,000');
  });
});

describe('forms of address', () => {
  it('name a company and a person as the language does', () => {
    expect(addressed('ja', 'company', 'Northwind')).toBe('Northwind 御中');
    expect(addressed('ja', 'greeting', 'Dana Reyes')).toBe('Dana Reyes 様');
    expect(addressed('en', 'greeting', 'Dana Reyes')).toBe('Dear Dana Reyes,');
    expect(addressed('ja', 'person', '  ')).toBe('');
  });
});
