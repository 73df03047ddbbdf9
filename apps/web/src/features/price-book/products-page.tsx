import {
  DEFAULT_CREDIT_PERCENT,
  formatUsd,
  productKindBilling,
  productKindLabels,
  productKinds,
  type ProductKind,
  type AdminProducts,
  type PriceBookEntry,
  type ProductFields,
  type ProductPrices,
  formatMoney,
  productPricesIn,
  type PriceList,
} from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconHistory, IconPencil, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatShortDate, todayIsoDate } from '../../lib/format-date.ts';
import { usePriceLists } from '../../lib/markets.ts';
import { isAdmin, useSession } from '../../lib/session.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { LibraryPageShell } from '../../ui/library/library-page-shell.tsx';
import { errorText } from '../../lib/library-api/error-text.ts';
import { useAdminProducts, useChangeProduct, useProductHistory } from './api/price-book.ts';
import { LibraryPictureField } from '../../ui/library/library-picture-field.tsx';
import { PriceListsPanel } from './components/price-lists-panel.tsx';
import {
  ProductPricesFields,
  readEnteredPrices,
  typedPricesOf,
  type TypedPrices,
} from './components/product-prices-fields.tsx';

type Row = AdminProducts['products'][number];

const blankProduct: ProductFields = {
  sku: '',
  name: '',
  description: '',
  features: [],
  kind: 'goods',
  defaultQuantity: 1,
  msrp: 0,
  basePrice: 0,
  whiteGloveShipping: 0,
  flatRateShipping: 0,
  flatRateAboveQuantity: 10,
  warrantyYears: 1,
  // The credit is claimed only for what the price book marks: a new product opts in.
  creditEligible: false,
  monthsIncluded: 'Unlimited',
  annualMonitoring: 'Included',
  maintenance: 'Monitoring and software updates included',
  active: true,
};

const numberFields = [
  'defaultQuantity',
  'msrp',
  'basePrice',
  'whiteGloveShipping',
  'flatRateShipping',
  'flatRateAboveQuantity',
  'warrantyYears',
  'creditPercent',
] as const;

/**
 * The form's number fields as numbers: what was typed (`1,250`), read; an empty or unreadable
 * one is sent as it is, for the server to name.
 */
function readNumbers(fields: ProductFields): ProductFields {
  const read = { ...fields };
  for (const key of numberFields) {
    const value: unknown = fields[key];
    if (typeof value === 'string') {
      const number = Number(value.replace(/[$,\s]/g, ''));
      read[key] = value.trim() !== '' && Number.isFinite(number) ? number : (value as never);
    }
  }
  return read;
}

/** `2026-12-01` (a day the editor picked) as the moment it starts, in the editor's time zone. */
const startOfDay = (isoDate: string) => dayjs(isoDate).startOf('day').toISOString();

/**
 * /admin/products: the price book. Every product with its price in force and any change
 * scheduled; a change takes effect now or from a day, and decks already made keep their prices.
 * Above them, the price lists per currency (admins change those).
 */
export default function ProductsPage() {
  const products = useAdminProducts();
  const session = useSession();
  const lists = usePriceLists();
  const [editing, setEditing] = useState<Row | 'new' | undefined>();
  const [history, setHistory] = useState<Row | undefined>();

  return (
    <LibraryPageShell>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Price book</Title>
            <Text c="dimmed">
              What reps can sell and at what price. A change takes effect now or from a day you
              choose; decks already made keep the prices they were made with.
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New product
          </Button>
        </Group>
        <PriceListsPanel canEdit={session.data ? isAdmin(session.data) : false} />
        {products.isPending ? (
          <PageLoader label="Loading the price book" />
        ) : products.isError ? (
          <Alert color="red" title="The price book could not be loaded">
            {errorText(products.error)}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing="sm" horizontalSpacing="md" miw={1080} aria-label="Products">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">MSRP</Table.Th>
                  <Table.Th ta="right">Base price</Table.Th>
                  <Table.Th>MSRP in other currencies</Table.Th>
                  <Table.Th>Tax credit</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Scheduled</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {products.data.products.map((row) => (
                  <ProductRow
                    key={row.current.productId}
                    row={row}
                    lists={lists.data?.lists ?? []}
                    onEdit={() => setEditing(row)}
                    onHistory={() => setHistory(row)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
      {editing && <ProductEditor row={editing} onClose={() => setEditing(undefined)} />}
      {history && <ProductHistory row={history} onClose={() => setHistory(undefined)} />}
    </LibraryPageShell>
  );
}

function ProductRow({
  row,
  lists,
  onEdit,
  onHistory,
}: {
  row: Row;
  lists: readonly PriceList[];
  onEdit: () => void;
  onHistory: () => void;
}) {
  const { product } = row.current;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{product.name}</Text>
        <Text size="xs" c="dimmed">
          SKU {product.sku} · {productKindBilling[product.kind]}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{formatUsd(product.msrp)}</Table.Td>
      <Table.Td ta="right">{formatUsd(product.basePrice)}</Table.Td>
      <Table.Td>
        {lists.map((list) => {
          const prices = productPricesIn(product, list.currency, lists);
          return (
            <Text
              size="sm"
              key={list.currency}
              c={prices ? undefined : 'red.9'}
              style={{ whiteSpace: 'nowrap' }}
            >
              {prices
                ? `${formatMoney(prices.msrp, list.currency, 'en-US')}${list.derived ? ' (derived)' : ''}`
                : `No ${list.currency} price`}
            </Text>
          );
        })}
      </Table.Td>
      <Table.Td>
        {product.creditEligible
          ? `${product.creditPercent ?? DEFAULT_CREDIT_PERCENT}%`
          : 'Does not apply'}
      </Table.Td>
      <Table.Td>
        <Badge
          color={product.active ? 'green' : 'gray'}
          variant="light"
          style={{ minWidth: 'max-content' }}
        >
          {product.active ? 'Sold' : 'Retired'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {row.scheduled.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing
          </Text>
        ) : (
          row.scheduled.map((entry) => (
            <Text size="sm" key={entry.id}>
              {formatUsd(entry.product.msrp)} MSRP from {formatShortDate(entry.effectiveFrom)}
            </Text>
          ))
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={`Change ${product.name}`}
          >
            Change
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconHistory size={14} />}
            onClick={onHistory}
            aria-label={`History of ${product.name}`}
          >
            History
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function ProductEditor({ row, onClose }: { row: Row | 'new'; onClose: () => void }) {
  const isNew = row === 'new';
  const [fields, setFields] = useState<ProductFields>(() => {
    if (isNew) return blankProduct;
    const { id: _id, ...rest } = row.current.product;
    return rest;
  });
  const [effectiveDay, setEffectiveDay] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const change = useChangeProduct();
  const lists = usePriceLists().data?.lists ?? [];
  // Each entered list's prices as typed; filled from the product's once the lists arrive.
  const [typedPrices, setTypedPrices] = useState<Record<string, TypedPrices>>({});
  const typed = { ...typedPricesOf(lists, fields.prices), ...typedPrices };
  const setPrice = (currency: string, key: keyof ProductPrices, value: number | string) =>
    setTypedPrices((current) => ({
      ...current,
      [currency]: { ...typed[currency], [key]: value },
    }));
  const set = <K extends keyof ProductFields>(key: K, value: ProductFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const isShipped = fields.kind === 'goods';
  const money = (key: keyof ProductFields, label: string, disabled = false) => (
    <NumberInput
      label={label}
      disabled={disabled}
      prefix="$"
      decimalScale={2}
      thousandSeparator=","
      min={0}
      value={fields[key] as number | string}
      // Kept as typed (the field may be empty for a moment); read as a number when saved.
      onChange={(value) => set(key, value as never)}
    />
  );
  const whole = (
    key: keyof ProductFields,
    label: string,
    description?: string,
    disabled = false,
  ) => (
    <NumberInput
      label={label}
      description={description}
      disabled={disabled}
      allowDecimal={false}
      min={0}
      value={fields[key] as number | string}
      onChange={(value) => set(key, value as never)}
    />
  );

  const prices = readEnteredPrices(fields.prices, typed, isShipped);
  const { prices: _kept, ...withoutPrices } = readNumbers(fields);
  const product = { ...withoutPrices, ...(prices ? { prices } : {}) };

  const save = () =>
    change.mutate(
      {
        ...(isNew ? {} : { productId: row.current.productId }),
        change: {
          product,
          note,
          ...(effectiveDay && effectiveDay !== todayIsoDate()
            ? { effectiveFrom: startOfDay(effectiveDay) }
            : {}),
        },
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={isNew ? 'New product' : `Change ${row.current.product.name}`}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            value={fields.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput
            label="SKU"
            required
            value={fields.sku}
            onChange={(e) => set('sku', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Select
          label="Sold as"
          description="Services and subscriptions are not shipped; a subscription is priced per year and is not part of what the client pays up front."
          data={productKinds.map((kind) => ({ value: kind, label: productKindLabels[kind] }))}
          value={fields.kind}
          allowDeselect={false}
          onChange={(value) => value && set('kind', value as ProductKind)}
        />
        <Textarea
          label="Description"
          rows={2}
          value={fields.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <LibraryPictureField
          label="Picture"
          picture={fields.picture}
          alt={`${fields.name || 'The product'}, as slides show it`}
          empty={fields.picture ? 'The illustration that ships with the portal' : 'No picture'}
          uploadLabel="Upload a picture"
          clearLabel="No picture"
          hint="Shown on the product’s slide wherever it names the product’s picture."
          onChange={(picture) => {
            const { picture: _picture, ...rest } = fields;
            setFields(picture ? { ...rest, picture } : rest);
          }}
        />
        <TagsInput
          label="Features"
          description="Shown on the product card and the product slide; up to 6."
          maxTags={6}
          value={fields.features}
          onChange={(value) => set('features', value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {money('msrp', 'MSRP (the rep’s starting price)')}
          {money('basePrice', 'Base price (when the deck shows no pricing)')}
          {whole('defaultQuantity', 'Default quantity')}
          {money('whiteGloveShipping', 'White-glove shipping', !isShipped)}
          {money('flatRateShipping', 'Flat-rate shipping', !isShipped)}
          {whole('flatRateAboveQuantity', 'Flat rate above quantity', undefined, !isShipped)}
          {whole('warrantyYears', 'Warranty (years)')}
          <TextInput
            label="Monitoring months included"
            value={fields.monthsIncluded}
            onChange={(e) => set('monthsIncluded', e.currentTarget.value)}
          />
          <TextInput
            label="Annual monitoring after that"
            value={fields.annualMonitoring}
            onChange={(e) => set('annualMonitoring', e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="Maintenance"
          description="A price in these terms is written {{product.<id>.price}} (a product's unit price): each deck states it in its own currency."
          value={fields.maintenance}
          onChange={(e) => set('maintenance', e.currentTarget.value)}
        />
        <ProductPricesFields
          lists={lists}
          product={{ ...product, id: isNew ? 'new' : row.current.productId }}
          typed={typed}
          isShipped={isShipped}
          onChange={setPrice}
        />
        <Group gap="xl">
          <Checkbox
            label="The investment tax credit applies"
            description="The pricing slides and every slide that speaks of the credit follow this."
            checked={fields.creditEligible}
            onChange={(e) => set('creditEligible', e.currentTarget.checked)}
          />
          <NumberInput
            label="Credit"
            description="Its share of the product's total."
            suffix="%"
            decimalScale={1}
            min={0}
            max={100}
            w={140}
            disabled={!fields.creditEligible}
            value={fields.creditPercent ?? DEFAULT_CREDIT_PERCENT}
            onChange={(value) => set('creditPercent', value as never)}
          />
          <Switch
            label="Sold"
            description="Retired products stay in the decks that have them."
            checked={fields.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatePickerInput
            label="Takes effect"
            description="Now, or from the start of a day you choose."
            placeholder="Now"
            valueFormat="MMM D, YYYY"
            minDate={todayIsoDate()}
            leftSection={<IconCalendar size={16} />}
            clearable
            clearButtonProps={{ 'aria-label': 'Take effect now' }}
            value={effectiveDay}
            onChange={(value) => setEffectiveDay(value)}
            disabled={isNew}
          />
          <TextInput
            label="Note"
            description="Why, for the history."
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </SimpleGrid>
        {change.isError && (
          <Alert color="red" role="alert" title="The change was not saved">
            {errorText(change.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={change.isPending}>
            {isNew ? 'Add product' : 'Save change'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A product's entries, newest first, each with what it cost and why; an older one can be put back
 * in force from now ("Restore"), as a new entry, so the history keeps the change and its undoing.
 */
function ProductHistory({ row, onClose }: { row: Row; onClose: () => void }) {
  const history = useProductHistory(row.current.productId);
  const change = useChangeProduct();
  const [restoring, setRestoring] = useState<string>();
  const restore = (entry: PriceBookEntry) => {
    const { id: _id, ...product } = entry.product;
    setRestoring(entry.id);
    change.mutate(
      {
        productId: row.current.productId,
        change: { product, note: `Restored the entry of ${formatShortDate(entry.effectiveFrom)}` },
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: `${product.name} is as it was from ${formatShortDate(entry.effectiveFrom)} again.`,
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={`History of ${row.current.product.name}`}>
      {history.isPending ? (
        <PageLoader label="Loading the history" />
      ) : history.isError ? (
        <Alert color="red">{errorText(history.error)}</Alert>
      ) : (
        <Stack gap="sm">
          {change.isError && (
            <Alert color="red" role="alert">
              {errorText(change.error)}
            </Alert>
          )}
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th ta="right">MSRP</Table.Th>
                <Table.Th ta="right">Base price</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.entries.map((entry: PriceBookEntry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatShortDate(entry.effectiveFrom)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(entry.product.msrp)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(entry.product.basePrice)}</Table.Td>
                  <Table.Td>{entry.note}</Table.Td>
                  <Table.Td>{entry.createdBy?.name ?? 'Built in'}</Table.Td>
                  <Table.Td>
                    {entry.id !== row.current.id &&
                      dayjs(entry.effectiveFrom).isBefore(row.current.effectiveFrom) && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          loading={change.isPending && restoring === entry.id}
                          aria-label={`Restore the entry of ${formatShortDate(entry.effectiveFrom)}`}
                          onClick={() => restore(entry)}
                        >
                          Restore
                        </Button>
                      )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
