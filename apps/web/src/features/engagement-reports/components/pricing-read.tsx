import { pricingViewedSeconds, type EngagementReport } from '@deck-portal/domain';
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatShortDate } from '../../../lib/format-date.ts';
import { formatSeconds } from '../engagement-format.ts';

/** Decks whose pricing a client read: most visits that did first. */
export function PricingRead({ decks }: { decks: EngagementReport['pricingRead'] }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Pricing read
          </Title>
          <Text size="sm" c="dimmed">
            Visits that kept a pricing slide on screen for {pricingViewedSeconds} seconds or more.
          </Text>
        </Stack>
        {decks.length === 0 ? (
          <Text c="dimmed">No client read a deck&apos;s pricing in these dates.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Deck</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th ta="right">Visits</Table.Th>
                  <Table.Th ta="right">Time on pricing</Table.Th>
                  <Table.Th>Last read</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {decks.map((deck) => (
                  <Table.Tr key={deck.deckId}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.deckPreview(deck.deckId)}>
                        {deck.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {deck.clientName}
                      </Text>
                    </Table.Td>
                    <Table.Td>{deck.ownerName}</Table.Td>
                    <Table.Td ta="right">{deck.visits.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{formatSeconds(deck.seconds)}</Table.Td>
                    <Table.Td>{formatShortDate(deck.lastReadAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
