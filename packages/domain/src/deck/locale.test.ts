import { describe, expect, it } from 'vitest';
import { fillBindings } from '../template-format/index.ts';
import { basicInfoSchema } from './deck-draft.ts';
import { formatDeckDate, formatDeckYear, formatNumber } from './locale.ts';
import { formatUsd } from './money.ts';
import { computePricingTexts } from './pricing.ts';
import { SEED_PRICE_BOOK } from './seed-price-book.ts';

describe("a deck's locale", () => {
  it('writes the date in full as the locale does, the day as chosen', () => {
    expect(formatDeckDate('2026-11-23')).toBe('November 23, 2026');
    expect(formatDeckDate('2026-11-23', 'de-DE')).toBe('23. November 2026');
    expect(formatDeckDate('2026-11-23', 'ja-JP')).toBe('2026年11月23日');
    expect(formatDeckDate('2026-01-01', 'en-GB')).toBe('1 January 2026');
    expect(formatDeckDate('not a date', 'de-DE')).toBe('not a date');
  });

  it('counts the year as the locale does', () => {
    expect(formatDeckYear('2026-11-23')).toBe('2026');
    expect(formatDeckYear('2026-11-23', 'ja-JP')).toBe('2026');
    expect(formatDeckYear('2026-11-23', 'th-TH')).toBe('2569');
  });

  it('writes figures without the direction marks Hebrew and Arabic put around them', () => {
    expect(formatUsd(1234.56, 'he-IL')).toBe('1,234.56\u00a0$');
    expect(formatUsd(1234.56, 'he-IL')).not.toMatch(/[\u200e\u200f\u061c]/);
  });

  it('writes a figure again as each locale and options write it, -0 as -0', () => {
    const euros = { style: 'currency', currency: 'EUR' } as const;
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'de-DE', euros)).toBe('1.234,50\u00a0€');
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(0, 'en-US')).toBe('0');
    expect(formatNumber(-0, 'en-US')).toBe('-0');
    expect(formatNumber(0, 'en-US')).toBe('0');
  });

  it('writes figures as the locale does, prices still in US dollars', () => {
    expect(formatUsd(1234.56)).toBe('$1,234.56');
    expect(formatUsd(1234.56, 'de-DE')).toBe('1.234,56\u00a0$');
    expect(formatUsd(1234.56, 'ja-JP')).toBe('$1,234.56');
    expect(fillBindings('{{x | number: "2"}} · {{x | money}}', () => '1234.5', 'de-DE')).toBe(
      '1.234,50 · 1.235\u00a0$',
    );
  });

  it('prices a product in the locale', () => {
    const product = SEED_PRICE_BOOK.products.find((p) => p.id === 'data_logger')!;
    const texts = computePricingTexts({
      product,
      quantity: 1000,
      unitPrice: 29.99,
      locale: 'de-DE',
    });
    expect(texts.stdpricing).toBe('29,99\u00a0$');
    expect(texts.qty).toBe('1.000');
  });

  it('is en-US unless the rep chose another listed one', () => {
    const info = { deckTitle: 'Q3', clientName: 'Acme', date: '2026-11-23' };
    expect(basicInfoSchema.parse(info).locale).toBe('en-US');
    expect(basicInfoSchema.parse({ ...info, locale: 'ja-JP' }).locale).toBe('ja-JP');
    const wrong = basicInfoSchema.safeParse({ ...info, locale: 'xx-XX' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(
      'Choose one of the listed languages for dates and figures',
    );
  });
});
