import { z } from 'zod';
import { DEFAULT_DECK_LOCALE, formatNumber } from './deck/locale.ts';

/**
 * How a chart writes its figures (axis labels, data labels): decimals, a thousands separator,
 * as a percentage (0.25 reads `25%`), with a text before or after (`$`, ` m`). A spreadsheet's
 * format code (`#,##0.0`, `0%`, `"$"#,##0`) is read into this; one is written back for PowerPoint.
 */
export const chartNumberSchema = z
  .object({
    decimals: z.number().int().min(0).max(6).default(0),
    grouping: z.boolean().default(false),
    percent: z.boolean().default(false),
    prefix: z.string().max(8).default(''),
    suffix: z.string().max(8).default(''),
  })
  .strict();
export type ChartNumber = z.infer<typeof chartNumberSchema>;

export const plainChartNumber: ChartNumber = {
  decimals: 0,
  grouping: false,
  percent: false,
  prefix: '',
  suffix: '',
};

/** A figure as the chart writes it, in the deck's locale. */
export function formatChartNumber(
  value: number,
  number: ChartNumber | undefined,
  locale: string = DEFAULT_DECK_LOCALE,
): string {
  if (!number) {
    // Like a spreadsheet's General: as many decimals as the figure has, up to ten significant digits.
    return formatNumber(Number(value.toPrecision(10)), locale, {
      maximumFractionDigits: 10,
      useGrouping: false,
    });
  }
  const figure = formatNumber(number.percent ? value * 100 : value, locale, {
    minimumFractionDigits: number.decimals,
    maximumFractionDigits: number.decimals,
    useGrouping: number.grouping,
  });
  return `${number.prefix}${figure}${number.percent ? '%' : ''}${number.suffix}`;
}

/** A spreadsheet number format code for the figures (what PowerPoint's chart data writes). */
export function chartNumberCode(number: ChartNumber | undefined): string {
  if (!number) return 'General';
  const quote = (text: string) => (text === '' ? '' : `"${text.replace(/"/g, '')}"`);
  const digits = number.grouping ? '#,##0' : '0';
  const decimals = number.decimals > 0 ? `.${'0'.repeat(number.decimals)}` : '';
  return `${quote(number.prefix)}${digits}${decimals}${number.percent ? '%' : ''}${quote(number.suffix)}`;
}

/**
 * A spreadsheet format code as the chart's number format; undefined for `General` and for codes
 * that say more than this format can (dates, several sections are read from the first only).
 */
export function readChartNumberCode(code: string): ChartNumber | undefined {
  const first = code.split(';')[0]!.replace(/\[[^\]]*\]/g, '');
  if (/general/i.test(first) || !/[0#]/.test(first)) return undefined;
  if (/[dmyhs]/i.test(first.replace(/"[^"]*"/g, ''))) return undefined;
  const start = first.search(/[0#?]/);
  let end = start;
  while (end < first.length && /[0#?,.]/.test(first[end]!)) end += 1;
  const digits = first.slice(start, end);
  const fraction = digits.split('.')[1] ?? '';
  const unquote = (text: string) =>
    text
      .replace(/"([^"]*)"/g, '$1')
      .replace(/\\(.)/g, '$1')
      .replace(/_.|\*./g, '')
      .replace(/%/g, '')
      .trim()
      .slice(0, 8);
  const after = first.slice(end);
  return {
    decimals: Math.min(6, (fraction.match(/[0#?]/g) ?? []).length),
    grouping: digits.split('.')[0]!.includes(','),
    percent: first.includes('%'),
    prefix: unquote(first.slice(0, start)),
    suffix: unquote(after),
  };
}

/**
 * A chart's colours for series (a pie's slices) that have none, in turn: the brand's, then calm
 * tones that go with them.
 */
export const defaultChartPalette = [
  'brand.primary',
  'brand.accent',
  'brand.highlight',
  'brand.muted',
  '#7A9E7E',
  '#B5838D',
] as const;

/** The chart kinds the format draws. */
export const chartTypes = ['column', 'bar', 'line', 'pie', 'doughnut'] as const;
export type ChartType = (typeof chartTypes)[number];

/** Chart kinds with axes (the others are round). */
export const hasAxes = (type: ChartType) => type === 'column' || type === 'bar' || type === 'line';

/** An axis's ends and step where a chart fixes them. */
export interface FixedScale {
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
}

/**
 * A value axis for figures from `least` to `greatest`, as office charts work one out: figures
 * all on one side of zero start from zero when they are spread wide (the least under 5/6 of the
 * greatest) and from half their spread below the least when they are close; the step is 1, 2
 * or 5 times a power of ten, the first that needs at most `most` steps; the ends are whole
 * steps, one step further out when a figure comes within a 21st of the axis's length of one.
 * What `fixed` gives is kept as given.
 */
export function chartScale(
  least: number,
  greatest: number,
  most = 10,
  fixed: FixedScale = {},
): { min: number; max: number; step: number } {
  const count = Math.max(2, Math.min(10, Math.floor(most)));
  let low = Math.min(least, greatest);
  let high = Math.max(least, greatest);
  if (fixed.min === undefined && low > 0) {
    low = low / high < 5 / 6 ? 0 : low - (high - low) / 2;
  }
  if (fixed.max === undefined && high < 0) {
    high = high / low < 5 / 6 ? 0 : high + (high - low) / 2;
  }
  if (fixed.min !== undefined) low = fixed.min;
  if (fixed.max !== undefined) high = fixed.max;
  if (low >= high) {
    if (fixed.max === undefined) high = high === 0 ? 1 : high > 0 ? high * 2 : 0;
    else low = low === 0 ? -1 : low > 0 ? 0 : low * 2;
  }
  const steps = (() => {
    if (fixed.step !== undefined && fixed.step > 0 && (high - low) / fixed.step <= 500) {
      return [fixed.step];
    }
    const rough = (high - low) / count;
    const power = 10 ** Math.floor(Math.log10(rough));
    return [1, 2, 5, 10, 20, 50, 100].map((m) => m * power).filter((s) => s >= rough * (1 - 1e-9));
  })();
  let scale = { min: low, max: high, step: steps[0]! };
  for (const step of steps) {
    let min = fixed.min ?? Math.floor(low / step + 1e-9) * step;
    let max = fixed.max ?? Math.ceil(high / step - 1e-9) * step;
    if (fixed.min === undefined && min !== 0 && (max - least) / (max - min) > 20 / 21) min -= step;
    if (fixed.max === undefined && max !== 0 && (greatest - min) / (max - min) > 20 / 21) {
      max += step;
    }
    scale = { min: clean(min), max: clean(max), step: clean(step) };
    if ((max - min) / step <= count + 1e-9 || fixed.step !== undefined) break;
  }
  return scale;
}

/** A figure without the last-digit noise of sums of binary fractions. */
const clean = (value: number) => Number(value.toPrecision(12));
