import { DEFAULT_DECK_LOCALE, formatNumber } from './locale.ts';

/**
 * Money as the deck shows it: the price book's US dollars, two decimals, written as the deck's
 * locale writes them (`$6,245.00`, `6.245,00 $`).
 */
export function formatUsd(amount: number, locale: string = DEFAULT_DECK_LOCALE): string {
  return formatNumber(amount, locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** Whole cents, so sums and percentages of prices never drift (0.1 + 0.2). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}
