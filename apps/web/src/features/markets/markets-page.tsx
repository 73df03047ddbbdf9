import { BOOK_CURRENCY, DECK_LANGUAGES, INCENTIVES, type Market } from '@deck-portal/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { useMarkets, usePriceLists } from '../../lib/markets.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { ScrollingTable } from '../../ui/scrolling-table.tsx';
import { useDeleteMarket } from './api/delete-market.ts';
import { useSaveMarket } from './api/save-market.ts';
import { languageLabel, taxLabel } from './market-labels.ts';

/** A change's toast (the theme names its close button). */
const savedToast = { color: 'teal' } as const;

/**
 * /admin/markets: the countries decks are made for. Each names the currency its quotes are in,
 * the tax it charges and whether its prices include it, the incentives that apply there and the
 * language its decks start in.
 */
export default function MarketsPage() {
  const markets = useMarkets();
  const [editing, setEditing] = useState<Market | 'new' | undefined>();
  const [removing, setRemoving] = useState<Market | undefined>();

  return (
    <PageShell
      actions={
        <LinkButton to={paths.admin} icon={IconArrowLeft}>
          User Management
        </LinkButton>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4} maw={720}>
            <Title order={1}>Markets</Title>
            <Text c="dimmed">
              The countries reps make decks for. A deck for a market quotes in its currency (from
              the{' '}
              <Anchor component={Link} to={paths.products}>
                price book’s list
              </Anchor>{' '}
              in that currency), with its tax, and starts in its language.
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New market
          </Button>
        </Group>
        {markets.isPending ? (
          <PageLoader label="Loading the markets" />
        ) : markets.isError ? (
          <Alert color="red" title="The markets could not be loaded">
            {errorText(markets.error)}
          </Alert>
        ) : (
          <Paper withBorder radius="lg">
            <ScrollingTable minWidth={820} label="Markets">
              <Table verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Market</Table.Th>
                    <Table.Th>Currency</Table.Th>
                    <Table.Th>Tax</Table.Th>
                    <Table.Th>Incentives</Table.Th>
                    <Table.Th>Language</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {markets.data.markets.map((market) => (
                    <Table.Tr key={market.code}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                            {market.code}
                          </Badge>
                          <Text fw={600}>{market.name}</Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>{market.currency}</Table.Td>
                      <Table.Td>{taxLabel(market.tax)}</Table.Td>
                      <Table.Td>
                        {market.incentives.length === 0
                          ? 'None'
                          : market.incentives
                              .map(
                                (id) => INCENTIVES.find((incentive) => incentive.id === id)!.name,
                              )
                              .join(', ')}
                      </Table.Td>
                      <Table.Td>{languageLabel(market.language)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconPencil size={14} />}
                            aria-label={`Change ${market.name}`}
                            onClick={() => setEditing(market)}
                          >
                            Change
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            aria-label={`Remove ${market.name}`}
                            onClick={() => setRemoving(market)}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollingTable>
          </Paper>
        )}
      </Stack>
      {editing && (
        <MarketEditor
          market={editing}
          taken={markets.data?.markets.map((market) => market.code) ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
      {removing && <RemoveMarket market={removing} onClose={() => setRemoving(undefined)} />}
    </PageShell>
  );
}

const blankMarket: Market = {
  code: '',
  name: '',
  currency: BOOK_CURRENCY,
  tax: null,
  incentives: [],
  language: 'en',
};

/** A new tax's fields, until the admin names it. */
const blankTax = { name: 'VAT', percent: 0, inclusive: false };

function MarketEditor({
  market,
  taken,
  onClose,
}: {
  market: Market | 'new';
  taken: readonly string[];
  onClose: () => void;
}) {
  const isNew = market === 'new';
  const [fields, setFields] = useState<Market>(isNew ? blankMarket : market);
  const [codeError, setCodeError] = useState<string>();
  const lists = usePriceLists();
  const save = useSaveMarket();
  const set = <K extends keyof Market>(key: K, value: Market[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const tax = fields.tax;

  // A market quotes in a currency the price book has a list in: US dollars, or a list's.
  const currencies = [
    BOOK_CURRENCY,
    ...(lists.data?.lists.map((list) => list.currency) ?? []),
    fields.currency,
  ].filter((currency, index, all) => currency && all.indexOf(currency) === index);

  const submit = () => {
    const code = fields.code.trim().toUpperCase();
    if (isNew && taken.includes(code)) {
      setCodeError(`${code} is a market already: change it in the table.`);
      return;
    }
    setCodeError(undefined);
    save.mutate(
      { ...fields, code },
      {
        onSuccess: () => {
          notifications.show({ ...savedToast, message: `${fields.name || code} is saved.` });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={isNew ? 'New market' : `Change ${market.name}`}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Country code"
            description="ISO 3166, two letters (JP)."
            required
            maxLength={2}
            disabled={!isNew}
            error={codeError}
            value={fields.code}
            onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label="Name"
            required
            value={fields.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Select
            label="Currency"
            description="One the price book has a list in."
            data={currencies}
            searchable
            allowDeselect={false}
            value={fields.currency}
            onChange={(value) => value && set('currency', value)}
          />
          <Select
            label="Language"
            description="Decks for this market start in it."
            data={DECK_LANGUAGES.map((language) => ({
              value: language.tag,
              label: languageLabel(language.tag),
            }))}
            searchable
            allowDeselect={false}
            value={fields.language}
            onChange={(value) => value && set('language', value as Market['language'])}
          />
        </SimpleGrid>
        <Switch
          label="Quotes carry a tax"
          description="Off where the buyer settles tax themselves (US sales tax)."
          checked={tax !== null}
          onChange={(e) => set('tax', e.currentTarget.checked ? blankTax : null)}
        />
        {tax && (
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Tax name"
                description="As the quote names it."
                value={tax.name}
                onChange={(e) => set('tax', { ...tax, name: e.currentTarget.value })}
              />
              <NumberInput
                label="Rate"
                suffix=" %"
                decimalScale={2}
                min={0}
                max={100}
                value={tax.percent}
                onChange={(value) =>
                  set('tax', { ...tax, percent: typeof value === 'number' ? value : Number(value) })
                }
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="market-tax-inclusive">
                  Prices
                </Text>
                <SegmentedControl
                  aria-labelledby="market-tax-inclusive"
                  data={[
                    { value: 'added', label: 'Tax added' },
                    { value: 'included', label: 'Tax included' },
                  ]}
                  value={tax.inclusive ? 'included' : 'added'}
                  onChange={(value) => set('tax', { ...tax, inclusive: value === 'included' })}
                />
              </Stack>
            </SimpleGrid>
          </Paper>
        )}
        <Checkbox.Group
          label="Incentives"
          description="Credits the quote takes off the price in this market."
          value={fields.incentives}
          onChange={(value) => set('incentives', value as Market['incentives'])}
        >
          <Group mt="xs">
            {INCENTIVES.map((incentive) => (
              <Checkbox key={incentive.id} value={incentive.id} label={incentive.name} />
            ))}
          </Group>
        </Checkbox.Group>
        {save.isError && (
          <Alert color="red" role="alert" title="The market was not saved">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {isNew ? 'Add market' : 'Save market'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before removing a market; the server refuses one a deck names, and says so. */
function RemoveMarket({ market, onClose }: { market: Market; onClose: () => void }) {
  const remove = useDeleteMarket();
  return (
    <Modal opened onClose={onClose} title={`Remove ${market.name}?`}>
      <Stack gap="md">
        <Text>
          Reps can no longer make decks for {market.name}. A market that decks were made for stays.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert" title={`${market.name} was not removed`}>
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
              remove.mutate(market.code, {
                onSuccess: () => {
                  notifications.show({ ...savedToast, message: `${market.name} is removed.` });
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
