import {
  formatInputValue,
  readInputEntry,
  type DeckFigures,
  type DeckInput,
  type FigureFinding,
  type FigureRole,
} from '@deck-portal/domain';
import { Alert, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { currencySign } from '../market-pricing.ts';

/** What the rep typed in each input's field, by input name. */
export type InputEntries = Readonly<Record<string, string>>;

/** The fields as the draft's values fill them: the stored value, else the input's default. */
export function entriesFor(
  inputs: readonly DeckInput[],
  stored: Readonly<Record<string, number>> | undefined,
  typed: InputEntries,
): Record<string, string> {
  return Object.fromEntries(
    inputs.map((input) => [
      input.name,
      typed[input.name] ?? plainNumber(stored?.[input.name] ?? input.default),
    ]),
  );
}

const plainNumber = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: 6, useGrouping: false });

/**
 * The deck inputs as numbers, and the message of each field that cannot be read or is out of
 * its bounds (written in the deck's currency).
 */
export function readEntries(
  inputs: readonly DeckInput[],
  entries: InputEntries,
  /** The deck's currency, its bounds are written in. */
  currency?: string,
) {
  const values: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const input of inputs) {
    const read = readInputEntry(input, entries[input.name] ?? '', currency);
    if ('value' in read) values[input.name] = read.value;
    else errors[input.name] = read.error;
  }
  return { values, errors };
}

const roleLabels: Record<FigureRole, string> = {
  yearlySaving: 'Saved every year',
  paybackMonths: 'Payback',
  yearlyCosts: 'Yearly costs',
};

function figureText(role: FigureRole, value: number | null, currency: string) {
  if (value === null) return '—';
  if (role === 'paybackMonths') return `${Math.round(value).toLocaleString('en-US')} months`;
  return formatInputValue({ type: 'money' }, Math.round(value), currency);
}

/**
 * Step 3's deck inputs: the numbers the chosen slides need (the client's sites and yearly costs
 * for the ROI), prefilled with the library's defaults, each with its unit, bounds and help; below
 * them what the slides will say with these numbers, and what would look implausible to a client.
 */
export function DeckInputs({
  inputs,
  entries,
  errors,
  onChange,
  figures,
  slideTitles,
  currency = 'USD',
}: {
  inputs: readonly DeckInput[];
  entries: InputEntries;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (name: string, typed: string) => void;
  figures: DeckFigures | undefined;
  /** Slide titles by id, to say where a finding is. */
  slideTitles: ReadonlyMap<string, string>;
  /** The deck's currency: money inputs and figures are in it (issue 50). */
  currency?: string;
}) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {inputs.map((input) => (
          <TextInput
            key={input.name}
            label={input.label}
            description={[
              input.help,
              bounds(input, currency),
              input.slideIds.length > 0
                ? `Used by: ${input.slideIds.map((id) => slideTitles.get(id) ?? id).join(', ')}`
                : undefined,
            ]
              .filter(Boolean)
              .join(' ')}
            inputMode={input.type === 'integer' ? 'numeric' : 'decimal'}
            autoComplete="off"
            leftSection={
              input.type === 'money' ? <Text size="sm">{currencySign(currency)}</Text> : undefined
            }
            rightSection={
              input.unit ? (
                <Text size="xs" c="dimmed" pr="xs" style={{ whiteSpace: 'nowrap' }}>
                  {input.unit}
                </Text>
              ) : undefined
            }
            rightSectionWidth={input.unit ? 72 : undefined}
            value={entries[input.name] ?? ''}
            error={errors[input.name]}
            onChange={(event) => onChange(input.name, event.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
      {figures?.slides.map((slide) => (
        <Group
          key={slide.slideId}
          gap="lg"
          role="status"
          aria-label={`${slide.title} with these inputs`}
        >
          <Text size="sm" fw={600}>
            {slide.title}:
          </Text>
          {slide.figures
            .filter((figure) => figure.role !== 'yearlyCosts')
            .map((figure) => (
              <Text key={figure.name} size="sm">
                {roleLabels[figure.role]}: <b>{figureText(figure.role, figure.value, currency)}</b>
              </Text>
            ))}
        </Group>
      ))}
      {figures && figures.findings.length > 0 && (
        <FigureFindings findings={figures.findings} slideTitles={slideTitles} />
      )}
    </Stack>
  );
}

function bounds(input: DeckInput, currency: string) {
  const { min, max } = input;
  const written = (value: number) => formatInputValue(input, value, currency);
  if (min !== undefined && max !== undefined) return `From ${written(min)} to ${written(max)}.`;
  if (min !== undefined) return `At least ${written(min)}.`;
  if (max !== undefined) return `At most ${written(max)}.`;
  return undefined;
}

/** Figures a client would not believe, each with its slide: shown before the deck is made. */
export function FigureFindings({
  findings,
  slideTitles,
}: {
  findings: readonly FigureFinding[];
  slideTitles: ReadonlyMap<string, string>;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Check these figures before a client reads them"
    >
      <List size="sm" spacing={4}>
        {findings.map((finding) => (
          <List.Item key={`${finding.slideId}-${finding.figure}`}>
            {slideTitles.get(finding.slideId) ?? finding.slideId}: {finding.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
