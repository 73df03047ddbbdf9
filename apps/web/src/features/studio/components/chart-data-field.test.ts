import type { TemplateElement } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { chartSheet, readChartSheet } from './chart-data-field.tsx';

type Chart = Extract<TemplateElement, { kind: 'chart' }>;

const chart: Chart = {
  kind: 'chart',
  x: 0,
  y: 0,
  w: 400,
  h: 300,
  chart: 'column',
  categories: ['North', 'South'],
  series: [{ name: 'Sales', values: [1.5, null], color: '#0B2545' }],
  size: 10,
  color: 'brand.ink',
};

describe('a chart’s figures as a sheet', () => {
  it('writes the figures with tabs and reads them back the same', () => {
    const sheet = chartSheet(chart);
    expect(sheet).toBe('\tSales\nNorth\t1.5\nSouth\t');
    expect(readChartSheet(sheet, chart)).toEqual({
      categories: ['North', 'South'],
      series: [{ name: 'Sales', values: [1.5, null], color: '#0B2545' }],
    });
  });

  it('reads thousands separators, a decimal comma, currency and per cent signs', () => {
    const read = readChartSheet('\tSales\nA\t$1,250.5\nB\t1,5\nC\t12 %\nD\t-3', chart);
    expect(read).toMatchObject({ series: [{ values: [1250.5, 1.5, 12, -3] }] });
    // Semicolons separate cells when there is no tab, so decimal commas stay decimals.
    expect(readChartSheet(';Sales\nA;2,5', chart)).toMatchObject({ series: [{ values: [2.5] }] });
  });

  it('names the cell that is not a figure, or one too large for a chart', () => {
    expect(readChartSheet('\tSales\nA\tmany', chart)).toEqual({
      error: '"many" (A, Sales) is not a number.',
    });
    expect(readChartSheet('\tSales\nA\t1e300', chart)).toEqual({
      error: '"1e300" (A, Sales) is too large for a chart.',
    });
    expect(readChartSheet('Sales', chart)).toHaveProperty('error');
  });
});
