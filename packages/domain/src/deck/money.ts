const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money as the deck shows it: en-US, USD, two decimals (`$6,245.00`). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Whole cents, so sums and percentages of prices never drift (0.1 + 0.2). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}
