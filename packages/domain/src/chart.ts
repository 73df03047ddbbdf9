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

/** The largest figure a chart takes, either side of zero: well inside a double's exact range. */
export const CHART_FIGURE_LIMIT = 1e15;

/**
 * A value axis for figures from `least` to `greatest`, as office charts work one out: figures
 * all on one side of zero start from zero when they are spread wide (the least under 5/6 of the
 * greatest) and from half their spread below the least when they are close; the step is 1, 2
 * or 5 times a power of ten, the first that needs at most `most` steps; the ends are whole
 * steps, one step further out when a figure comes within a 21st of the axis's length of one.
 * What `fixed` gives is kept as given where it makes an axis (ends in order, at most 500 steps);
 * whatever comes in, the axis has finite ends in order and a step above zero.
 */
export function chartScale(
  least: number,
  greatest: number,
  most = 10,
  fixed: FixedScale = {},
): { min: number; max: number; step: number } {
  const count = Number.isFinite(most) ? Math.max(2, Math.min(10, Math.floor(most))) : 10;
  const bounded = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) && Math.abs(value) <= CHART_FIGURE_LIMIT
      ? value
      : undefined;
  least = bounded(least) ?? 0;
  greatest = bounded(greatest) ?? 0;
  let fixedMin = bounded(fixed.min);
  let fixedMax = bounded(fixed.max);
  // Ends out of order say nothing usable: both are worked out.
  if (fixedMin !== undefined && fixedMax !== undefined && fixedMin >= fixedMax) {
    fixedMin = fixedMax = undefined;
  }
  let low = Math.min(least, greatest);
  let high = Math.max(least, greatest);
  if (fixedMin === undefined && low > 0) {
    low = low / high < 5 / 6 ? 0 : low - (high - low) / 2;
  }
  if (fixedMax === undefined && high < 0) {
    high = high / low < 5 / 6 ? 0 : high + (high - low) / 2;
  }
  if (fixedMin !== undefined) low = fixedMin;
  if (fixedMax !== undefined) high = fixedMax;
  if (!(low < high)) {
    if (fixedMax === undefined) high = low + Math.max(1, Math.abs(low));
    else low = high - Math.max(1, Math.abs(high));
  }
  const span = high - low;
  const fixedStep =
    fixed.step !== undefined &&
    Number.isFinite(fixed.step) &&
    fixed.step > 0 &&
    span / fixed.step <= 500
      ? fixed.step
      : undefined;
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const steps =
    fixedStep !== undefined
      ? [fixedStep]
      : [1, 2, 5, 10, 20, 50, 100].map((m) => m * power).filter((s) => s >= rough * (1 - 1e-9));
  let scale = { min: low, max: high, step: steps[0] ?? rough };
  for (const step of steps) {
    let min = fixedMin ?? Math.floor(low / step + 1e-9) * step;
    let max = fixedMax ?? Math.ceil(high / step - 1e-9) * step;
    if (fixedMin === undefined && min !== 0 && (max - least) / (max - min) > 20 / 21) min -= step;
    if (fixedMax === undefined && max !== 0 && (greatest - min) / (max - min) > 20 / 21) {
      max += step;
    }
    scale = { min: clean(min), max: clean(max), step: clean(step) };
    if ((max - min) / step <= count + 1e-9 || fixedStep !== undefined) break;
  }
  const usable =
    Number.isFinite(scale.min) &&
    Number.isFinite(scale.max) &&
    scale.min < scale.max &&
    scale.step > 0 &&
    (scale.max - scale.min) / scale.step <= 500;
  return usable ? scale : { min: 0, max: 1, step: 0.1 };
}

/** The ticks of an axis, from its least to its greatest, by index (never an endless count). */
export function chartTicks(scale: { min: number; max: number; step: number }): number[] {
  const count = Math.min(500, Math.round((scale.max - scale.min) / scale.step));
  return Array.from({ length: count + 1 }, (_, i) => clean(scale.min + i * scale.step));
}

/** A figure without the last-digit noise of sums of binary fractions. */
const clean = (value: number) => Number(value.toPrecision(12));
