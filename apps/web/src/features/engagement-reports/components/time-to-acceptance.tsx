import type { EngagementReport } from '@deck-portal/domain';
import { BarChart } from '@mantine/charts';
import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatShortDate } from '../../../lib/format-date.ts';
import { Figure } from '../../../ui/figure.tsx';
import { formatHours } from '../engagement-format.ts';

/** Decks accepted in the range: the median wait from first open, a bar per deck, the list. */
export function TimeToAcceptance({
  acceptance,
}: {
  acceptance: EngagementReport['timeToAcceptance'];
}) {
  const { decks, medianHours } = acceptance;
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            Time from first open to acceptance
          </Title>
          {medianHours !== null && <Figure label="Median" value={formatHours(medianHours)} />}
        </Group>
        {decks.length === 0 ? (
          <Text c="dimmed">No deck was accepted in these dates.</Text>
        ) : (
          <>
            <BarChart
              h={Math.max(140, decks.length * 40)}
              data={decks.map((deck) => ({
                deck: deck.clientName || deck.title,
                hours: deck.hours,
              }))}
              dataKey="deck"
              orientation="vertical"
              series={[{ name: 'hours', label: 'Hours', color: 'teal.6' }]}
              valueFormatter={formatHours}
              yAxisProps={{ width: 120 }}
              gridAxis="none"
              // A picture of the figures listed beside it: named as an image.
              role="img"
              aria-label="Hours from first open to acceptance per deck"
            />
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Deck</Table.Th>
                    <Table.Th>Owner</Table.Th>
                    <Table.Th>First opened</Table.Th>
                    <Table.Th>Accepted</Table.Th>
                    <Table.Th ta="right">Time</Table.Th>
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
                      <Table.Td>{formatShortDate(deck.firstOpenedAt)}</Table.Td>
                      <Table.Td>{formatShortDate(deck.acceptedAt)}</Table.Td>
                      <Table.Td ta="right">{formatHours(deck.hours)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
