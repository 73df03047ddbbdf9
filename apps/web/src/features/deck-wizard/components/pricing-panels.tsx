import {
  PRICING_TEXT_KEYS,
  PRICING_TEXT_LABELS,
  pricingTextLabel,
  computePricingTexts,
  findProduct,
  unitPriceFor,
  type PriceBook,
  type PricingTextKey,
  type ProductId,
  type ProductSelection,
} from '@deck-portal/domain';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useMarketPricing } from '../market-pricing.ts';

type Overrides = ProductSelection['customPricing'];

/**
 * The computed pricing texts of one selected product (DESIGN.md §6) as the deck's locale writes
 * them, in the deck's currency (`book` priced in it), before the rep's edits; undefined for a
 * product the price book no longer has.
 */
export function computedTextsFor(
  selection: ProductSelection,
  productId: ProductId,
  book: PriceBook,
  locale?: string,
  currency?: string,
) {
  const selected = selection.selectedProducts.find((p) => p.id === productId)!;
  const product = findProduct(book, productId);
  if (!product) return undefined;
  return computePricingTexts({
    product,
    // Its terms texts may state another product's price (the monitoring after the included months).
    book,
    quantity: selected.quantity,
    unitPrice: unitPriceFor(product, selected.customPricing, selection.includePricing),
    ...(locale ? { locale } : {}),
    ...(currency ? { currency } : {}),
  });
}

/**
 * An edit that equals the computed value is no edit: dropping it lets the text follow a later
 * change of quantity or price.
 */
export function applyPricingEdit(
  overrides: Overrides,
  productId: ProductId,
  key: PricingTextKey,
  value: string,
  computed: string,
): Overrides {
  const current = { ...overrides[productId] };
  if (value === computed) delete current[key];
  else current[key] = value;
  const next = { ...overrides };
  if (Object.keys(current).length === 0) delete next[productId];
  else next[productId] = current;
  return next;
}

/** Step 3's pricing placeholders: one collapsible panel per product, the first open. */
export function PricingPanels({
  selection,
  market,
  locale,
  overrides,
  onChange,
}: {
  selection: ProductSelection;
  /** The deck's market: its prices are in the market's currency. */
  market?: string;
  /** The deck's locale: the computed texts are written as the slides will write them. */
  locale?: string;
  overrides: Overrides;
  onChange: (next: Overrides) => void;
}) {
  const pricing = useMarketPricing(market);
  const book = pricing.data?.book;
  const currency = pricing.data?.currency;
  if (!book) {
    return pricing.isError ? (
      <Alert color="red" role="alert">
        The price book could not be loaded. Reload the page to try again.
      </Alert>
    ) : (
      <Loader size="sm" aria-label="Loading the price book" />
    );
  }
  const ids = selection.selectedProducts.map((p) => p.id);
  return (
    <Accordion variant="separated" radius="md" defaultValue={ids[0] ?? null}>
      {ids.map((productId) => {
        const product = findProduct(book, productId);
        const computed = computedTextsFor(selection, productId, book, locale, currency);
        if (!product || !computed) return null;
        const edits = overrides[productId] ?? {};
        const editCount = Object.keys(edits).length;
        return (
          <Accordion.Item key={productId} value={productId}>
            <Accordion.Control>
              <Group justify="space-between" pr="sm">
                <Text fw={600}>{product.name} pricing</Text>
                <Group gap="xs">
                  {editCount > 0 && (
                    <Badge variant="light" color="orange" size="sm">
                      {editCount} edited
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed">
                    Total {edits.total ?? computed.total}
                  </Text>
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {PRICING_TEXT_KEYS.map((key) => (
                  <TextInput
                    key={key}
                    label={pricingTextLabel(key, product)}
                    aria-label={`${product.name} ${PRICING_TEXT_LABELS[key]}`}
                    value={edits[key] ?? computed[key]}
                    maxLength={200}
                    styles={
                      edits[key] !== undefined
                        ? { input: { borderColor: 'var(--mantine-color-orange-5)' } }
                        : undefined
                    }
                    onChange={(event) =>
                      onChange(
                        applyPricingEdit(
                          overrides,
                          productId,
                          key,
                          event.currentTarget.value,
                          computed[key],
                        ),
                      )
                    }
                  />
                ))}
              </SimpleGrid>
              {editCount > 0 && (
                <Group justify="flex-end" mt="sm">
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconRestore size={14} />}
                    onClick={() => {
                      const next = { ...overrides };
                      delete next[productId];
                      onChange(next);
                    }}
                  >
                    Reset to computed values
                  </Button>
                </Group>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
