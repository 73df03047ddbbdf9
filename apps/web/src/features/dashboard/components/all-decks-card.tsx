import { useState } from 'react';
import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { ALL_DECKS_PAGE_SIZE, useAllDecks } from '../api/get-all-decks.ts';
import { GeneratedDeckItem } from './deck-list-item.tsx';

/** Managers and admins see every rep's decks (DESIGN.md §5), newest first. */
export function AllDecksCard() {
  const [page, setPage] = useState(1);
  const [client, setClient] = useState('');
  const [debouncedClient] = useDebouncedValue(client, 300);
  const decks = useAllDecks({ page, client: debouncedClient });
  const list = decks.data?.recentDecks ?? [];
  const pageCount = Math.ceil((decks.data?.total ?? 0) / ALL_DECKS_PAGE_SIZE);

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="all-decks-title">
      <Group justify="space-between" mb="md" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h3" id="all-decks-title">
            All decks
          </Title>
          <Text size="sm" c="dimmed">
            Every deck your team has generated
            {decks.data ? ` · ${decks.data.total} in total` : ''}
          </Text>
        </Stack>
        <TextInput
          aria-label="Filter by client"
          placeholder="Filter by client"
          leftSection={<IconSearch size={16} />}
          value={client}
          onChange={(event) => {
            setClient(event.currentTarget.value);
            setPage(1);
          }}
          w={240}
        />
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
      {pageCount > 1 && (
        <Group justify="center" mt="md">
          <Pagination value={page} onChange={setPage} total={pageCount} size="sm" />
        </Group>
      )}
    </Card>
  );
}
