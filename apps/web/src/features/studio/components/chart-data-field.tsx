import {
  CHART_FIGURE_LIMIT,
  chartTypes,
  defaultChartPalette,
  type TemplateElement,
} from '@deck-portal/domain';
import { Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ChartAxisField, ChartNumberField, ChartSizesField } from './chart-look-field.tsx';
import { ColourField, type PaletteColour } from './colour-field.tsx';

type ChartElement = Extract<TemplateElement, { kind: 'chart' }>;

const typeLabels: Record<(typeof chartTypes)[number], string> = {
  column: 'Columns',
  bar: 'Bars',
  line: 'Lines',
  pie: 'Pie',
  doughnut: 'Doughnut',
};

const legendLabels = { none: 'None', right: 'Right', bottom: 'Bottom', top: 'Top', left: 'Left' };

/** The chart's figures as a sheet: series names across the top, a row per category. */
export function chartSheet(chart: ChartElement): string {
  const header = ['', ...chart.series.map((s) => s.name)].join('\t');
  const rows = chart.categories.map((category, c) =>
    [category, ...chart.series.map((s) => (s.values[c] ?? '').toString())].join('\t'),
  );
  return [header, ...rows].join('\n');
}

/**
 * A sheet as typed or pasted from a spreadsheet (tabs between cells; commas or semicolons
 * too) read back into categories and series; a message when a figure is not a number.
 */
export function readChartSheet(
  sheet: string,
  chart: ChartElement,
): { categories: string[]; series: ChartElement['series'] } | { error: string } {
  const lines = sheet.split(/\r?\n/).filter((line) => line.trim() !== '');
  const separator = sheet.includes('\t') ? '\t' : sheet.includes(';') ? ';' : ',';
  const cells = lines.map((line) => line.split(separator).map((cell) => cell.trim()));
  if (cells.length < 2 || cells[0]!.length < 2) {
    return { error: 'Write the series names on the first line and a line per category below.' };
  }
  const names = cells[0]!.slice(1);
  if (names.length > 20) return { error: 'A chart has at most 20 series.' };
  if (cells.length - 1 > 200) return { error: 'A chart has at most 200 categories.' };
  const body = cells.slice(1);
  const series: ChartElement['series'] = [];
  for (const [i, name] of names.entries()) {
    const values: (number | null)[] = [];
    for (const [r, row] of body.entries()) {
      const cell = readFigure(row[i + 1] ?? '');
      if (cell === '') {
        values.push(null);
        continue;
      }
      const value = Number(cell);
      const where = `(${row[0] || `line ${r + 2}`}, ${name})`;
      if (!Number.isFinite(value)) return { error: `"${row[i + 1]}" ${where} is not a number.` };
      if (Math.abs(value) > CHART_FIGURE_LIMIT) {
        return { error: `"${row[i + 1]}" ${where} is too large for a chart.` };
      }
      values.push(value);
    }
    // A series keeps its colour and kind where it stands.
    const before = chart.series[i];
    series.push({
      ...(before ?? {}),
      name: name.slice(0, 200),
      values,
    });
  }
  return { categories: body.map((row) => (row[0] ?? '').slice(0, 200)), series };
}

/**
 * A cell's figure as a number reads: currency signs, spaces and a percent sign dropped; commas
 * between thousands dropped (`1,250.5`), a lone decimal comma read as a point (`1,5`).
 */
function readFigure(cell: string): string {
  const bare = cell.replace(/[\s$€£%]/g, '');
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return bare.replace(/,/g, '');
  if (/^[-+]?\d+,\d+$/.test(bare)) return bare.replace(',', '.');
  return bare;
}

/** A chart's kind, title, legend, labels, figures and colours. */
export function ChartDataField({
  chart,
  palette,
  onChange,
}: {
  chart: ChartElement;
  palette: readonly PaletteColour[];
  onChange: (chart: ChartElement) => void;
}) {
  const [sheet, setSheet] = useState(() => chartSheet(chart));
  const [error, setError] = useState<string>();
  /** The figures this sheet last gave the chart, to tell its own edits from others'. */
  const given = useRef(figuresOf(chart));
  const round = chart.chart === 'pie' || chart.chart === 'doughnut';

  // The figures changed elsewhere (undone, redone): the sheet shows them again, any message gone.
  useEffect(() => {
    const figures = figuresOf(chart);
    if (figures === given.current) return;
    given.current = figures;
    setSheet(chartSheet(chart));
    setError(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the chart's figures change
  }, [chart.categories, chart.series]);

  const editSheet = (next: string) => {
    setSheet(next);
    const read = readChartSheet(next, chart);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(undefined);
    const edited = { ...chart, ...read };
    given.current = figuresOf(edited);
    onChange(edited);
  };

  return (
    <Stack gap="xs">
      <Select
        label="Chart"
        data={chartTypes.map((value) => ({ value, label: typeLabels[value] }))}
        value={chart.chart}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...chart, chart: value as ChartElement['chart'] })}
      />
      <TextInput
        label="Chart title"
        value={chart.title ?? ''}
        onChange={(event) => {
          const { title: _old, ...rest } = chart;
          const title = event.currentTarget.value;
          onChange(title === '' ? rest : { ...rest, title });
        }}
      />
      <Select
        label="Legend"
        data={Object.entries(legendLabels).map(([value, label]) => ({ value, label }))}
        value={chart.legend ?? 'none'}
        allowDeselect={false}
        onChange={(value) => {
          const { legend: _old, ...rest } = chart;
          onChange(
            !value || value === 'none'
              ? rest
              : { ...rest, legend: value as NonNullable<ChartElement['legend']> },
          );
        }}
      />
      <Group gap="md">
        <Checkbox
          label="Figures on the chart"
          checked={chart.dataLabels ?? false}
          onChange={(event) => onChange({ ...chart, dataLabels: event.currentTarget.checked })}
        />
        {!round && (
          <Checkbox
            label="Gridlines"
            checked={chart.gridlines ?? false}
            onChange={(event) => onChange({ ...chart, gridlines: event.currentTarget.checked })}
          />
        )}
        {(chart.chart === 'column' || chart.chart === 'bar') && (
          <Checkbox
            label="Stacked"
            checked={chart.stacked ?? false}
            onChange={(event) => onChange({ ...chart, stacked: event.currentTarget.checked })}
          />
        )}
      </Group>
      {!round && <ChartAxisField chart={chart} onChange={onChange} />}
      <ChartNumberField chart={chart} onChange={onChange} />
      <ChartSizesField chart={chart} onChange={onChange} />
      <Textarea
        label="Figures"
        description={
          round
            ? 'A line per slice: its name, a tab, its figure (the first series is drawn).'
            : 'Series names on the first line; then a line per category: its name and a figure per series, separated by tabs. Paste from a spreadsheet.'
        }
        autosize
        minRows={4}
        maxRows={14}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        value={sheet}
        error={error}
        onChange={(event) => editSheet(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        {chart.categories.length} categories, {chart.series.length} series.
      </Text>
      {round
        ? chart.categories
            .slice(0, 12)
            .map((category, i) => (
              <ColourField
                key={i}
                label={`Slice: ${category || i + 1}`}
                value={chart.palette?.[i]}
                palette={palette}
                onChange={(color) => onChange({ ...chart, palette: sliceColours(chart, i, color) })}
              />
            ))
        : chart.series.map((series, i) => (
            <ColourField
              key={i}
              label={`Series: ${series.name || i + 1}`}
              value={series.color}
              palette={palette}
              onChange={(color) =>
                onChange({
                  ...chart,
                  series: chart.series.map((s, j) => (j === i ? { ...s, color } : s)),
                })
              }
            />
          ))}
      <ColourField
        label="Labels"
        value={chart.color}
        palette={palette}
        onChange={(color) => onChange({ ...chart, color })}
      />
    </Stack>
  );
}

/** A chart's categories and figures as one text, to compare. */
const figuresOf = (chart: ChartElement) =>
  JSON.stringify([chart.categories, chart.series.map((s) => [s.name, s.values])]);

/**
 * A pie's slice colours with one set: the palette as drawn (the default one where the chart names
 * none), that one changed.
 */
function sliceColours(chart: ChartElement, at: number, color: string): string[] {
  const current: readonly string[] = chart.palette ?? defaultChartPalette;
  const count = Math.min(12, Math.max(chart.categories.length, current.length));
  return Array.from({ length: count }, (_, i) => (i === at ? color : current[i % current.length]!));
}
