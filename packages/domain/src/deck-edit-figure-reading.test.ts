import { describe, expect, it } from 'vitest';
import { findFigures, isSameFigure, readFigureValue } from './deck-edit-figure-reading.ts';
import { DECK_LOCALES, formatNumber } from './deck/locale.ts';
import { formatUsd } from './deck/money.ts';
import { formatDiscountPercent } from './deck/pricing.ts';

const shown = (words: string, locale?: string) =>
  findFigures(words, locale).map(({ text, kind, value }) => ({ text, kind, value }));

describe('findFigures', () => {
  it('reads money, percentages and numbers as an en-US deck writes them', () => {
    expect(shown('List $5,995.00, yours −$1,095.00 each (18.3% off list) for 2 units')).toEqual([
      { text: '$5,995.00', kind: 'money', value: 5995 },
      { text: '−$1,095.00', kind: 'money', value: -1095 },
      { text: '18.3%', kind: 'percent', value: 18.3 },
      { text: '2', kind: 'number', value: 2 },
    ]);
  });

  it.each(DECK_LOCALES.map(({ id }) => id))('reads back what the deck writes in %s', (locale) => {
    const words = `Total ${formatUsd(1_234_567.5, locale)}, ${formatNumber(12_345, locale)} units, ${formatDiscountPercent(18.3, locale)} off`;
    expect(shown(words, locale).map(({ kind, value }) => ({ kind, value }))).toEqual([
      { kind: 'money', value: 1_234_567.5 },
      { kind: 'number', value: 12_345 },
      { kind: 'percent', value: 18.3 },
    ]);
  });

  it('reads what a person types in a German deck', () => {
    expect(shown('nur 4.500 € statt 5.995,00 $', 'de-DE')).toEqual([
      { text: '4.500 €', kind: 'money', value: 4500 },
      { text: '5.995,00 $', kind: 'money', value: 5995 },
    ]);
  });

  it('does not read figures inside words', () => {
    expect(shown('Model X200 v2.0 for Q3')).toEqual([]);
  });
});

describe('readFigureValue', () => {
  it('reads a mark before three digits as the locale does, before two as decimals', () => {
    expect(readFigureValue('$4,500', 'en-US')).toBe(4500);
    expect(readFigureValue('4.500 €', 'de-DE')).toBe(4500);
    expect(readFigureValue('4,50 $', 'de-DE')).toBe(4.5);
    expect(readFigureValue('$4.50', 'en-US')).toBe(4.5);
    expect(readFigureValue('4 500,00 $US', 'fr-FR')).toBe(4500);
    expect(readFigureValue('no figure')).toBeUndefined();
  });
});

describe('isSameFigure', () => {
  const one = (words: string, locale?: string) => findFigures(words, locale)[0]!;

  it('takes a figure written otherwise for the same figure', () => {
    expect(isSameFigure(one('$5,995.00'), one('$5,995'))).toBe(true);
    expect(isSameFigure(one('$5,995.00'), one('US$5,995'))).toBe(true);
  });

  it('tells another number, kind or currency apart', () => {
    expect(isSameFigure(one('$5,995.00'), one('$4,500'))).toBe(false);
    expect(isSameFigure(one('18%'), one('18'))).toBe(false);
    expect(isSameFigure(one('5.995,00 $', 'de-DE'), one('5.995,00 €', 'de-DE'))).toBe(false);
  });
});
