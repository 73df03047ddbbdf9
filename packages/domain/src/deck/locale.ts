/**
 * The languages and formats a deck's dates and figures can follow, chosen in step 1 (issue 18):
 * `23. November 2026` and `1.234,56 $` in German, `2026年11月23日` in Japanese. Prices keep the
 * price book's currency (US dollars) whatever the locale.
 */
export const DECK_LOCALES = [
  { id: 'en-US', label: 'English (United States)' },
  { id: 'en-GB', label: 'English (United Kingdom)' },
  { id: 'de-DE', label: 'German (Germany)' },
  { id: 'fr-FR', label: 'French (France)' },
  { id: 'es-ES', label: 'Spanish (Spain)' },
  { id: 'it-IT', label: 'Italian (Italy)' },
  { id: 'nl-NL', label: 'Dutch (Netherlands)' },
  { id: 'pt-BR', label: 'Portuguese (Brazil)' },
  { id: 'el-GR', label: 'Greek (Greece)' },
  { id: 'vi-VN', label: 'Vietnamese (Vietnam)' },
  { id: 'ja-JP', label: 'Japanese (Japan)' },
  { id: 'zh-CN', label: 'Chinese (China)' },
  { id: 'zh-TW', label: 'Chinese (Taiwan)' },
  { id: 'ko-KR', label: 'Korean (South Korea)' },
  { id: 'ar-AE', label: 'Arabic (United Arab Emirates)' },
  { id: 'he-IL', label: 'Hebrew (Israel)' },
  { id: 'hi-IN', label: 'Hindi (India)' },
  { id: 'th-TH', label: 'Thai (Thailand)' },
] as const;

export type DeckLocale = (typeof DECK_LOCALES)[number]['id'];
export const DEFAULT_DECK_LOCALE: DeckLocale = 'en-US';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A deck's date (`2026-03-05`) as its locale writes it in full: `March 5, 2026`,
 * `5. März 2026`, `2026年3月5日`. The day is printed as chosen, whatever the time zone.
 */
export function formatDeckDate(date: string, locale: string = DEFAULT_DECK_LOCALE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  const [, y, m, d] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number.isNaN(day.getTime()) ? date : format.format(day);
}

/** A locale's number format with some options, and the figures it wrote, by value. */
interface NumberFormatting {
  format: Intl.NumberFormat;
  written: Map<number, string>;
}

const numberFormats = new Map<string, NumberFormatting>();
/** How many figures each format keeps written: a deck writes the same prices on many slides. */
const FIGURES_KEPT = 2_000;

/**
 * A number as the locale writes it with `options`, without the direction marks some locales put
 * around figures (Hebrew, Arabic): the deck's labels read left to right, and the engine orders
 * a line's figures by the letters around them.
 */
export function formatNumber(
  value: number,
  locale: string = DEFAULT_DECK_LOCALE,
  options: Intl.NumberFormatOptions = {},
): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatting = numberFormats.get(key);
  if (!formatting) {
    formatting = { format: new Intl.NumberFormat(locale, options), written: new Map() };
    numberFormats.set(key, formatting);
  }
  const write = () => formatting.format.format(value).replace(/[\u200e\u200f\u061c]/g, '');
  // A map takes -0 for 0, which a format writes as `-0`.
  if (Object.is(value, -0)) return write();
  let text = formatting.written.get(value);
  if (text === undefined) {
    text = write();
    if (formatting.written.size >= FIGURES_KEPT) formatting.written.clear();
    formatting.written.set(value, text);
  }
  return text;
}

/** The year of a deck's date as its locale counts years (`2026`; `2569` in the Thai calendar). */
export function formatDeckYear(date: string, locale: string = DEFAULT_DECK_LOCALE): string {
  const full = formatDeckDate(date, locale);
  if (full === date) return date.slice(0, 4);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date)!;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormats
    .get(locale)!
    .formatToParts(day)
    .find((part) => part.type === 'year')!.value;
}
