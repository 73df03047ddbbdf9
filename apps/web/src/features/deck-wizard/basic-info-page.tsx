import {
  basicInfoSchema,
  clientHeadline,
  DECK_LOCALES,
  DEFAULT_DECK_LOCALE,
  formatDeckDate,
  formatUsd,
  type DeckLocale,
  type DeckMode,
} from '@deck-portal/domain';
import { useState } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconBuilding,
  IconCalendar,
  IconFileText,
  IconHeading,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { loadDeckDraft, saveDeckDraft } from '../../lib/deck-draft-storage.ts';
import { todayIsoDate } from '../../lib/format-date.ts';
import { WizardLayout } from './components/wizard-layout.tsx';
import { useFontCheck } from './api/font-check.ts';
import { ModeDescription } from './components/mode-description.tsx';

type BasicInfoValues = {
  deckTitle: string;
  clientName: string;
  headline: string;
  date: string | null;
  primaryContact: string;
  mode: DeckMode;
  locale: DeckLocale;
};

function initialValues(): BasicInfoValues {
  const saved = loadDeckDraft().basicInfo;
  return {
    deckTitle: saved?.deckTitle ?? '',
    clientName: saved?.clientName ?? '',
    headline: saved?.headline ?? '',
    date: saved?.date ?? todayIsoDate(),
    primaryContact: saved?.primaryContact ?? '',
    mode: saved?.mode ?? 'simple',
    locale: saved?.locale ?? DEFAULT_DECK_LOCALE,
  };
}

/** The deck's date and a price as its locale writes them (`5. März 2026 · 1.234,56 $`). */
function formatSample({ date, locale }: BasicInfoValues): string {
  return `${formatDeckDate(date ?? todayIsoDate(), locale)} · ${formatUsd(1234.56, locale)}`;
}

/** Step 1 (SPEC.md §2): who the deck is for and how much control the rep wants. */
export default function BasicInfoPage() {
  const navigate = useNavigate();
  const form = useForm<BasicInfoValues>({
    mode: 'controlled',
    initialValues: initialValues(),
    validate: schemaResolver(basicInfoSchema, { sync: true }),
  });

  // The texts the client reads, checked against the deck's font when the rep leaves a field.
  const clientTexts = (values: BasicInfoValues) => [
    values.clientName,
    values.headline,
    values.primaryContact,
  ];
  const [checkedTexts, setCheckedTexts] = useState(() => clientTexts(form.getValues()));
  const fontCheck = useFontCheck(checkedTexts);
  const checkedInputProps = (name: 'clientName' | 'headline' | 'primaryContact') => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
        props.onBlur?.(event);
        setCheckedTexts(clientTexts(form.getValues()));
      },
    };
  };
  const missing = fontCheck.data?.missing ?? [];

  const submit = form.onSubmit((values) => {
    const basicInfo = basicInfoSchema.parse(values);
    saveDeckDraft({ basicInfo });
    navigate(paths.createDeck.productSelection);
  });

  return (
    <WizardLayout
      active={0}
      title="Basic Information"
      description="Tell us who this deck is for. You can change any of it later."
    >
      <Paper withBorder radius="lg" p="xl" component="form" onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Deck Title"
                description="Internal reference only; the client does not see it"
                placeholder="Q3 cold-chain proposal"
                leftSection={<IconFileText size={16} />}
                withAsterisk
                {...form.getInputProps('deckTitle')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Client Name"
                description="Shown on the title slide"
                placeholder="Acme Foods"
                leftSection={<IconBuilding size={16} />}
                withAsterisk
                {...checkedInputProps('clientName')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Headline for the client"
                description="What the client reads as the deck's title: on the cover, the client page, the link e-mail and file names. Leave empty for the default."
                placeholder={clientHeadline({
                  clientName: form.getValues().clientName || 'the client',
                })}
                leftSection={<IconHeading size={16} />}
                {...checkedInputProps('headline')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateInput
                label="Presentation Date"
                description="Defaults to today"
                valueFormat="MMM D, YYYY"
                leftSection={<IconCalendar size={16} />}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear the date' }}
                withAsterisk
                {...form.getInputProps('date')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Primary Contact"
                description="Optional: the person you are presenting to"
                placeholder="Jordan Lee, Head of Operations"
                leftSection={<IconUser size={16} />}
                {...checkedInputProps('primaryContact')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Dates and figures"
                description={`Written as: ${formatSample(form.getValues())}`}
                data={DECK_LOCALES.map((locale) => ({ value: locale.id, label: locale.label }))}
                leftSection={<IconWorld size={16} />}
                searchable
                allowDeselect={false}
                {...form.getInputProps('locale')}
              />
            </Grid.Col>
          </Grid>
          {missing.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              role="note"
            >
              The deck&apos;s fonts have no characters for {missing.join(' ')}: they would show as
              empty boxes in the PDF and the web view. Check the spelling, or leave them out.
            </Alert>
          )}
          <Stack gap={6}>
            <Text fw={500} size="sm" id="creation-mode-label">
              Creation Mode
            </Text>
            <SegmentedControl
              aria-labelledby="creation-mode-label"
              data={[
                { value: 'simple', label: 'Simple' },
                { value: 'advanced', label: 'Advanced' },
              ]}
              {...form.getInputProps('mode')}
              w={{ base: '100%', sm: 320 }}
            />
            <ModeDescription mode={form.getValues().mode} />
          </Stack>
          <Group justify="space-between" mt="md">
            <Button variant="default" onClick={() => navigate(paths.dashboard)}>
              Cancel
            </Button>
            <Button type="submit" rightSection={<IconArrowRight size={16} />}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WizardLayout>
  );
}
