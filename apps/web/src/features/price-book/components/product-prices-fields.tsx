import {
  currencyDigits,
  formatMoney,
  productPricesIn,
  type PriceList,
  type Product,
  type ProductPrices,
} from '@deck-portal/domain';
import { Badge, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { currencyName } from '../currency-name.ts';
import { priceListKind } from '../price-list-kind.ts';

/** A product's prices in one currency as the editor holds them: numbers, or text being typed. */
export type TypedPrices = Partial<Record<keyof ProductPrices, number | string>>;

const priceFields = [
  { key: 'msrp', label: 'MSRP' },
  { key: 'basePrice', label: 'base price' },
  { key: 'whiteGloveShipping', label: 'white-glove shipping' },
  { key: 'flatRateShipping', label: 'flat-rate shipping' },
] as const;

const isShipping = (key: keyof ProductPrices) =>
  key === 'whiteGloveShipping' || key === 'flatRateShipping';

const isBlank = (value: number | string | undefined) =>
  value === undefined || String(value).trim() === '';

/**
 * The typed prices of each entered currency as the product saves them: a currency left blank
 * is not priced (the product cannot be quoted in it); one partly filled is sent as typed, for
 * the server to name what is missing. Currencies the editor does not show (a list since
 * removed) keep their prices.
 */
export function readEnteredPrices(
  kept: Readonly<Record<string, ProductPrices>> | undefined,
  typed: Readonly<Record<string, TypedPrices>>,
  isShipped: boolean,
): Record<string, ProductPrices> | undefined {
  const prices: Record<string, ProductPrices> = { ...kept };
  for (const [currency, fields] of Object.entries(typed)) {
    if (priceFields.every(({ key }) => isBlank(fields[key]))) {
      delete prices[currency];
      continue;
    }
    const read = {} as ProductPrices;
    for (const { key } of priceFields) {
      // What is not shipped has no shipping to price: its fields are off and read as nothing.
      const value = !isShipped && isShipping(key) && isBlank(fields[key]) ? 0 : fields[key];
      const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
      read[key] = isBlank(value) || !Number.isFinite(number) ? (value as never) : number;
    }
    prices[currency] = read;
  }
  return Object.keys(prices).length === 0 ? undefined : prices;
}

/** The prices an entered list's fields start with: the product's, or blank. */
export function typedPricesOf(
  lists: readonly PriceList[],
  prices: Readonly<Record<string, ProductPrices>> | undefined,
): Record<string, TypedPrices> {
  const typed: Record<string, TypedPrices> = {};
  for (const list of lists) {
    if (!list.derived) typed[list.currency] = { ...prices?.[list.currency] };
  }
  return typed;
}

/**
 * The product's prices in the other currencies: each entered list's four prices as fields, each
 * derived list's as the price book computes them from what the editor holds now, marked derived.
 */
export function ProductPricesFields({
  lists,
  product,
  typed,
  isShipped,
  onChange,
}: {
  lists: readonly PriceList[];
  /** The product as it would be saved, for the derived prices. */
  product: Product;
  typed: Readonly<Record<string, TypedPrices>>;
  isShipped: boolean;
  onChange: (currency: string, key: keyof ProductPrices, value: number | string) => void;
}) {
  if (lists.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Prices in other currencies
      </Title>
      {lists.map((list) => {
        const heading = (
          <Group gap="xs">
            <Badge variant="light" radius="sm">
              {list.currency}
            </Badge>
            <Text size="sm" fw={600}>
              {currencyName(list.currency)}
            </Text>
            <Badge variant="outline" color={list.derived ? 'gray' : 'blue'} size="sm">
              {list.derived ? 'derived' : 'entered'}
            </Badge>
          </Group>
        );
        if (!list.derived) {
          const fields = typed[list.currency] ?? {};
          return (
            <Paper key={list.currency} withBorder radius="md" p="sm">
              <Stack gap="xs">
                {heading}
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} style={{ alignItems: 'end' }}>
                  {priceFields.map(({ key, label }) => (
                    <NumberInput
                      key={key}
                      label={`${list.currency} ${label}`}
                      disabled={!isShipped && isShipping(key)}
                      decimalScale={currencyDigits(list.currency)}
                      thousandSeparator=","
                      min={0}
                      value={fields[key] ?? ''}
                      onChange={(value) => onChange(list.currency, key, value)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        }
        const derived = productPricesIn(product, list.currency, lists);
        const isReadable =
          derived !== undefined && priceFields.every(({ key }) => Number.isFinite(derived[key]));
        return (
          <Paper key={list.currency} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
            <Stack gap={4}>
              {heading}
              <Text size="xs" c="dimmed">
                {priceListKind(list)}
              </Text>
              {isReadable ? (
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xs">
                  {priceFields.map(({ key, label }) => (
                    <Text size="sm" key={key}>
                      <Text span c="dimmed" size="xs" display="block">
                        {list.currency} {label}
                      </Text>
                      {formatMoney(derived[key], list.currency, 'en-US')}
                    </Text>
                  ))}
                </SimpleGrid>
              ) : (
                <Text size="sm" c="red.9">
                  No price: the product has none in {list.derived.from} to derive it from.
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
