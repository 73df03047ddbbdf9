import { describe, expect, it } from 'vitest';
import { compileFormula } from './template-figures.ts';

const known = (name: string) => ['quote.net', 'figure.saving'].includes(name);
const evaluate = (source: string, values: Record<string, number | undefined> = {}) =>
  compileFormula(source, known)(values);

describe('a slide’s figures', () => {
  it('computes arithmetic over the quote and earlier figures', () => {
    const values = { 'quote.net': 5_928.3, 'figure.saving': 59_700 };
    expect(evaluate('quote.net / figure.saving * 12', values)).toBeCloseTo(1.1916, 4);
    expect(evaluate('-(1 + 2) * 3 - 4 / 2')).toBe(-11);
    expect(evaluate('round(max(1.4, min(9, 2.6)))')).toBe(3);
  });

  it('has no value without the quote, or where a division has none', () => {
    expect(evaluate('quote.net * 2', {})).toBeUndefined();
    expect(evaluate('1 / 0')).toBeUndefined();
  });

  it('refuses anything but arithmetic over known figures, saying what', () => {
    const refusal = (source: string) => {
      try {
        compileFormula(source, known);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal('quote.price * 2')).toBe('quote.price is not a figure it can use');
    expect(refusal('net * 2')).toBe('net is not a figure it can use');
    expect(refusal('process.exit(1)')).toBe('can call only min, max, round, floor and ceil');
    expect(refusal('"12" * 2')).toBe('"12" is not a number');
    expect(refusal('quote["net"]')).toBe('this is not a figure it can use');
    expect(refusal('1 % 2')).toBe('"%" is not arithmetic it can do');
    expect(refusal('1 +')).toMatch(/^cannot be read/);
  });
});
