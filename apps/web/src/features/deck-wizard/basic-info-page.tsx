import {
  basicInfoSchema,
  clientHeadline,
  DECK_LOCALES,
  DEFAULT_DECK_LOCALE,
  DEFAULT_MARKET_CODE,
  deckLocaleFor,
  findMarket,
  formatDeckDate,
  formatMoney,
  LIBRARY_LANGUAGE,
  type BasicInfo,
  type DeckLanguage,
  type DeckLocale,
  type DeckMode,
  type Market,
} from '@deck-portal/domain';
import { useEffect, useRef, useState } from 'react';
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
  IconLanguage,
  IconMapPin,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  inputsMarketOf,
  loadDeckDraft,
  pricesMarketOf,
  saveDeckDraft,
} from '../../lib/deck-draft-storage.ts';
import { todayIsoDate } from '../../lib/format-date.ts';
import { deckLanguageOptions, marketLabel, useMarkets } from '../../lib/markets.ts';
import { WizardLayout } from './components/wizard-layout.tsx';
import { useFontCheck } from './api/font-check.ts';
import { useClientDeckDefaults, useRepDeckDefaults } from './api/deck-defaults.ts';
import { ModeDescription } from './components/mode-description.tsx';

type BasicInfoValues = {
  deckTitle: string;
  clientName: string;
  headline: string;
  date: string | null;
  primaryContact: string;
  mode: DeckMode;
  locale: DeckLocale;
  market: string;
  language: DeckLanguage;
};

function initialValues(saved: BasicInfo | undefined): BasicInfoValues {
  return {
    deckTitle: saved?.deckTitle ?? '',
    clientName: saved?.clientName ?? '',
    headline: saved?.headline ?? '',
    date: saved?.date ?? todayIsoDate(),
    primaryContact: saved?.primaryContact ?? '',
    mode: saved?.mode ?? 'simple',
    locale: saved?.locale ?? DEFAULT_DECK_LOCALE,
    market: saved?.market ?? DEFAULT_MARKET_CODE,
    language: saved?.language ?? LIBRARY_LANGUAGE,
  };
}

/**
 * The deck's date and a price as its locale writes them, in its market's currency
 * (`5. März 2026 · 1.234,56 €`).
 */
function formatSample({ date, locale }: BasicInfoValues, currency: string): string {
  const day = formatDeckDate(date ?? todayIsoDate(), locale);
  return `${day} · ${formatMoney(1234.56, currency, locale)}`;
}

/** The markets to offer, with the draft's own even when it is no longer in the table. */
function marketOptions(markets: readonly Market[], current: string) {
  const options = markets.map((market) => ({ value: market.code, label: marketLabel(market) }));
  return findMarket(markets, current) ? options : [...options, { value: current, label: current }];
}

/** Which of market, language and formats the rep picked themselves on this visit. */
type Picked = { market: boolean; language: boolean; locale: boolean };

/** Step 1 (SPEC.md §2): who the deck is for and how much control the rep wants. */
export default function BasicInfoPage() {
  const navigate = useNavigate();
  const [saved] = useState(() => loadDeckDraft());
  const form = useForm<BasicInfoValues>({
    mode: 'controlled',
    initialValues: initialValues(saved.basicInfo),
    validate: schemaResolver(basicInfoSchema, { sync: true }),
  });
  const values = form.getValues();
  const markets = useMarkets();
  const marketList = markets.data?.markets ?? [];
  const market = findMarket(marketList, values.market);

  // A saved draft's market was chosen before: only a new deck takes the rep's or client's.
  const picked = useRef<Picked>({
    market: saved.basicInfo !== undefined,
    language: false,
    locale: false,
  });
  /**
   * The language follows the market, and the formats follow both, unless the rep picked them or
   * they already differ from what the market and language would give.
   */
  const isLanguageFollowing = (current: BasicInfoValues) =>
    !picked.current.language &&
    current.language === findMarket(marketList, current.market)?.language;
  const isLocaleFollowing = (current: BasicInfoValues) =>
    !picked.current.locale && current.locale === deckLocaleFor(current.language, current.market);

  /** Sets the market and, where they follow it, the language and formats. */
  const applyMarket = (code: string, language?: DeckLanguage) => {
    const current = form.getValues();
    const nextLanguage =
      language ??
      (isLanguageFollowing(current)
        ? (findMarket(marketList, code)?.language ?? current.language)
        : current.language);
    const next: Partial<BasicInfoValues> = { market: code, language: nextLanguage };
    if (isLocaleFollowing(current)) next.locale = deckLocaleFor(nextLanguage, code);
    form.setValues(next);
  };
  const chooseMarket = (code: string | null) => {
    if (!code) return;
    picked.current.market = true;
    applyMarket(code);
  };
  const chooseLanguage = (tag: string | null) => {
    if (!tag) return;
    const current = form.getValues();
    const following = isLocaleFollowing(current);
    picked.current.language = true;
    const language = tag as DeckLanguage;
    form.setValues({
      language,
      ...(following ? { locale: deckLocaleFor(language, current.market) } : {}),
    });
  };

  /** A default market and language, where the rep has not picked their own. */
  const applyDefaults = (defaults: { market?: string | null; language?: DeckLanguage | null }) => {
    if (picked.current.market) return;
    const code =
      defaults.market && findMarket(marketList, defaults.market)
        ? defaults.market
        : form.getValues().market;
    const language = picked.current.language ? undefined : (defaults.language ?? undefined);
    applyMarket(code, language);
  };

  // A new deck starts in the rep's own market and language (US and English when unset)...
  const repDefaults = useRepDeckDefaults({ enabled: saved.basicInfo === undefined });
  const appliedDefaults = useRef<'none' | 'rep' | 'client'>('none');
  useEffect(() => {
    if (!repDefaults.data || !markets.data || appliedDefaults.current !== 'none') return;
    appliedDefaults.current = 'rep';
    applyDefaults(repDefaults.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when both have come
  }, [repDefaults.data, markets.data]);

  // ...and, once the rep names a client they made decks for, in that client's.
  const [clientForDefaults, setClientForDefaults] = useState('');
  const clientDefaults = useClientDeckDefaults(clientForDefaults);
  useEffect(() => {
    if (!clientDefaults.data || !markets.data) return;
    appliedDefaults.current = 'client';
    applyDefaults(clientDefaults.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when a client's answer comes
  }, [clientDefaults.data, markets.data]);

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
        if (name === 'clientName' && !saved.basicInfo) {
          setClientForDefaults(form.getValues().clientName.trim());
        }
      },
    };
  };
  const missing = fontCheck.data?.missing ?? [];

  const submit = form.onSubmit((submitted) => {
    const basicInfo = basicInfoSchema.parse(submitted);
    // The products' prices stay in the currency they were entered in until step 2 resets them.
    const pricedFor = saved.productSelection ? pricesMarketOf(saved) : undefined;
    // So do the deck inputs' money values, until step 3 converts them.
    const inputsFor = saved.templateCustomization ? inputsMarketOf(saved) : undefined;
    saveDeckDraft({
      basicInfo,
      ...(pricedFor ? { pricedFor } : {}),
      ...(inputsFor ? { inputsFor } : {}),
    });
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
                  clientName: values.clientName || 'the client',
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
                label="Market"
                description="Where the client buys: the deck's currency, tax and incentives"
                placeholder={markets.isPending ? 'Loading the markets…' : undefined}
                data={marketOptions(marketList, values.market)}
                leftSection={<IconMapPin size={16} />}
                searchable
                allowDeselect={false}
                {...form.getInputProps('market')}
                onChange={chooseMarket}
                error={
                  markets.isError
                    ? 'The markets could not be loaded. Reload the page to try again.'
                    : form.errors.market
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Language"
                description="The slides' language; texts not yet translated are shown in English"
                data={deckLanguageOptions}
                leftSection={<IconLanguage size={16} />}
                searchable
                allowDeselect={false}
                {...form.getInputProps('language')}
                onChange={chooseLanguage}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Dates and figures"
                description={`Written as: ${formatSample(values, market?.currency ?? 'USD')}`}
                data={DECK_LOCALES.map((locale) => ({ value: locale.id, label: locale.label }))}
                leftSection={<IconWorld size={16} />}
                searchable
                allowDeselect={false}
                {...form.getInputProps('locale')}
                onChange={(locale) => {
                  if (!locale) return;
                  picked.current.locale = true;
                  form.setFieldValue('locale', locale as DeckLocale);
                }}
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
            <ModeDescription mode={values.mode} />
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
