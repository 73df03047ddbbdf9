import { deckLanguageOf, type MarketTax } from '@deck-portal/domain';

/** A market's tax as the table reads it: "Consumption tax 10 % (added)", or "None". */
export function taxLabel(tax: MarketTax | null): string {
  if (!tax) return 'None';
  const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(tax.percent);
  return `${tax.name} ${percent} % (${tax.inclusive ? 'included' : 'added'})`;
}

/** A deck language by its own name and in English: "日本語 (Japanese)", "English". */
export function languageLabel(tag: string): string {
  const language = deckLanguageOf(tag);
  return language.nativeName === language.name
    ? language.name
    : `${language.nativeName} (${language.name})`;
}
