import { DEFAULT_DECK_LOCALE, formatNumber } from './deck/locale.ts';

/**
 * Figures read back from a slide's words (issue 49): money, percentages and plain numbers as a
 * deck's locale writes them (`$4,500.00`, `4.500,00 $`, `12 345,50 $US`, `18,3 %`), and as a
 * person may type them into a copy of the deck (`$4,500`, `4.500 €`).
 */

export type FigureKind = 'money' | 'percent' | 'number';

export interface ShownFigure {
  /** As the words show it: `$4,500.00`. */
  text: string;
  kind: FigureKind;
  /** The number it says (4500; 18.3 for `18.3%`), when it reads as one. */
  value: number | undefined;
  /** The currency it is written in (`USD`, `EUR`), for money. */
  currency: string | undefined;
  /** Where it stands in the words it was read from. */
  start: number;
  end: number;
}

/** The currency marks a deck's figures or a person's edit may carry, and what each means. */
const CURRENCIES: Readonly<Record<string, string>> = {
  US$: 'USD',
  $US: 'USD',
  USD: 'USD',
  $: 'USD',
  EUR: 'EUR',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
};

const escape = (text: string) => text.replace(/[$]/g, '\\$');
// Longest first, so `US$` is read whole rather than as `$`.
const CURRENCY = `(?:${Object.keys(CURRENCIES)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|')})`;
const SPACE = '[ \\u00a0\\u202f]';
const SIGN = `(?:[-\\u2212]${SPACE}?)`;
/** The direction marks some locales put around figures (formatNumber leaves them out). */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

interface LocaleMarks {
  pattern: RegExp;
  decimal: string;
}

const localeMarks = new Map<string, LocaleMarks>();

/**
 * How a locale writes figures: the pattern finding them, and its decimal mark. Groups of digits
 * are set apart by `,` `.` `'` and, where the locale does (French), a space; Indian grouping
 * (`12,34,567`) has groups of two.
 */
function marksOf(locale: string): LocaleMarks {
  let marks = localeMarks.get(locale);
  if (marks) return marks;
  const sample = formatNumber(1_234_567.5, locale);
  const isSpaced = /\d[ \u00a0\u202f]\d/.test(sample);
  const hasPairs = /\d\D\d\d\D\d{3}\D/.test(sample);
  const group = `[.,'${isSpaced ? ' \\u00a0\\u202f' : ''}]`;
  const digits = `\\d+(?:${group}\\d{${hasPairs ? '2,3' : '3'}}(?!\\d))*(?:[.,]\\d+)?`;
  const decimal =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
      ?.value ?? '.';
  marks = {
    // Not inside a word or a longer number (`X200`, `v2.0`).
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}.,])${SIGN}?(?:${CURRENCY}${SPACE}?)?${SIGN}?${digits}(?:${SPACE}?(?:%|${CURRENCY}(?!\\p{L})))?`,
      'gu',
    ),
    decimal,
  };
  localeMarks.set(locale, marks);
  return marks;
}

/**
 * Digits with their marks as a number: two kinds of mark, the last is the decimal one; one mark
 * once before three digits is what the locale makes it (`4,500` in en-US, `4.500` in de-DE);
 * before one, two or four digits it can only be a decimal mark; a mark several times groups.
 */
function readDigits(digits: string, decimalMark: string): number | undefined {
  const plain = digits.replace(/['\s\u00a0\u202f]/g, '');
  const marks = [...plain.matchAll(/[.,]/g)].map((match) => ({
    mark: match[0],
    at: match.index,
  }));
  const last = marks.at(-1);
  let decimal: string | undefined;
  if (last) {
    const kinds = new Set(marks.map(({ mark }) => mark));
    const digitsAfter = plain.length - last.at - 1;
    if (kinds.size === 2) decimal = last.mark;
    else if (marks.length === 1) {
      decimal = digitsAfter !== 3 || last.mark === decimalMark ? last.mark : undefined;
    }
  }
  const parts = decimal === undefined ? [plain] : plain.split(decimal);
  if (parts.length > 2) return undefined;
  const whole = parts[0]!.replace(/[.,]/g, '');
  const text = parts.length === 2 ? `${whole}.${parts[1]}` : whole;
  const value = Number(text);
  return text !== '' && Number.isFinite(value) ? value : undefined;
}

function readFigure(text: string, start: number, decimalMark: string): ShownFigure {
  const currencyMark = new RegExp(CURRENCY).exec(text.replace(/\d[\d.,'\s\u00a0\u202f]*/g, ' '));
  const isPercent = text.trimEnd().endsWith('%');
  const isNegative = /[-\u2212]/.test(text);
  const digits = /\d[\d.,'\s\u00a0\u202f]*\d|\d/.exec(text)?.[0] ?? '';
  const magnitude = readDigits(digits, decimalMark);
  return {
    text,
    kind: isPercent ? 'percent' : currencyMark ? 'money' : 'number',
    value: magnitude === undefined ? undefined : isNegative ? -magnitude : magnitude,
    currency: currencyMark ? CURRENCIES[currencyMark[0]] : undefined,
    start,
    end: start + text.length,
  };
}

/** The figures of some words, in reading order, as the deck's locale writes them. */
export function findFigures(words: string, locale: string = DEFAULT_DECK_LOCALE): ShownFigure[] {
  const { pattern, decimal } = marksOf(locale);
  const plain = words.replace(DIRECTION_MARKS, '');
  return [...plain.matchAll(pattern)].map((match) =>
    readFigure(match[0].trimEnd(), match.index, decimal),
  );
}

/** The number a figure says, read in the deck's locale: `4.500 €` is 4500 in de-DE. */
export function readFigureValue(
  text: string,
  locale: string = DEFAULT_DECK_LOCALE,
): number | undefined {
  const [figure] = findFigures(text, locale);
  return figure?.value;
}

/**
 * Whether two figures say the same: the same number of the same kind (and currency), however
 * written (`$5,995` is `$5,995.00`); figures that do not read as numbers, the same text.
 */
export function isSameFigure(a: ShownFigure, b: ShownFigure): boolean {
  if (a.value === undefined || b.value === undefined) return a.text === b.text;
  return (
    a.kind === b.kind &&
    a.currency === b.currency &&
    Math.round(a.value * 1000) === Math.round(b.value * 1000)
  );
}
