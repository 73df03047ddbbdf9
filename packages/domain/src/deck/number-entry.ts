import { DECK_DRAFT_MESSAGES } from './deck-draft.ts';

/**
 * Reading the numbers a rep types in step 2, as typed: nothing is silently changed ("1e9" is
 * not 19, "-10" is not 10, "12.345" is not 12.34). Each answer is the number, or the message
 * the field shows at once.
 */
export type NumberEntry = { value: number } | { error: string };

export const NUMBER_ENTRY_MESSAGES = {
  quantityFormat: 'Enter the quantity in digits, like 12',
  priceFormat: 'Enter the price in digits, like 1,250.00',
  priceCents: 'Use at most 2 decimals (cents)',
} as const;

/** "1,234.5" → "1234.5" when the commas group thousands properly; undefined when they do not. */
function withoutThousands(text: string): string | undefined {
  if (!text.includes(',')) return text;
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : undefined;
}

export function readQuantity(input: string | number): NumberEntry {
  const text = String(input).trim();
  if (text === '') return { error: DECK_DRAFT_MESSAGES.quantityMin };
  if (/^-\s*\d/.test(text)) return { error: DECK_DRAFT_MESSAGES.quantityMin };
  const plain = withoutThousands(text);
  if (plain !== undefined && /^\d+\.\d*$/.test(plain) && !/^\d+\.0*$/.test(plain)) {
    return { error: DECK_DRAFT_MESSAGES.quantityWhole };
  }
  if (plain === undefined || !/^\d+(\.0*)?$/.test(plain)) {
    return { error: NUMBER_ENTRY_MESSAGES.quantityFormat };
  }
  const value = Number(plain);
  if (value < 1) return { error: DECK_DRAFT_MESSAGES.quantityMin };
  if (value > 100_000) return { error: DECK_DRAFT_MESSAGES.quantityMax };
  return { value };
}

export function readPrice(input: string | number): NumberEntry {
  const text = String(input)
    .trim()
    .replace(/^\$\s*/, '');
  if (text === '') return { error: NUMBER_ENTRY_MESSAGES.priceFormat };
  if (/^-\s*\$?\s*\d/.test(text)) return { error: DECK_DRAFT_MESSAGES.priceMin };
  const plain = withoutThousands(text);
  if (plain === undefined || !/^(\d+(\.\d*)?|\.\d+)$/.test(plain)) {
    return { error: NUMBER_ENTRY_MESSAGES.priceFormat };
  }
  const decimals = plain.split('.')[1]?.replace(/0+$/, '') ?? '';
  if (decimals.length > 2) return { error: NUMBER_ENTRY_MESSAGES.priceCents };
  const value = Number(plain);
  if (value > 10_000_000) return { error: DECK_DRAFT_MESSAGES.priceMax };
  return { value };
}

/** How a stored number is shown in its field: `5,995`, `29.99`, `12`. */
export function formatNumberEntry(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2, useGrouping: true });
}
