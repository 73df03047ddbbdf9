import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { deckApprovalFilters, type DeckApprovalFilter } from '@deck-portal/domain';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconSearch,
} from '@tabler/icons-react';
import { ALL_DECKS_PAGE_SIZE, useAllDecks } from '../api/get-all-decks.ts';
import { GeneratedDeckItem } from './deck-list-item.tsx';

const approvalFilterLabels: Record<DeckApprovalFilter, string> = {
  awaiting: 'Awaiting approval',
  rejected: 'Approval rejected',
};

/** Managers and admins see every rep's decks (DESIGN.md §5), newest first. */
export function AllDecksCard() {
  // Where each page seen so far starts: the list pages by position, so going back is a step
  // back through these, and going on follows the server's `nextCursor`.
  const [starts, setStarts] = useState<(string | undefined)[]>([undefined]);
  const [client, setClient] = useState('');
  const [debouncedClient] = useDebouncedValue(client, 300);
  const [approval, setApproval] = useState<DeckApprovalFilter | undefined>(undefined);
  const decks = useAllDecks({ client: debouncedClient, approval, after: starts.at(-1) });
  const list = decks.data?.recentDecks ?? [];
  const pageNumber = starts.length;
  const nextCursor = decks.data?.nextCursor ?? null;
  const total = decks.data
    ? `${decks.data.total.toLocaleString('en-US')}${decks.data.totalIsCapped ? '+' : ''}`
    : '';
  // A search's count stops sooner than the whole list's ("100+" against "1,000+"): past it,
  // narrowing the search is more use than a count.
  const isSearch = debouncedClient.trim() !== '';
  const counted = !decks.data
    ? ''
    : !isSearch
      ? ` · ${total} in total`
      : decks.data.totalIsCapped
        ? ` · ${total} found: type more of the name to narrow them`
        : ` · ${total} found`;

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="all-decks-title">
      <Group justify="space-between" mb="md" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h3" id="all-decks-title">
            All decks
          </Title>
          <Text size="sm" c="dimmed">
            Every deck your team has generated
            {counted}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end">
          <Select
            aria-label="Filter by approval"
            allowDeselect={false}
            value={approval ?? 'any'}
            onChange={(value) => {
              setApproval(
                value === 'any' || value === null ? undefined : (value as DeckApprovalFilter),
              );
              setStarts([undefined]);
            }}
            data={[
              { value: 'any', label: 'Any approval' },
              ...deckApprovalFilters.map((value) => ({
                value,
                label: approvalFilterLabels[value],
              })),
            ]}
            w={200}
          />
          <TextInput
            aria-label="Filter by client"
            placeholder="Filter by client"
            leftSection={<IconSearch size={16} />}
            value={client}
            onChange={(event) => {
              setClient(event.currentTarget.value);
              setStarts([undefined]);
            }}
            w={240}
          />
        </Group>
      </Group>
      {decks.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} mb="md">
          {decks.error.message}
        </Alert>
      )}
      {decks.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading all decks" />
        </Center>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No decks found
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="All decks">
          {list.map((deck) => (
            <GeneratedDeckItem key={deck.id} deck={deck} showOwner />
          ))}
        </Stack>
      )}
      {(pageNumber > 1 || nextCursor) && (
        <Group justify="center" mt="md" gap="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={pageNumber === 1}
            onClick={() => setStarts((previous) => previous.slice(0, -1))}
          >
            Newer
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            Page {pageNumber} · decks{' '}
            {((pageNumber - 1) * ALL_DECKS_PAGE_SIZE + 1).toLocaleString('en-US')}–
            {((pageNumber - 1) * ALL_DECKS_PAGE_SIZE + list.length).toLocaleString('en-US')}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={!nextCursor || decks.isPlaceholderData}
            onClick={() => nextCursor && setStarts((previous) => [...previous, nextCursor])}
          >
            Older
          </Button>
        </Group>
      )}
    </Card>
  );
}
