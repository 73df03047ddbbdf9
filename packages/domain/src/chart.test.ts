import { describe, expect, it } from 'vitest';
import {
  chartNumberCode,
  chartScale,
  chartTicks,
  formatChartNumber,
  readChartNumberCode,
  type ChartNumber,
} from './chart.ts';
import { templateElementSchema } from './template-format/index.ts';

const number = (over: Partial<ChartNumber>): ChartNumber => ({
  decimals: 0,
  grouping: false,
  percent: false,
  prefix: '',
  suffix: '',
  ...over,
});

describe('chart numbers', () => {
  it('reads the format codes spreadsheets write', () => {
    expect(readChartNumberCode('#,##0')).toEqual(number({ grouping: true }));
    expect(readChartNumberCode('0.0%')).toEqual(number({ decimals: 1, percent: true }));
    expect(readChartNumberCode('"$"#,##0.00')).toEqual(
      number({ decimals: 2, grouping: true, prefix: '$' }),
    );
    expect(readChartNumberCode('#,##0_);(#,##0)')).toEqual(number({ grouping: true }));
    expect(readChartNumberCode('0" m"')).toEqual(number({ suffix: 'm' }));
    expect(readChartNumberCode('[$€-407]#,##0')).toEqual(number({ grouping: true }));
  });

  it('leaves General and dates as the figures are', () => {
    expect(readChartNumberCode('General')).toBeUndefined();
    expect(readChartNumberCode('mm/dd/yyyy')).toBeUndefined();
    expect(readChartNumberCode('@')).toBeUndefined();
  });

  it('writes figures in the deck’s locale', () => {
    const money = number({ grouping: true, decimals: 1, prefix: '$', suffix: 'k' });
    expect(formatChartNumber(1234.56, money)).toBe('$1,234.6k');
    expect(formatChartNumber(1234.56, money, 'de-DE')).toBe('$1.234,6k');
    expect(formatChartNumber(0.256, number({ percent: true }))).toBe('26%');
    expect(formatChartNumber(79.626390103711, undefined)).toBe('79.6263901');
    expect(formatChartNumber(1200, undefined)).toBe('1200');
  });

  it('writes a code PowerPoint reads back to the same format', () => {
    const formats = [
      number({ grouping: true }),
      number({ decimals: 2, percent: true }),
      number({ prefix: '$', grouping: true, decimals: 1 }),
    ];
    for (const format of formats)
      expect(readChartNumberCode(chartNumberCode(format))).toEqual(format);
    expect(chartNumberCode(undefined)).toBe('General');
  });
});

describe('chartScale', () => {
  it('runs from zero to a round figure in steps of 1, 2 or 5 times a power of ten', () => {
    expect(chartScale(0, 85.2, 9)).toEqual({ min: 0, max: 90, step: 10 });
    expect(chartScale(0, 0.27, 6)).toEqual({ min: 0, max: 0.3, step: 0.05 });
    expect(chartScale(12, 700, 5)).toEqual({ min: 0, max: 800, step: 200 });
  });

  it('leaves room above a figure that comes close to the top', () => {
    expect(chartScale(0, 59, 10)).toEqual({ min: 0, max: 70, step: 10 });
    expect(chartScale(0, 340, 8)).toEqual({ min: 0, max: 400, step: 50 });
  });

  it('starts close figures below their least, and reaches below zero for negative ones', () => {
    expect(chartScale(500, 550, 10)).toEqual({ min: 470, max: 560, step: 10 });
    expect(chartScale(-12, 30, 8)).toEqual({ min: -20, max: 40, step: 10 });
    expect(chartScale(0, 0)).toEqual({ min: 0, max: 1, step: 0.1 });
  });

  it('keeps the ends and the step a chart fixes', () => {
    expect(chartScale(0, 59, 10, { max: 100, step: 25 })).toEqual({ min: 0, max: 100, step: 25 });
    expect(chartScale(3, 59, 10, { min: 0 })).toEqual({ min: 0, max: 70, step: 10 });
  });
});

describe('an axis from any input', () => {
  it('always has finite ends in order, a step above zero and a bounded count of ticks', () => {
    const cases: [number, number, object][] = [
      [0, 5, { min: 5, max: 5 }],
      [0, 5, { min: 10, max: 5 }],
      [0, 50, { min: 100 }],
      [1, 50, { max: -5 }],
      [1.7e308, 1.79e308, {}],
      [-1e308, 1e308, {}],
      [1e17, 1e17 + 50, {}],
      [0, 100, { min: 1e17, max: 1e17 + 100, step: 1 }],
      [0, 100, { step: 1e-9 }],
      [Number.NaN, 3, {}],
    ];
    for (const [least, greatest, fixed] of cases) {
      const scale = chartScale(least, greatest, 10, fixed);
      const label = JSON.stringify([least, greatest, fixed]);
      expect(Number.isFinite(scale.min) && Number.isFinite(scale.max), label).toBe(true);
      expect(scale.min, label).toBeLessThan(scale.max);
      expect(scale.step, label).toBeGreaterThan(0);
      expect(chartTicks(scale).length, label).toBeLessThanOrEqual(501);
    }
  });
});

describe('the chart element', () => {
  const chart = {
    kind: 'chart',
    x: 40,
    y: 40,
    w: 400,
    h: 300,
    chart: 'column',
    categories: ['North', 'South'],
    series: [{ name: 'Sales', values: [1, null] }],
    size: 10,
    color: 'brand.ink',
  };

  it('takes a figure per category, null where there is none', () => {
    expect(templateElementSchema.safeParse(chart).success).toBe(true);
  });

  it('refuses more figures than categories, a kind it does not draw and bad colours', () => {
    const tooMany = templateElementSchema.safeParse({
      ...chart,
      series: [{ name: 'Sales', values: [1, 2, 3] }],
    });
    expect(tooMany.success).toBe(false);
    expect(JSON.stringify(tooMany.error?.issues)).toContain('has 3 figures for 2 categories');
    expect(templateElementSchema.safeParse({ ...chart, chart: 'radar' }).success).toBe(false);
    expect(
      templateElementSchema.safeParse({ ...chart, series: [{ name: 'S', values: [1e300, 1] }] })
        .success,
    ).toBe(false);
    expect(templateElementSchema.safeParse({ ...chart, scale: { min: 5, max: 5 } }).success).toBe(
      false,
    );
    expect(
      templateElementSchema.safeParse({
        ...chart,
        series: [{ name: 'Sales', values: [1, 2], color: 'red' }],
      }).success,
    ).toBe(false);
  });

  it('checks the bindings of its title', () => {
    expect(
      templateElementSchema.safeParse({ ...chart, title: 'For {{client.name}}' }).success,
    ).toBe(true);
    expect(
      templateElementSchema.safeParse({ ...chart, title: '{{client.shoeSize}}' }).success,
    ).toBe(false);
  });
});
