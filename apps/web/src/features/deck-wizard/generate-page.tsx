import { useState } from 'react';
import {
  clientHeadline,
  deckLanguageOf,
  DECK_LOCALES,
  findProduct,
  formatMoney,
  productKindOf,
  productName,
  type DeckDraft,
  quoteCreditLabel,
  quoteSummary,
  quoteWording,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileTypePpt,
  IconLayoutDashboard,
  IconPlus,
  IconSparkles,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  clearDeckDraft,
  completeDraft,
  loadDeckDraft,
  loadEditingDeck,
  saveDeckDraft,
} from '../../lib/deck-draft-storage.ts';
import { formatShortDate } from '../../lib/format-date.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useGenerateDeck, type GeneratedDeck } from './api/generate-deck.ts';
import { useDeckGeneration } from '../../lib/deck-generation.ts';
import { GenerationFailed, GenerationProgressCard } from '../../ui/generation-status.tsx';
import { usePreflight } from './api/pictures.ts';
import { PreflightPanel, undecidedPictures } from './components/preflight-panel.tsx';
import { missingStepPath, RedirectTo } from './components/require-draft.tsx';
import { WizardLayout } from './components/wizard-layout.tsx';
import { NewTabButton } from '../../ui/new-tab-button.tsx';
import { marketLabel } from '../../lib/markets.ts';
import { useMarketPricing } from './market-pricing.ts';
import { useTemplateSlides } from '../../lib/template-slides.ts';
import { DeckReadyApprovalNotice } from '../../ui/deal-desk/deck-ready-approval-notice.tsx';
import { NeedsApprovalLine } from '../../ui/deal-desk/needs-approval-line.tsx';

export const GENERATE_FAILED = 'Failed to generate presentation.';

/** A label and its value; a long label (the credit's) wraps beside its figure instead. */
function SummaryRow({
  label,
  children,
  isLongLabel = false,
}: {
  label: string;
  children: React.ReactNode;
  isLongLabel?: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
      <Text size="sm" c="dimmed" style={isLongLabel ? undefined : { flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        ta="right"
        component="div"
        style={isLongLabel ? { flexShrink: 0 } : undefined}
      >
        {children}
      </Text>
    </Group>
  );
}

function DeckSummary({ draft }: { draft: DeckDraft }) {
  const { basicInfo, productSelection, templateCustomization } = draft;
  // Names and the quote from the price book in force, in the deck's market's currency; the
  // server prices the deck from the same.
  const pricing = useMarketPricing(basicInfo.market).data;
  const book = pricing?.book ?? { products: [] };
  const currency = pricing?.currency ?? 'USD';
  const tax = pricing?.market.tax ?? null;
  const standard = templateCustomization.selectedSlides.length;
  const custom = basicInfo.mode === 'advanced' ? templateCustomization.customSlides.length : 0;
  // The library's pricing slides: those drawn per product, and those drawn once (the summary).
  const drawn = useTemplateSlides().data?.pricingSlides;
  const pricingSlides =
    productSelection.includePricing && drawn
      ? drawn.perProduct * productSelection.selectedProducts.length + drawn.once
      : 0;
  const quote =
    productSelection.includePricing && book.products.length > 0
      ? quoteSummary(productSelection, book, { currency, tax })
      : null;
  const money = (cents: number) => formatMoney(cents / 100, currency, basicInfo.locale);
  const percent = (value: number) => `${value.toLocaleString(basicInfo.locale)} %`;
  /** The rep's price per unit, a subscription's per year, as the deck's quote writes it. */
  const unitPrice = (id: string, price: number) => {
    const product = findProduct(book, id);
    const text = formatMoney(price, currency, basicInfo.locale);
    return product && productKindOf(product) === 'subscription' ? quoteWording.perYear(text) : text;
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" p="lg" component="section" aria-label="Deck details">
        <Title order={2} size="h4" mb="md">
          Deck details
        </Title>
        <Stack gap="xs">
          <SummaryRow label="Title">{basicInfo.deckTitle}</SummaryRow>
          <SummaryRow label="Client">{basicInfo.clientName}</SummaryRow>
          <SummaryRow label="Headline for the client">{clientHeadline(basicInfo)}</SummaryRow>
          <SummaryRow label="Date">{formatShortDate(basicInfo.date)}</SummaryRow>
          {basicInfo.primaryContact && (
            <SummaryRow label="Primary contact">{basicInfo.primaryContact}</SummaryRow>
          )}
          <SummaryRow label="Market">
            {pricing ? marketLabel(pricing.market) : basicInfo.market}
          </SummaryRow>
          <SummaryRow label="Language">{deckLanguageOf(basicInfo.language).name}</SummaryRow>
          <SummaryRow label="Dates and figures">
            {DECK_LOCALES.find((locale) => locale.id === basicInfo.locale)?.label ??
              basicInfo.locale}
          </SummaryRow>
          <SummaryRow label="Mode">
            {basicInfo.mode === 'advanced' ? 'Advanced' : 'Simple'}
          </SummaryRow>
        </Stack>
      </Card>
      <Card withBorder radius="lg" p="lg" component="section" aria-label="Products">
        <Title order={2} size="h4" mb="md">
          Products
        </Title>
        <Stack gap="xs">
          {productSelection.selectedProducts.map((p) => (
            <SummaryRow key={p.id} label={productName(book, p.id)}>
              Qty {p.quantity}
              {productSelection.includePricing ? ` × ${unitPrice(p.id, p.customPricing)}` : ''}
            </SummaryRow>
          ))}
          <Divider my={4} />
          <SummaryRow label="Pricing included">
            {productSelection.includePricing ? 'Yes' : 'No'}
          </SummaryRow>
          {/* The quote as the deck's quote summary states it, in its words. */}
          {quote && (
            <>
              {quote.tax && !quote.tax.inclusive && (
                <SummaryRow label={`${quote.tax.name} (${percent(quote.tax.percent)})`}>
                  {money(quote.tax.cents)}
                </SummaryRow>
              )}
              <SummaryRow label={`${quoteWording.total}, shipping included`}>
                {money(quote.totalCents)}
              </SummaryRow>
              {quote.tax?.inclusive && (
                <SummaryRow label={`Includes ${quote.tax.name} (${percent(quote.tax.percent)})`}>
                  {money(quote.tax.cents)}
                </SummaryRow>
              )}
              {quote.yearlyCents > 0 && (
                <SummaryRow label={quoteWording.yearlyFees}>
                  {quoteWording.perYear(money(quote.yearlyCents))}
                </SummaryRow>
              )}
              {quote.creditsCents > 0 && (
                <>
                  <SummaryRow label={quoteCreditLabel(quote, book, basicInfo.locale)} isLongLabel>
                    −{money(quote.creditsCents)}
                  </SummaryRow>
                  <SummaryRow label={quoteWording.afterCredit}>{money(quote.netCents)}</SummaryRow>
                </>
              )}
            </>
          )}
          <NeedsApprovalLine
            selection={productSelection}
            deckId={loadEditingDeck()?.deckId}
            pricing={pricing}
          />
        </Stack>
      </Card>
      <Card
        withBorder
        radius="lg"
        p="lg"
        component="section"
        aria-label="Slides"
        style={{ gridColumn: '1 / -1' }}
      >
        <Title order={2} size="h4" mb="md">
          Slides
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {[
            { label: 'Standard slides', value: standard },
            { label: 'Custom slides', value: custom },
            { label: 'Pricing slides', value: pricingSlides },
            { label: 'Total slides', value: standard + custom + pricingSlides },
          ].map((item) => (
            <Stack key={item.label} gap={0} align="center">
              <Text fz={28} fw={700} c={item.label === 'Total slides' ? 'blue.7' : undefined}>
                {item.value}
              </Text>
              <Text size="sm" c="dimmed">
                {item.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
    </SimpleGrid>
  );
}

function DeckReady({
  result,
  onCreateAnother,
}: {
  result: GeneratedDeck;
  onCreateAnother: () => void;
}) {
  return (
    <Card withBorder radius="lg" p="xl" component="section" aria-labelledby="deck-ready-title">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" color="green" variant="light">
          <IconCheck size={40} />
        </ThemeIcon>
        <Title order={2} id="deck-ready-title">
          Your deck is ready!
        </Title>
        <Text c="dimmed" maw={520}>
          Open it in PowerPoint to fine-tune, download the PDF to send, or view it right here in the
          browser.
        </Text>
        <DeckReadyApprovalNotice deckId={result.presentationId} />
        {result.warnings.length > 0 && (
          <Alert
            color="yellow"
            icon={<IconAlertCircle size={18} />}
            ta="left"
            w="100%"
            title="Heads up"
          >
            <List size="sm">
              {result.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="center" gap="sm" mt="sm">
          <Button
            component={Link}
            to={paths.deckEditor(result.presentationId)}
            leftSection={<IconEdit size={18} />}
          >
            Open editor
          </Button>
          <NewTabButton
            href={result.pptxUrl}
            variant="light"
            leftSection={<IconFileTypePpt size={18} />}
          >
            Download PowerPoint
          </NewTabButton>
          <NewTabButton
            href={result.pdfUrl}
            variant="light"
            leftSection={<IconDownload size={18} />}
          >
            Download PDF
          </NewTabButton>
          <Button
            component={Link}
            to={result.viewUrl}
            variant="light"
            leftSection={<IconEye size={18} />}
          >
            View Deck
          </Button>
        </Group>
        <Divider w="100%" my="xs" />
        <Group justify="center" gap="sm">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onCreateAnother}>
            Create Another Deck
          </Button>
          <Button
            component={Link}
            to={paths.dashboard}
            variant="subtle"
            leftSection={<IconLayoutDashboard size={16} />}
          >
            Back to Dashboard
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Step 4 (SPEC.md §2): the summary, Generate Presentation, then the four ways on. */
export default function GeneratePage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => completeDraft(loadDeckDraft()));
  const generate = useGenerateDeck();
  const accepted = generate.data;
  // A new deck is queued: follow the worker until it is made (or could not be).
  const followed = useDeckGeneration(
    accepted?.status === 'generating' ? accepted.presentationId : undefined,
    accepted?.status === 'generating' ? { ...accepted, status: 'generating' } : undefined,
  );
  const current = accepted?.status === 'generating' ? followed.state : accepted;
  const result = current?.status === 'completed' ? { ...accepted!, ...current } : undefined;
  const failure = current?.status === 'failed' ? current : undefined;
  const isGenerating = generate.isPending || current?.status === 'generating';
  // Modify → Generate: the draft becomes the next version of the deck it was opened from.
  const isVersion = generate.variables?.deckId !== undefined;
  const preflight = usePreflight(result ? null : draft);
  const undecided = draft ? undecidedPictures(draft, preflight.data) : [];
  // A failed check does not stop the rep: the server checks the pictures again when generating.
  const isBlocked =
    (preflight.isPending && preflight.fetchStatus !== 'idle') || undecided.length > 0;

  const changeCustomization = (templateCustomization: DeckDraft['templateCustomization']) => {
    if (!draft) return;
    saveDeckDraft({ templateCustomization });
    setDraft({ ...draft, templateCustomization });
  };

  if (!draft && !result) {
    return (
      <RedirectTo
        to={missingStepPath(loadDeckDraft(), 'customize') ?? paths.createDeck.customize}
      />
    );
  }

  const start = () => {
    if (!draft) return;
    // Read at the click: the notice above lets the rep make the draft a new deck's.
    run({ draft, idempotencyKey: crypto.randomUUID(), deckId: loadEditingDeck()?.deckId });
  };
  // A version that failed is generated again for the same deck, as a new request.
  const generateVersionAgain = () => {
    if (generate.variables) run({ ...generate.variables, idempotencyKey: crypto.randomUUID() });
  };

  function run(request: Parameters<typeof generate.mutate>[0]) {
    generate.mutate(request, {
      onSuccess: (answer) => {
        // Follow this generation, not what an earlier attempt ended in.
        if (answer.status === 'generating') followed.restart({ ...answer, status: 'generating' });
        // The deck now lives on the server; the browser draft has done its job (this page
        // keeps it, to generate a failed version again).
        clearDeckDraft();
      },
      // A picture went missing since the check: show which.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'pictures_unavailable')
          void preflight.refetch();
      },
    });
  }

  const createAnother = () => {
    clearDeckDraft();
    navigate(paths.createDeck.basicInfo);
  };

  return (
    <WizardLayout
      active={result ? 4 : 3}
      title={result ? 'Presentation Generated' : 'Review & Generate'}
      description={
        result
          ? `${result.version ? `Version ${result.version} of ` : ''}${draft?.basicInfo.deckTitle ?? 'Your deck'} for ${draft?.basicInfo.clientName ?? 'your client'}`
          : 'Check the summary, then generate the PowerPoint and PDF.'
      }
    >
      {result ? (
        <DeckReady result={result} onCreateAnother={createAnother} />
      ) : (
        <Stack gap="lg">
          {draft && <DeckSummary draft={draft} />}
          {draft && (
            <PreflightPanel
              draft={draft}
              preflight={preflight.data}
              isChecking={preflight.isFetching}
              onChange={changeCustomization}
            />
          )}
          {generate.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              title="Generation failed"
            >
              {GENERATE_FAILED} {generate.error.message}
            </Alert>
          )}
          {failure && (
            <GenerationFailed
              deckId={failure.presentationId}
              message={failure.error ?? GENERATE_FAILED}
              canRetry
              onRetried={followed.restart}
              // A version that failed is generated anew from the draft; a new deck is queued again.
              {...(isVersion
                ? { tryAgain: { run: generateVersionAgain, isPending: generate.isPending } }
                : {})}
            />
          )}
          {isGenerating && <GenerationProgressCard state={followed.state} />}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              disabled={isGenerating || failure !== undefined}
              onClick={() => navigate(paths.createDeck.customize)}
            >
              Previous
            </Button>
            <Button
              size="md"
              leftSection={<IconSparkles size={18} />}
              loading={isGenerating}
              disabled={isBlocked || failure !== undefined}
              onClick={start}
            >
              Generate Presentation
            </Button>
          </Group>
        </Stack>
      )}
    </WizardLayout>
  );
}
