import { useState } from 'react';
import { productName } from '@deck-portal/domain';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  hasDraftToResume,
  loadDeckDraft,
  resumePath,
  type StoredDeckDraft,
} from '../../../lib/deck-draft-storage.ts';
import { formatShortDate } from '../../../lib/format-date.ts';
import { RECENT_DECKS_PAGE_SIZE, useRecentDecks } from '../api/get-recent-decks.ts';
import { usePriceBook } from '../../../lib/price-book.ts';
import { DeckListItem, GeneratedDeckItem } from './deck-list-item.tsx';

function DraftItem({ draft }: { draft: StoredDeckDraft }) {
  const navigate = useNavigate();
  const book = usePriceBook().data ?? { products: [] };
  if (!hasDraftToResume(draft)) return null;
  const { basicInfo, productSelection } = draft;
  return (
    <DeckListItem
      clientName={basicInfo.clientName}
      title={basicInfo.deckTitle}
      date={formatShortDate(basicInfo.date)}
      productNames={(productSelection?.selectedProducts ?? []).map((p) => productName(book, p.id))}
      status="draft"
      actions={
        <Button
          size="xs"
          rightSection={<IconArrowRight size={14} />}
          onClick={() => navigate(resumePath(draft))}
        >
          Continue
        </Button>
      }
    />
  );
}

/** SPEC.md §2's Recent Decks: the browser's draft first, then the rep's generated decks. */
export function RecentDecksCard() {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<'recent' | 'archived'>('recent');
  const [draft, setDraft] = useState(loadDeckDraft);
  const decks = useRecentDecks(page, shown === 'archived');

  const refresh = () => {
    setDraft(loadDeckDraft());
    void decks.refetch();
  };

  const serverDecks = decks.data?.recentDecks ?? [];
  const showDraft = shown === 'recent' && page === 1 && hasDraftToResume(draft);
  const isEmpty = !showDraft && decks.isSuccess && serverDecks.length === 0;
  const pageCount = Math.ceil((decks.data?.total ?? 0) / RECENT_DECKS_PAGE_SIZE);

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="recent-decks-title">
      <Group justify="space-between" mb="md">
        <Stack gap={0}>
          <Title order={2} size="h3" id="recent-decks-title">
            Recent Decks
          </Title>
          <Text size="sm" c="dimmed">
            Your drafts and generated presentations
          </Text>
        </Stack>
        <SegmentedControl
          size="xs"
          aria-label="Which decks"
          value={shown}
          onChange={(value) => {
            setShown(value as 'recent' | 'archived');
            setPage(1);
          }}
          data={[
            { value: 'recent', label: 'In use' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
        <Button
          variant="default"
          // A spinner in place of the icon: the label stays put while the list reloads.
          leftSection={decks.isFetching ? <Loader size={14} /> : <IconRefresh size={16} />}
          aria-busy={decks.isFetching}
          onClick={refresh}
        >
          Refresh
        </Button>
      </Group>

      {decks.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          mb="md"
          title="Failed to fetch recent decks"
        >
          {decks.error.message}
        </Alert>
      )}

      {decks.isPending && !showDraft ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading recent decks" />
        </Center>
      ) : isEmpty ? (
        <Text c="dimmed" ta="center" py="xl">
          {shown === 'archived' ? 'No archived decks' : 'No recent decks found'}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Recent decks">
          {showDraft && <DraftItem draft={draft} />}
          {serverDecks.map((deck) => (
            <GeneratedDeckItem key={deck.id} deck={deck} />
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
