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

const minorDigits = new Map<string, number>();

/** How many decimals a currency's amounts have: 2 for dollars and euros, 0 for yen. */
export function currencyDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

/**
 * Money in `currency` as the deck's locale writes it, with the currency's own decimals
 * (`¥1,234,500`, `1.234,50 €`, `د.إ.‏ 1,234.00`); US dollars when no currency is named.
 */
export function formatMoney(
  amount: number,
  currency: string = 'USD',
  locale: string = DEFAULT_DECK_LOCALE,
): string {
  const digits = currencyDigits(currency);
  return formatNumber(amount, locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Cents (hundredths) rounded to what the currency can pay: whole yen, whole cents. */
export function roundToCurrency(cents: number, currency: string = 'USD'): number {
  const step = 10 ** Math.max(0, 2 - currencyDigits(currency));
  return Math.round(cents / step) * step;
}

/**
 * The tax on an amount in cents at `percent`: added to it when prices exclude the tax, the part
 * of it that is tax when they include it; rounded to what the currency can pay.
 */
export function taxCents(
  amountCents: number,
  tax: { percent: number; inclusive: boolean },
  currency: string = 'USD',
): number {
  const share = tax.percent / 100;
  const raw = tax.inclusive ? amountCents - amountCents / (1 + share) : amountCents * share;
  return roundToCurrency(raw, currency);
}
