import {
  CHART_FIGURE_LIMIT,
  formatChartNumber,
  plainChartNumber,
  type TemplateElement,
} from '@deck-portal/domain';
import { Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

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

/** The value axis's ends and step: each worked out from the figures when left empty. */
export function ChartAxisField({
  chart,
  onChange,
}: {
  chart: ChartElement;
  onChange: (chart: ChartElement) => void;
}) {
  const [typed, setTyped] = useState<Scale>(chart.scale ?? {});
  const [error, setError] = useState<string>();
  // The chart's axis changed elsewhere (undone, another element): show it again.
  useEffect(() => {
    setTyped(chart.scale ?? {});
    setError(undefined);
  }, [chart.scale]);

  const edit = (key: keyof Scale, value: number | string) => {
    const next: Scale = { ...typed };
    if (typeof value === 'number') next[key] = value;
    else delete next[key];
    setTyped(next);
    if (next.min !== undefined && next.max !== undefined && next.min >= next.max) {
      setError('The axis must end above where it starts.');
      return;
    }
    setError(undefined);
    const { scale: _old, ...rest } = chart;
    onChange(Object.keys(next).length > 0 ? { ...rest, scale: next } : rest);
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
            value={typed[key] ?? ''}
            min={key === 'step' ? 0 : -CHART_FIGURE_LIMIT}
            max={CHART_FIGURE_LIMIT}
            onChange={(value) => {
              // A step must be above zero: none is worked out from the figures.
              if (key === 'step' && typeof value === 'number' && value <= 0) return;
              edit(key, value);
            }}
          />
        ))}
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
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
  const sizes = [
    ['size', 'Label size', chart.size],
    ['titleSize', 'Title size', chart.titleSize ?? Math.round(chart.size * 1.35 * 10) / 10],
    ['legendSize', 'Legend size', chart.legendSize ?? chart.size],
  ] as const;
  return (
    <Group grow gap="xs" align="flex-start">
      {sizes.map(([key, label, value]) => (
        <NumberInput
          key={key}
          label={label}
          value={value}
          min={4}
          max={key === 'titleSize' ? 96 : 60}
          decimalScale={1}
          suffix=" pt"
          onChange={(next) =>
            typeof next === 'number' &&
            next >= 4 &&
            next <= (key === 'titleSize' ? 96 : 60) &&
            onChange({ ...chart, [key]: next })
          }
        />
      ))}
    </Group>
  );
}
