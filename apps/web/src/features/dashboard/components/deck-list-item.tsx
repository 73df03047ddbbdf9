import type { ReactNode } from 'react';
import type { DeckApprovalStatus, DeckStatus, RecentDeck } from '@deck-portal/domain';
import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendar, IconEye, IconPackage, IconPresentation } from '@tabler/icons-react';
import { formatMonthDayTime, formatShortDate } from '../../../lib/format-date.ts';
import { DeckStatusBadge } from '../../../ui/deck-status-badge.tsx';
import { CompletedDeckActions } from './completed-deck-actions.tsx';

/** One row of a deck list: client, title, date, products, status and the row's actions. */
export function DeckListItem({
  clientName,
  title,
  date,
  productNames,
  status,
  owner,
  viewedAt,
  acceptedAt,
  approval,
  actions,
}: {
  clientName: string;
  title: string;
  date: string;
  productNames: readonly string[];
  status: DeckStatus;
  owner?: string;
  /** When a client last opened one of the deck's links. */
  viewedAt?: string | null;
  /** When a client accepted the deck on a client link. */
  acceptedAt?: string | null | undefined;
  /** Where the deck stands with the deal desk, when a client may not see it yet. */
  approval?: DeckApprovalStatus | null | undefined;
  actions: ReactNode;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={`${clientName || 'No client'}: ${title}`}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" style={{ flex: 1, minWidth: 240 }}>
          <ThemeIcon
            size={44}
            radius="md"
            variant="light"
            color={status === 'draft' ? 'yellow' : 'blue'}
          >
            <IconPresentation size={24} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* On a phone the badges go under the name; a long name wraps rather than shrink to
                nothing beside them. */}
            <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
              <Text fw={600} maw="100%" style={{ overflowWrap: 'anywhere' }}>
                {clientName || 'No client specified'}
              </Text>
              <DeckStatusBadge
                status={status}
                acceptedAt={acceptedAt}
                approval={approval}
                size="sm"
              />
              {viewedAt && (
                <Badge
                  size="sm"
                  variant="light"
                  color="teal"
                  tt="none"
                  leftSection={<IconEye size={12} aria-hidden />}
                  style={{ flex: 'none' }}
                >
                  Viewed {formatMonthDayTime(viewedAt)}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {title}
              {owner ? ` · ${owner}` : ''}
            </Text>
            <Group gap="md" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <IconCalendar size={14} aria-hidden />
                <Text size="xs">{date}</Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconPackage size={14} aria-hidden />
                <Text size="xs">{productNames.length > 0 ? productNames.join(', ') : 'None'}</Text>
              </Group>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  );
}

/** A generated deck from the server, with its Edit, PDF and Preview actions. */
export function GeneratedDeckItem({
  deck,
  showOwner = false,
}: {
  deck: RecentDeck;
  showOwner?: boolean;
}) {
  return (
    <DeckListItem
      clientName={deck.clientName}
      title={deck.title}
      date={formatShortDate(deck.createdAt)}
      productNames={deck.productNames}
      status={deck.status}
      {...(showOwner ? { owner: deck.ownerName } : {})}
      viewedAt={deck.lastViewedAt}
      acceptedAt={deck.acceptedAt}
      approval={deck.approval}
      actions={<CompletedDeckActions deck={deck} />}
    />
  );
}
