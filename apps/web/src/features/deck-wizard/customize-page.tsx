import { useEffect, useRef, useState } from 'react';
import {
  deckInputsFor,
  inputsInCurrency,
  inputValuesInCurrency,
  placeholderInputKind,
  selectDefaultSlides,
  templateCustomizationSchema,
  type CustomSlide,
  type DeckMode,
  type LayoutInfo,
  type ProductSelection,
  type SlideInput,
} from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  inputsMarketOf,
  loadDeckDraft,
  saveDeckDraft,
  type StoredDeckDraft,
} from '../../lib/deck-draft-storage.ts';
import { useTemplateSlides } from '../../lib/template-slides.ts';
import { useDeckFigures } from './api/get-deck-figures.ts';
import { CustomSlides } from './components/custom-slides.tsx';
import { DeckInputs, entriesFor, readEntries } from './components/deck-inputs.tsx';
import { ModeDescription } from './components/mode-description.tsx';
import { isImageUrlValid } from './components/placeholder-input.tsx';
import { PricingPanels } from './components/pricing-panels.tsx';
import { currencyName, useMarketPricing, type MarketPricing } from './market-pricing.ts';
import { missingStepPath, RedirectTo } from './components/require-draft.tsx';
import { SelectedSlides } from './components/selected-slides.tsx';
import { SlideLibrary } from './components/slide-library.tsx';
import { WizardLayout } from './components/wizard-layout.tsx';

type CustomizeValues = { selectedSlides: string[]; customSlides: CustomSlide[] };

function Section({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-label={title}
      id={id}
      style={{ scrollMarginTop: 16 }}
    >
      <Stack gap={2} mb="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}

const jumpTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/**
 * Stays at the bottom of the screen while the rep scrolls the step: how many slides are
 * chosen, and a jump to each part of the step.
 */
function SelectionBar({
  selectedCount,
  slideCount,
  customCount,
}: {
  selectedCount: number;
  slideCount: number | undefined;
  /** Undefined in simple mode (no custom slides). */
  customCount: number | undefined;
}) {
  return (
    <Paper
      component="section"
      aria-label="Your selection"
      withBorder
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
    >
      <Group justify="space-between" gap="xs">
        <Group gap="sm">
          <Badge size="lg" variant="light" radius="sm" tt="none">
            {selectedCount} of {slideCount ?? '…'} selected
          </Badge>
          {customCount !== undefined && (
            <Text size="sm" c="dimmed">
              + {customCount} custom {customCount === 1 ? 'slide' : 'slides'}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            visibleFrom="sm"
            onClick={() => jumpTo('template-slides')}
          >
            Template slides
          </Button>
          {customCount !== undefined && (
            <Button
              variant="light"
              size="compact-sm"
              rightSection={<IconArrowDown size={14} />}
              onClick={() => jumpTo('custom-slides')}
            >
              Jump to custom slides
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

const resolver = schemaResolver(templateCustomizationSchema, { sync: true });

function newCustomSlide(layout: LayoutInfo): CustomSlide {
  return {
    id: crypto.randomUUID(),
    layoutId: layout.id,
    layoutName: layout.name,
    placeholderContent: {},
    keptPlaceholders: [],
    placeholders: layout.placeholders,
  };
}

function CustomizeStep({
  draft,
}: {
  draft: Required<Pick<StoredDeckDraft, 'basicInfo' | 'productSelection'>> & StoredDeckDraft;
}) {
  const navigate = useNavigate();
  const templates = useTemplateSlides();
  const [mode, setMode] = useState<DeckMode>(draft.basicInfo.mode);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const [pricingEdits, setPricingEdits] = useState<ProductSelection['customPricing']>(
    draft.productSelection.customPricing,
  );
  const form = useForm<CustomizeValues>({
    mode: 'controlled',
    initialValues: {
      selectedSlides: draft.templateCustomization?.selectedSlides ?? [],
      customSlides: draft.templateCustomization?.customSlides ?? [],
    },
    // Custom slides are hidden in simple mode and never saved there, so they are not checked.
    validate: (raw) =>
      resolver({ ...raw, customSlides: modeRef.current === 'advanced' ? raw.customSlides : [] }),
  });

  // SPEC.md §9's default selection, once, when the rep has not chosen slides yet.
  const hasAppliedDefault = useRef(draft.templateCustomization !== undefined);
  const slides = templates.data?.slides;
  useEffect(() => {
    if (!slides || hasAppliedDefault.current) return;
    hasAppliedDefault.current = true;
    if (form.getValues().selectedSlides.length > 0) return;
    form.setFieldValue(
      'selectedSlides',
      selectDefaultSlides(
        slides,
        draft.productSelection.selectedProducts.map((p) => p.id),
        draft.basicInfo.market,
      ),
    );
  }, [slides, form, draft.productSelection, draft.basicInfo.market]);

  const values = form.getValues();
  const isAdvanced = mode === 'advanced';
  const selection: ProductSelection = { ...draft.productSelection, customPricing: pricingEdits };

  // The deck inputs the chosen slides ask for, as typed, read as numbers for the slides' figures.
  const [typedInputs, setTypedInputs] = useState<Record<string, string>>({});
  const [isShowingInputErrors, setShowingInputErrors] = useState(false);
  // Money inputs in the deck's currency: the library states their defaults in dollars (issue 50).
  const marketPricing = useMarketPricing(draft.basicInfo.market).data;
  const askedInputs = slides
    ? inputsInCurrency(deckInputsFor(slides, values.selectedSlides), marketPricing?.dollarRatio)
    : [];
  // Values typed for a market with another currency (step 1 changed since): converted at the
  // price lists' rates to the dollar, and the rep told so (issue 50).
  const inputsPricing = useMarketPricing(inputsMarketOf(draft)).data;
  const { values: storedInputs, convertedFrom } = storedInputsIn(
    draft,
    slides,
    marketPricing && inputsPricing ? { from: inputsPricing, to: marketPricing } : undefined,
  );
  const inputEntries = entriesFor(askedInputs, storedInputs, typedInputs);
  const readInputs = readEntries(askedInputs, inputEntries, marketPricing?.currency);
  const inputValues = { ...storedInputs, ...readInputs.values };
  const figures = useDeckFigures(
    {
      productSelection: selection,
      selectedSlides: values.selectedSlides,
      inputValues: readInputs.values,
      ...(draft.basicInfo.market ? { market: draft.basicInfo.market } : {}),
    },
    askedInputs.length > 0 && marketPricing !== undefined,
  );

  const changeMode = (next: DeckMode) => {
    setMode(next);
    saveDeckDraft({ basicInfo: { ...draft.basicInfo, mode: next } });
  };

  const toggleSlide = (slideId: string, isSelected: boolean) => {
    const order = new Map((slides ?? []).map((s) => [s.id, s.index]));
    const current = form.getValues().selectedSlides.filter((id) => id !== slideId);
    const next = isSelected ? [...current, slideId] : current;
    next.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    form.setFieldValue('selectedSlides', next);
  };

  /** The part of the draft this step owns; custom slides belong to advanced mode only. */
  const customizationToSave = (raw: CustomizeValues) =>
    templateCustomizationSchema.safeParse({
      selectedSlides: raw.selectedSlides,
      customSlides: isAdvanced ? raw.customSlides : [],
      ...(Object.keys(inputValues).length > 0 ? { inputValues } : {}),
    });

  const saveCommon = () =>
    saveDeckDraft({
      basicInfo: { ...draft.basicInfo, mode },
      productSelection: selection,
    });

  const submit = form.onSubmit((raw) => {
    // The URL fields show their own error; a deck with a broken image link is not generated.
    const hasBadUrl =
      isAdvanced &&
      raw.customSlides.some((slide) =>
        slide.placeholders.some(
          (p) =>
            placeholderInputKind(p.type) === 'url' &&
            !isImageUrlValid(slide.placeholderContent[p.objectId] ?? ''),
        ),
      );
    const parsed = customizationToSave(raw);
    const hasBadInput = Object.keys(readInputs.errors).length > 0;
    if (hasBadInput) setShowingInputErrors(true);
    if (!parsed.success || hasBadUrl || hasBadInput) return;
    saveCommon();
    saveDeckDraft({ templateCustomization: parsed.data, inputsFor: draft.basicInfo.market });
    navigate(paths.createDeck.generate);
  });

  const previous = () => {
    saveCommon();
    const parsed = customizationToSave(form.getValues());
    if (parsed.success) {
      saveDeckDraft({ templateCustomization: parsed.data, inputsFor: draft.basicInfo.market });
    }
    navigate(paths.createDeck.productSelection);
  };

  const slideError = form.errors.selectedSlides;
  const customErrors: Record<number, string | undefined> = {};
  values.customSlides.forEach((_, index) => {
    const error = form.errors[`customSlides.${index}.placeholderContent`];
    customErrors[index] = typeof error === 'string' ? error : undefined;
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="lg" p="lg">
          <Group justify="space-between" align="center">
            <Stack gap={2}>
              <Text fw={600} id="customize-mode-label">
                Creation Mode
              </Text>
              <ModeDescription mode={mode} />
            </Stack>
            <SegmentedControl
              aria-labelledby="customize-mode-label"
              value={mode}
              onChange={(value) => changeMode(value as DeckMode)}
              data={[
                { value: 'simple', label: 'Simple' },
                { value: 'advanced', label: 'Advanced' },
              ]}
            />
          </Group>
        </Card>

        <Section
          title="Pricing"
          description="Computed from the price book and your quantities. Edit any text to change what the pricing slide says."
        >
          {draft.productSelection.includePricing ? (
            <PricingPanels
              selection={selection}
              market={draft.basicInfo.market}
              locale={draft.basicInfo.locale}
              overrides={pricingEdits}
              onChange={setPricingEdits}
            />
          ) : (
            <Alert color="gray" icon={<IconInfoCircle size={18} />}>
              Pricing is not included in this presentation. Turn it on in the Products step to add a
              pricing slide per product.
            </Alert>
          )}
        </Section>

        <Section
          id="template-slides"
          title="Template Slides"
          description="Pick the slides of the master deck to include. We pre-selected the usual ones for your products."
        >
          {slideError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
              {slideError}
            </Alert>
          )}
          {templates.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading template slides" />
            </Center>
          ) : templates.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              The template slides could not be loaded: {templates.error.message}
            </Alert>
          ) : (
            <Stack gap="lg">
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  Selected slides
                </Text>
                <SelectedSlides
                  slides={templates.data.slides}
                  selected={values.selectedSlides}
                  onRemove={(id) => toggleSlide(id, false)}
                />
              </Stack>
              <SlideLibrary
                slides={templates.data.slides}
                categories={templates.data.categories}
                selected={values.selectedSlides}
                onToggle={(id, isSelected) => {
                  toggleSlide(id, isSelected);
                  form.clearFieldError('selectedSlides');
                }}
              />
            </Stack>
          )}
        </Section>

        {askedInputs.length > 0 && (
          <Section
            id="deck-inputs"
            title="Deck inputs"
            description="Figures the chosen slides need from you, such as the client's sites and yearly costs. Start from the library's typical values and replace them with the client's own."
          >
            {convertedFrom && marketPricing && (
              <Alert color="yellow" icon={<IconInfoCircle size={18} />} mb="md">
                Your money inputs were in {currencyName(convertedFrom)} ({convertedFrom}): they are
                converted to {currencyName(marketPricing.currency)} ({marketPricing.currency}) at
                the price lists’ rates. Check them against the client’s own figures.
              </Alert>
            )}
            <DeckInputs
              inputs={askedInputs}
              entries={inputEntries}
              errors={isShowingInputErrors ? readInputs.errors : {}}
              onChange={(name, typed) => {
                setTypedInputs((current) => ({ ...current, [name]: typed }));
                setShowingInputErrors(true);
              }}
              figures={figures.data}
              slideTitles={new Map((slides ?? []).map((slide) => [slide.id, slide.title]))}
              {...(marketPricing ? { currency: marketPricing.currency } : {})}
            />
          </Section>
        )}

        {isAdvanced && (
          <Section
            id="custom-slides"
            title="Custom Slides"
            description="Your own slides, added after the template slides. Fill in at least one field of each."
          >
            <CustomSlides
              slides={values.customSlides}
              errors={customErrors}
              onAdd={(layout) => form.insertListItem('customSlides', newCustomSlide(layout))}
              onRemove={(index) => form.removeListItem('customSlides', index)}
              onContentChange={(index, objectId, text) => {
                form.setFieldValue(`customSlides.${index}.placeholderContent.${objectId}`, text);
                form.clearFieldError(`customSlides.${index}.placeholderContent`);
              }}
            />
          </Section>
        )}

        <SelectionBar
          selectedCount={values.selectedSlides.length}
          slideCount={templates.data?.slides.length}
          customCount={isAdvanced ? values.customSlides.length : undefined}
        />

        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={previous}>
            Previous
          </Button>
          {/* Until the slides load, the default selection is not applied: Continue would refuse. */}
          <Button
            type="submit"
            disabled={templates.isPending}
            rightSection={<IconArrowRight size={16} />}
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The deck input values the draft stored, in the deck's currency: money values typed for a
 * market with another currency are converted at the two lists' rates to the dollar, and the
 * currency they were in is named (undefined when nothing was converted). Until the markets and
 * price lists have loaded, they are as stored.
 */
function storedInputsIn(
  draft: StoredDeckDraft,
  slides: readonly { inputs?: readonly SlideInput[] | undefined }[] | undefined,
  pricing: { from: MarketPricing; to: MarketPricing } | undefined,
): { values: Record<string, number> | undefined; convertedFrom: string | undefined } {
  const stored = draft.templateCustomization?.inputValues;
  if (!stored || !pricing || !slides || pricing.from.currency === pricing.to.currency) {
    return { values: stored, convertedFrom: undefined };
  }
  const inputs = slides.flatMap((slide) => slide.inputs ?? []);
  const values = inputValuesInCurrency(
    inputs,
    stored,
    pricing.from.dollarRatio,
    pricing.to.dollarRatio,
  );
  const converted = Object.keys(stored).some((name) => values?.[name] !== stored[name]);
  return { values, convertedFrom: converted ? pricing.from.currency : undefined };
}

/** Step 3 (SPEC.md §2): pricing texts, template slides and, in advanced mode, custom slides. */
export default function CustomizePage() {
  const [draft] = useState(loadDeckDraft);
  const missing = missingStepPath(draft, 'product-selection');
  return (
    <WizardLayout
      active={2}
      title="Customize Your Deck"
      description="Fine-tune the pricing, choose your slides and add your own."
    >
      {missing || !draft.basicInfo || !draft.productSelection ? (
        <RedirectTo to={missing ?? paths.createDeck.basicInfo} />
      ) : (
        <CustomizeStep
          draft={{ ...draft, basicInfo: draft.basicInfo, productSelection: draft.productSelection }}
        />
      )}
    </WizardLayout>
  );
}
