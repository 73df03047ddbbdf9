import { useEffect, useState } from 'react';
import {
  findMarket,
  findProduct,
  formatMoney,
  productSelectionSchema,
  quoteSummary,
  quoteWording,
  type Product,
  type ProductId,
  type ProductSelection,
  endSentence,
  formatNumberEntry,
  readPrice,
  readQuantity,
} from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconCurrencyDollar,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  loadDeckDraft,
  loadEditingDeck,
  pricesMarketOf,
  saveDeckDraft,
} from '../../lib/deck-draft-storage.ts';
import { usePriceBook } from '../../lib/price-book.ts';
import { PriceLimitNote, strictestApprover } from '../../ui/deal-desk/price-limit-note.tsx';
import { useDealCheck } from '../../lib/deal-desk.ts';
import { missingStepPath, RedirectTo } from './components/require-draft.tsx';
import { WizardLayout } from './components/wizard-layout.tsx';
import {
  currencyName,
  currencySign,
  repriceSelection,
  useMarketPricing,
  type MarketPricing,
} from './market-pricing.ts';

type ProductValues = {
  includePricing: boolean;
  selectedProducts: { id: ProductId; quantity: number | string; customPricing: number | string }[];
  customPricing: ProductSelection['customPricing'];
};

function initialValues(saved: ProductSelection | undefined): ProductValues {
  return {
    includePricing: saved?.includePricing ?? false,
    // The fields hold what the rep types, as text: read (never rewritten) by readQuantity/readPrice.
    selectedProducts:
      saved?.selectedProducts.map((p) => ({
        ...p,
        quantity: formatNumberEntry(p.quantity),
        customPricing: formatNumberEntry(p.customPricing),
      })) ?? [],
    customPricing: saved?.customPricing ?? {},
  };
}

const quantityPath = (index: number) => `selectedProducts.${index}.quantity`;
const pricePath = (index: number) => `selectedProducts.${index}.customPricing`;

/** What each number field says about its text right now (SPEC.md §5, refused at once). */
function fieldErrors(values: ProductValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.selectedProducts.forEach((product, index) => {
    const quantity = readQuantity(product.quantity);
    if ('error' in quantity) errors[quantityPath(index)] = quantity.error;
    const price = readPrice(product.customPricing);
    if ('error' in price) errors[pricePath(index)] = price.error;
  });
  return errors;
}

/** The selection as the draft stores it: the typed numbers read, when they all read. */
function parseSelection(values: ProductValues) {
  if (Object.keys(fieldErrors(values)).length > 0) return undefined;
  const parsed = productSelectionSchema.safeParse({
    ...values,
    selectedProducts: values.selectedProducts.map((product) => ({
      ...product,
      quantity: (readQuantity(product.quantity) as { value: number }).value,
      customPricing: (readPrice(product.customPricing) as { value: number }).value,
    })),
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * The selection as far as it reads now, for the deal desk's check as the rep types: a product
 * whose quantity or price does not read yet is left out until it does.
 */
function readableSelection(values: ProductValues): ProductSelection {
  return {
    includePricing: values.includePricing,
    customPricing: values.customPricing,
    selectedProducts: values.selectedProducts.flatMap((product) => {
      const quantity = readQuantity(product.quantity);
      const price = readPrice(product.customPricing);
      return 'value' in quantity && 'value' in price
        ? [{ id: product.id, quantity: quantity.value, customPricing: price.value }]
        : [];
    }),
  };
}

const resolver = schemaResolver(productSelectionSchema, { sync: true });

/** Saves the selection, its prices being in the currency of `market` (its code). */
function save(parsed: ProductSelection, market: string) {
  // Keep only the pricing-text edits of products still selected.
  const chosen = new Set(parsed.selectedProducts.map((p) => p.id));
  const customPricing = Object.fromEntries(
    Object.entries(parsed.customPricing).filter(([id]) => chosen.has(id as ProductId)),
  );
  return saveDeckDraft({ productSelection: { ...parsed, customPricing }, pricedFor: market });
}

/**
 * The saved selection in the deck's currency: when its prices were entered for a market with
 * another currency, each product's price becomes the new list's MSRP, and the rep is told.
 */
function selectionInCurrency(
  draft: ReturnType<typeof loadDeckDraft>,
  pricing: MarketPricing,
): { selection: ProductSelection | undefined; resetNotice: string | null } {
  const saved = draft.productSelection;
  const pricedFor = findMarket(pricing.markets, pricesMarketOf(draft) ?? pricing.market.code);
  if (!saved || pricedFor?.currency === pricing.currency) {
    return { selection: saved, resetNotice: null };
  }
  const { currency, market } = pricing;
  const resetNotice =
    saved.selectedProducts.length > 0
      ? `Prices are now in ${currencyName(currency)} (${currency}): your custom prices were reset to the ${market.name} price list.`
      : null;
  return { selection: repriceSelection(saved, pricing), resetNotice };
}

/** Step 2 (SPEC.md §2): the products in the proposal, with quantities and prices when priced. */
export default function ProductSelectionPage() {
  const [draft] = useState(loadDeckDraft);
  const pricing = useMarketPricing(draft.basicInfo?.market);
  const missing = missingStepPath(draft, 'basic-info');
  if (missing) return <RedirectTo to={missing} />;
  const title = 'Select Products';
  const description = endSentence(
    `Choose what you are proposing to ${draft.basicInfo?.clientName ?? 'the client'}`,
  );
  if (!pricing.data) {
    return (
      <WizardLayout active={1} title={title} description={description}>
        {pricing.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            The price book could not be loaded. Reload the page to try again.
          </Alert>
        ) : (
          <Group justify="center" p="xl">
            <Loader aria-label="Loading the price book" />
          </Group>
        )}
      </WizardLayout>
    );
  }
  return (
    <ProductSelectionForm
      draft={draft}
      pricing={pricing.data}
      title={title}
      description={description}
    />
  );
}

/**
 * A product a draft still names that the price book no longer sells: shown so the rep can untick
 * it (the server refuses to price it).
 */
function noLongerSold(id: ProductId): Product {
  return {
    id,
    sku: '',
    name: id,
    description: 'No longer sold: untick it to take it out of the deck.',
    features: [],
    defaultQuantity: 1,
    msrp: 0,
    basePrice: 0,
    whiteGloveShipping: 0,
    flatRateShipping: 0,
    flatRateAboveQuantity: 0,
    warrantyYears: 0,
    creditEligible: false,
    monthsIncluded: '',
    annualMonitoring: '',
    maintenance: '',
    active: false,
  };
}

function ProductSelectionForm({
  draft,
  pricing,
  title,
  description,
}: {
  draft: ReturnType<typeof loadDeckDraft>;
  pricing: MarketPricing;
  title: string;
  description: string;
}) {
  const navigate = useNavigate();
  const { book, currency, market, unpriced } = pricing;
  const locale = draft.basicInfo?.locale;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const [{ selection: initialSelection, resetNotice }] = useState(() =>
    selectionInCurrency(draft, pricing),
  );
  // A selection re-priced for the new currency is saved as such at once.
  useEffect(() => {
    if (initialSelection && initialSelection !== draft.productSelection) {
      save(initialSelection, market.code);
    }
  }, [initialSelection, draft.productSelection, market.code]);
  const form = useForm<ProductValues>({
    mode: 'controlled',
    initialValues: initialValues(initialSelection),
    validate: (values) => {
      const errors = fieldErrors(values);
      return Object.keys(errors).length > 0 ? errors : resolver(values);
    },
    // Saved as the rep types, so a reload (or a closed tab) keeps the choices: whenever the
    // values make a valid selection, which is what Continue would save.
    onValuesChange: (changed) => {
      const parsed = parseSelection(changed);
      if (parsed) save(parsed, market.code);
    },
  });
  const values = form.getValues();
  const listed = [
    ...book.products,
    ...values.selectedProducts
      .filter((selected) => !findProduct(book, selected.id))
      .map((selected) => noLongerSold(selected.id)),
  ];
  const indexOf = (id: ProductId) => values.selectedProducts.findIndex((p) => p.id === id);

  /** SPEC.md §4: selecting adds the default quantity at the MSRP; unselecting removes it. */
  const toggle = (id: ProductId, checked: boolean) => {
    const index = indexOf(id);
    if (checked && index === -1) {
      const product = findProduct(book, id);
      if (!product) return;
      form.insertListItem('selectedProducts', {
        id,
        quantity: formatNumberEntry(product.defaultQuantity),
        customPricing: formatNumberEntry(product.msrp),
      });
    } else if (!checked && index !== -1) {
      form.removeListItem('selectedProducts', index);
    }
    form.clearFieldError('selectedProducts');
  };

  const submit = form.onSubmit((raw) => {
    const parsed = parseSelection(raw);
    if (!parsed) return;
    save(parsed, market.code);
    navigate(paths.createDeck.customize);
  });

  const previous = () => {
    const parsed = parseSelection(form.getValues());
    if (parsed) save(parsed, market.code);
    navigate(paths.createDeck.basicInfo);
  };
  const liveErrors = fieldErrors(values);
  // Prices past the rep's limits are said beside them; the rep may still go on (a draft).
  // Modify checks against the deck owner's limits, as the server does.
  const dollarBook = usePriceBook();
  const readable = readableSelection(values);
  const dealCheck = useDealCheck(readable, book, loadEditingDeck()?.deckId, {
    currency,
    dollarBook: dollarBook.data,
  });
  const findingsOf = (id: ProductId) =>
    dealCheck?.findings.filter((finding) => finding.productId === id) ?? [];

  const listError = form.errors.selectedProducts;
  const sign = currencySign(currency, locale);

  return (
    <WizardLayout active={1} title={title} description={description}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Switch
              size="md"
              label="Include pricing in presentation"
              description={
                market.incentives.includes('us-itc')
                  ? 'Adds a pricing slide per product with quantity, unit price, shipping, ITC credit and net price'
                  : 'Adds a pricing slide per product with quantity, unit price, shipping and total'
              }
              {...form.getInputProps('includePricing', { type: 'checkbox' })}
            />
          </Paper>

          {resetNotice && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconCurrencyDollar size={18} />}
              role="status"
            >
              {resetNotice}
            </Alert>
          )}

          {listError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {listError}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {listed.map((product) => {
              const { id } = product;
              const index = indexOf(id);
              const isSelected = index !== -1;
              // A product with no price in the deck's currency cannot be quoted; one already
              // chosen stays so the rep can untick it.
              const hasPrice = !unpriced.has(id);
              return (
                <Card
                  key={id}
                  component="section"
                  aria-label={product.name}
                  withBorder
                  radius="lg"
                  p="lg"
                  style={{
                    borderColor: isSelected ? 'var(--mantine-color-blue-5)' : undefined,
                    boxShadow: isSelected ? '0 0 0 1px var(--mantine-color-blue-5)' : undefined,
                    transition: 'border-color 120ms, box-shadow 120ms',
                  }}
                >
                  <Stack gap="sm">
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Checkbox
                        size="md"
                        checked={isSelected}
                        disabled={!hasPrice && !isSelected}
                        onChange={(event) => toggle(id, event.currentTarget.checked)}
                        label={
                          <Text fw={600} size="lg">
                            {product.name}
                          </Text>
                        }
                      />
                      {product.active && !hasPrice ? (
                        <Badge color="gray" variant="light" tt="none">
                          No price in {currency}
                        </Badge>
                      ) : product.active ? (
                        <Text fw={600} c="blue.8" style={{ whiteSpace: 'nowrap' }}>
                          {money(product.msrp)}
                          <Text span size="xs" c="dimmed" fw={400}>
                            {' '}
                            MSRP
                          </Text>
                        </Text>
                      ) : (
                        <Badge color="red" variant="light">
                          No longer sold
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {product.description}
                    </Text>
                    <Group gap={6}>
                      {product.features.map((feature) => (
                        <Badge key={feature} variant="light" color="gray" radius="sm" tt="none">
                          {feature}
                        </Badge>
                      ))}
                    </Group>
                    {isSelected && values.includePricing && (
                      <Group grow align="flex-start" mt="xs">
                        <TextInput
                          label="Quantity"
                          inputMode="numeric"
                          autoComplete="off"
                          {...form.getInputProps(quantityPath(index))}
                          // What the rep typed stays; a number it cannot be is said at once.
                          error={
                            liveErrors[quantityPath(index)] ?? form.errors[quantityPath(index)]
                          }
                        />
                        <TextInput
                          label="Unit Price"
                          inputMode="decimal"
                          autoComplete="off"
                          leftSection={<Text size="sm">{sign}</Text>}
                          leftSectionWidth={Math.max(36, sign.length * 10 + 16)}
                          {...form.getInputProps(pricePath(index))}
                          error={liveErrors[pricePath(index)] ?? form.errors[pricePath(index)]}
                        />
                      </Group>
                    )}
                    {isSelected &&
                      values.includePricing &&
                      dealCheck?.approverRole &&
                      findingsOf(id).length > 0 && (
                        <PriceLimitNote
                          messages={findingsOf(id).map((finding) => finding.message)}
                          // Each line names who may clear it: past a manager's limit, an administrator.
                          approverRole={strictestApprover(findingsOf(id))}
                        />
                      )}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>

          {values.includePricing && readable.selectedProducts.length > 0 && (
            <QuoteTotals selection={readable} pricing={pricing} locale={locale} />
          )}

          {dealCheck?.approverRole && dealCheck.deckFindings.length > 0 && (
            <Paper withBorder radius="lg" p="md">
              <PriceLimitNote
                messages={dealCheck.deckFindings.map((finding) => finding.message)}
                approverRole={strictestApprover(dealCheck.deckFindings)}
              />
            </Paper>
          )}

          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={previous}>
              Previous
            </Button>
            <Group gap="md">
              <Text size="sm" c="dimmed">
                {values.selectedProducts.length} selected
              </Text>
              <Button type="submit" rightSection={<IconArrowRight size={16} />}>
                Continue
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </WizardLayout>
  );
}

/** A label and its amount in the totals. */
function TotalRow({
  label,
  value,
  isStrong,
}: {
  label: string;
  value: string;
  isStrong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * The quote as the deck will give it, in the deck's currency with its market's tax: what the
 * client pays now, and the subscriptions' yearly amount apart.
 */
function QuoteTotals({
  selection,
  pricing,
  locale,
}: {
  selection: ProductSelection;
  pricing: MarketPricing;
  locale: string | undefined;
}) {
  const { book, currency, market } = pricing;
  const quote = quoteSummary(selection, book, { currency, tax: market.tax });
  const money = (cents: number) => formatMoney(cents / 100, currency, locale);
  const hasOnce = quote.lines.some((line) => line.kind !== 'subscription');
  const percent = (value: number) => `${value.toLocaleString(locale)} %`;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Totals">
      <Stack gap={6}>
        <Text fw={600}>
          Totals in {currencyName(currency)} ({currency})
        </Text>
        {hasOnce && (
          <>
            <TotalRow label="Subtotal" value={money(quote.subtotalCents)} />
            <TotalRow label="Shipping" value={money(quote.shippingCents)} />
            {quote.tax && !quote.tax.inclusive && (
              <TotalRow
                label={`${quote.tax.name} (${percent(quote.tax.percent)})`}
                value={money(quote.tax.cents)}
              />
            )}
            <TotalRow label={quoteWording.total} value={money(quote.totalCents)} isStrong />
            {quote.tax?.inclusive && (
              <TotalRow
                label={`Includes ${quote.tax.name} (${percent(quote.tax.percent)})`}
                value={money(quote.tax.cents)}
              />
            )}
          </>
        )}
        {quote.yearlyCents > 0 && (
          <TotalRow
            label={quoteWording.yearlyFees}
            value={quoteWording.perYear(money(quote.yearlyCents))}
            isStrong={!hasOnce}
          />
        )}
        {quote.creditsCents > 0 && (
          <TotalRow label="Estimated tax credit" value={`−${money(quote.creditsCents)}`} />
        )}
      </Stack>
    </Paper>
  );
}
