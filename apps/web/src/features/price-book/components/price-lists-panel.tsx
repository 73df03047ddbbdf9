import {
  BOOK_CURRENCY,
  BOOK_PRICE_LIST,
  PRICE_ROUNDINGS,
  type PriceList,
  type PriceRounding,
} from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';
import { usePriceLists } from '../../../lib/markets.ts';
import { priceListExportUrl, useDeletePriceList, useSavePriceList } from '../api/price-lists.ts';
import { currencyName } from '../currency-name.ts';
import { priceListKind } from '../price-list-kind.ts';
import { PriceListImport } from './price-list-import.tsx';

/** A change's toast (the theme names its close button). */
const savedToast = { color: 'teal' } as const;

/**
 * The price book's lists per currency: US dollars (the products' own prices) and each other
 * currency's, entered per product or derived from another list at a rate. Admins change them;
 * content editors see them.
 */
export function PriceListsPanel({ canEdit }: { canEdit: boolean }) {
  const lists = usePriceLists();
  const [editing, setEditing] = useState<PriceList | 'new' | undefined>();
  const [removing, setRemoving] = useState<PriceList | undefined>();
  const [importing, setImporting] = useState<string | undefined>();
  const all = lists.data ? [BOOK_PRICE_LIST, ...lists.data.lists] : [];

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="price-lists-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h3" id="price-lists-title">
              Price lists
            </Title>
            <Text size="sm" c="dimmed">
              The currencies decks can quote in. A list is entered product by product, or derived
              from another at a rate you set.
            </Text>
          </Stack>
          {canEdit && (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
            >
              New price list
            </Button>
          )}
        </Group>
        {lists.isPending ? (
          <Text size="sm" c="dimmed">
            Loading the price lists…
          </Text>
        ) : lists.isError ? (
          <Alert color="red" title="The price lists could not be loaded">
            {errorText(lists.error)}
          </Alert>
        ) : (
          <ScrollingTable minWidth={640} labelledBy="price-lists-title">
            <Table verticalSpacing="xs" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th>Prices</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>File</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {all.map((list) => (
                  <Table.Tr key={list.currency}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                          {list.currency}
                        </Badge>
                        <Text size="sm">{currencyName(list.currency)}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{priceListKind(list)}</Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {/* A file to edit in a spreadsheet; an entered list's comes back. */}
                          <Button
                            component="a"
                            href={priceListExportUrl(list.currency)}
                            download
                            size="xs"
                            variant="default"
                            leftSection={<IconDownload size={14} />}
                            aria-label={`Export the ${list.currency} list`}
                          >
                            Export
                          </Button>
                          {list.currency !== BOOK_CURRENCY && !list.derived && (
                            <Button
                              size="xs"
                              variant="default"
                              leftSection={<IconUpload size={14} />}
                              aria-label={`Import the ${list.currency} list`}
                              onClick={() => setImporting(list.currency)}
                            >
                              Import
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canEdit && list.currency !== BOOK_CURRENCY && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconPencil size={14} />}
                            aria-label={`Change the ${list.currency} list`}
                            onClick={() => setEditing(list)}
                          >
                            Change
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            aria-label={`Remove the ${list.currency} list`}
                            onClick={() => setRemoving(list)}
                          >
                            Remove
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollingTable>
        )}
      </Stack>
      {editing && (
        <PriceListEditor list={editing} lists={all} onClose={() => setEditing(undefined)} />
      )}
      {removing && <RemovePriceList list={removing} onClose={() => setRemoving(undefined)} />}
      {importing && (
        <PriceListImport currency={importing} onClose={() => setImporting(undefined)} />
      )}
    </Paper>
  );
}

const currencies = Intl.supportedValuesOf('currency');

function PriceListEditor({
  list,
  lists,
  onClose,
}: {
  list: PriceList | 'new';
  lists: readonly PriceList[];
  onClose: () => void;
}) {
  const isNew = list === 'new';
  const taken = new Set(lists.map((candidate) => candidate.currency));
  const [currency, setCurrency] = useState(isNew ? '' : list.currency);
  const [isDerived, setIsDerived] = useState(isNew || list.derived !== null);
  const [from, setFrom] = useState(isNew ? BOOK_CURRENCY : (list.derived?.from ?? BOOK_CURRENCY));
  const [rate, setRate] = useState<number | string>(isNew ? '' : (list.derived?.rate ?? ''));
  const [rounding, setRounding] = useState<PriceRounding>(
    isNew ? 'cent' : (list.derived?.rounding ?? 'cent'),
  );
  const save = useSavePriceList();

  const edited: PriceList = {
    currency,
    derived: isDerived ? { from, rate: Number(rate), rounding } : null,
  };

  const submit = () =>
    save.mutate(edited, {
      onSuccess: () => {
        notifications.show({ ...savedToast, message: `The ${currency} list is saved.` });
        onClose();
      },
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? 'New price list' : `Change the ${list.currency} list`}
    >
      <Stack gap="md">
        {isNew ? (
          <Select
            label="Currency"
            required
            searchable
            data={currencies
              .filter((code) => !taken.has(code))
              .map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }))}
            value={currency || null}
            onChange={(value) => setCurrency(value ?? '')}
          />
        ) : (
          <TextInput label="Currency" value={`${currency} · ${currencyName(currency)}`} disabled />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="price-list-kind">
            Prices
          </Text>
          <SegmentedControl
            aria-labelledby="price-list-kind"
            data={[
              { value: 'derived', label: 'Derived at a rate' },
              { value: 'entered', label: 'Entered per product' },
            ]}
            value={isDerived ? 'derived' : 'entered'}
            onChange={(value) => setIsDerived(value === 'derived')}
          />
        </Stack>
        {isDerived ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Select
              label="From"
              allowDeselect={false}
              data={lists
                .map((candidate) => candidate.currency)
                .filter((code) => code !== currency)}
              value={from}
              onChange={(value) => value && setFrom(value)}
            />
            <NumberInput
              label="Rate"
              description={`${currency || 'Units'} per ${from}`}
              decimalScale={6}
              min={0}
              value={rate}
              onChange={setRate}
            />
            <Select
              label="Rounding"
              allowDeselect={false}
              data={PRICE_ROUNDINGS.map((rule) => ({ value: rule.id, label: rule.label }))}
              value={rounding}
              onChange={(value) => value && setRounding(value as PriceRounding)}
            />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            Each product’s {currency || 'prices in this currency'} prices are entered in its editor
            below; a product without them cannot be quoted in {currency || 'it'}.
          </Text>
        )}
        {currency && (isDerived ? Number(rate) > 0 : true) && (
          <Text size="sm">
            <Text span fw={600}>
              {currency}:
            </Text>{' '}
            {priceListKind(edited)}
          </Text>
        )}
        {save.isError && (
          <Alert color="red" role="alert" title="The list was not saved">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!currency}>
            {isNew ? 'Add list' : 'Save list'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before removing a list; the server refuses one a market quotes in, and says why. */
function RemovePriceList({ list, onClose }: { list: PriceList; onClose: () => void }) {
  const remove = useDeletePriceList();
  return (
    <Modal opened onClose={onClose} title={`Remove the ${list.currency} list?`}>
      <Stack gap="md">
        <Text>
          Decks can no longer quote in {currencyName(list.currency)}. Decks already made keep their
          prices.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert" title={`The ${list.currency} list was not removed`}>
            {errorText(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(list.currency, {
                onSuccess: () => {
                  notifications.show({
                    ...savedToast,
                    message: `The ${list.currency} list is removed.`,
                  });
                  onClose();
                },
              })
            }
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
