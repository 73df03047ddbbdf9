import { BOOK_CURRENCY, type PriceList, type PriceRounding } from '@deck-portal/domain';

const roundedTo: Record<PriceRounding, string> = {
  cent: 'rounded to the cent',
  unit: 'rounded to whole units',
  ten: 'rounded to tens',
  hundred: 'rounded to hundreds',
  thousand: 'rounded to thousands',
};

/**
 * How a list's prices come about, as the price book says it: "Entered", or "Derived from USD at
 * 150, rounded to hundreds".
 */
export function priceListKind(list: PriceList): string {
  if (!list.derived)
    return list.currency === BOOK_CURRENCY ? 'Entered (the book’s own)' : 'Entered';
  const rate = new Intl.NumberFormat('en', { maximumFractionDigits: 6 }).format(list.derived.rate);
  return `Derived from ${list.derived.from} at ${rate}, ${roundedTo[list.derived.rounding]}`;
}
