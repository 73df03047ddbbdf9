import {
  CHART_FIGURE_LIMIT,
  chartTextSizes,
  formatChartNumber,
  plainChartNumber,
  type TemplateElement,
} from '@deck-portal/domain';
import { Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PointsInput } from './points-input.tsx';

type ChartElement = Extract<TemplateElement, { kind: 'chart' }>;
type Scale = NonNullable<ChartElement['scale']>;

/** How the chart writes its figures: as typed, or with decimals, separators, a sign before or after. */
export function ChartNumberField({
  chart,
  onChange,
}: {
  chart: ChartElement;
  onChange: (chart: ChartElement) => void;
}) {
  const number = chart.number;
  const sample = chart.series[0]?.values.find((v) => v !== null) ?? 1234.5;
  const withNumber = (next: ChartElement['number']) => {
    const { number: _old, ...rest } = chart;
    return next ? { ...rest, number: next } : rest;
  };
  return (
    <Stack gap={6}>
      <Checkbox
        label="Format the figures"
        description={
          number
            ? `Written as ${formatChartNumber(sample, number)} (the first figure).`
            : 'Untouched: each figure as typed.'
        }
        checked={number !== undefined}
        onChange={(event) =>
          onChange(withNumber(event.currentTarget.checked ? plainChartNumber : undefined))
        }
      />
      {number && (
        <>
          <Group grow gap="xs" align="flex-start">
            <NumberInput
              label="Decimals"
              value={number.decimals}
              min={0}
              max={6}
              allowDecimal={false}
              onChange={(decimals) =>
                typeof decimals === 'number' &&
                decimals >= 0 &&
                decimals <= 6 &&
                onChange(withNumber({ ...number, decimals }))
              }
            />
            {(
              [
                ['prefix', 'Before', 'Such as $'],
                ['suffix', 'After', 'Such as k'],
              ] as const
            ).map(([key, label, hint]) => (
              <TextInput
                key={key}
                label={label}
                placeholder={hint}
                maxLength={8}
                value={number[key]}
                onChange={(event) =>
                  onChange(withNumber({ ...number, [key]: event.currentTarget.value }))
                }
              />
            ))}
          </Group>
          <Group gap="md">
            <Checkbox
              label="Thousands separator"
              checked={number.grouping}
              onChange={(event) =>
                onChange(withNumber({ ...number, grouping: event.currentTarget.checked }))
              }
            />
            <Checkbox
              label="As a percentage"
              description="0.25 reads 25%"
              checked={number.percent}
              onChange={(event) =>
                onChange(withNumber({ ...number, percent: event.currentTarget.checked }))
              }
            />
          </Group>
        </>
      )}
    </Stack>
  );
}

type Drafts = Record<keyof Scale, string>;

const draftsOf = (scale: Scale | undefined): Drafts => ({
  min: scale?.min?.toString() ?? '',
  max: scale?.max?.toString() ?? '',
  step: scale?.step?.toString() ?? '',
});

/** The axis the typed ends and step make, or what is wrong with them. */
export function readScale(drafts: Drafts): { scale: Scale } | { error: string } {
  const scale: Scale = {};
  for (const key of ['min', 'max', 'step'] as const) {
    const text = drafts[key].trim();
    if (text === '') continue;
    const value = Number(text);
    if (!Number.isFinite(value) || Math.abs(value) > CHART_FIGURE_LIMIT) {
      return { error: 'Write a figure, or leave it empty to work it out from the figures.' };
    }
    scale[key] = value;
  }
  if (scale.step !== undefined && scale.step <= 0) return { error: 'A step is above zero.' };
  if (scale.min !== undefined && scale.max !== undefined && scale.min >= scale.max) {
    return { error: 'The axis must end above where it starts.' };
  }
  return { scale };
}

/**
 * The value axis's ends and step, each worked out from the figures when left empty: as typed
 * while typing (a decimal point or a minus sign on its way), and taken by the chart on leaving
 * a field when all three make an axis; what is wrong with them is said at once.
 */
export function ChartAxisField({
  chart,
  onChange,
}: {
  chart: ChartElement;
  onChange: (chart: ChartElement) => void;
}) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(chart.scale));
  // The chart's axis changed elsewhere (undone, redone): show it again.
  useEffect(() => setDrafts(draftsOf(chart.scale)), [chart.scale]);
  const read = readScale(drafts);

  const take = () => {
    if ('error' in read) return;
    const { scale: before, ...rest } = chart;
    const scale = Object.keys(read.scale).length > 0 ? read.scale : undefined;
    if (JSON.stringify(scale) === JSON.stringify(before)) return;
    onChange(scale ? { ...rest, scale } : rest);
  };

  return (
    <Stack gap={4}>
      <Group grow gap="xs" align="flex-start">
        {(
          [
            ['min', 'Axis from'],
            ['max', 'Axis to'],
            ['step', 'Step'],
          ] as const
        ).map(([key, label]) => (
          <NumberInput
            key={key}
            label={label}
            placeholder="Auto"
            value={drafts[key]}
            onChange={(value) => setDrafts((now) => ({ ...now, [key]: String(value) }))}
            onBlur={take}
          />
        ))}
      </Group>
      {'error' in read && (
        <Text size="sm" c="red.8" role="alert">
          {read.error}
        </Text>
      )}
    </Stack>
  );
}

/** The sizes of the chart's text in points: its labels, its title and its legend. */
export function ChartSizesField({
  chart,
  onChange,
}: {
  chart: ChartElement;
  onChange: (chart: ChartElement) => void;
}) {
  const drawn = chartTextSizes(chart);
  const sizes = [
    ['size', 'Label size', chart.size],
    ['titleSize', 'Title size', Math.round(drawn.titleSize * 10) / 10],
    ['legendSize', 'Legend size', drawn.legendSize],
  ] as const;
  return (
    <Group grow gap="xs" align="flex-start">
      {sizes.map(([key, label, value]) => (
        <PointsInput
          key={key}
          label={label}
          value={value}
          max={key === 'titleSize' ? 96 : 60}
          suffix=" pt"
          onChange={(next) => onChange({ ...chart, [key]: next })}
        />
      ))}
    </Group>
  );
}
