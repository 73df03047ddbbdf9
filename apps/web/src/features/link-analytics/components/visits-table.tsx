import type { ClientVisit } from '@deck-portal/domain';
import { Card, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';

/** '1, 2, 3 (3 of 12)': which slides, and how much of the deck that was. */
export function slidesViewedText(slides: readonly number[], slideCount: number): string {
  const seen = slides.length > 0 ? slides.join(', ') : 'None';
  return `${seen} (${slides.length} of ${slideCount})`;
}

/**
 * Each time the client opened the link, newest first. When the link showed several versions
 * of the deck, each visit says which it saw (slide numbers are that version's).
 */
export function VisitsTable({
  visits,
  slideCounts,
}: {
  visits: readonly ClientVisit[];
  /** Slides in each version the visits saw. */
  slideCounts: ReadonlyMap<number, number>;
}) {
  const manyVersions = new Set(visits.map((visit) => visit.version)).size > 1;
  // A link that asks for the viewer's e-mail names the address each visit proved (issue 51).
  const hasVerified = visits.some((visit) => visit.verifiedEmail);
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="visits-title">
      <Title order={2} size="h4" mb="md" id="visits-title">
        Visits
      </Title>
      {visits.length === 0 ? (
        <Text size="sm" c="dimmed">
          No visits yet.
        </Text>
      ) : (
        <ScrollingTable minWidth={520} labelledBy="visits-title">
          <Table verticalSpacing="xs" aria-labelledby="visits-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Opened at</Table.Th>
                {hasVerified && <Table.Th>Verified e-mail</Table.Th>}
                {manyVersions && <Table.Th>Version</Table.Th>}
                <Table.Th ta="right">Time viewed</Table.Th>
                <Table.Th>Slides viewed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visits.map((visit) => (
                <Table.Tr key={visit.id}>
                  <Table.Td>{formatDateTime(visit.startedAt)}</Table.Td>
                  {hasVerified && <Table.Td>{visit.verifiedEmail ?? 'Not verified'}</Table.Td>}
                  {manyVersions && <Table.Td>{visit.version}</Table.Td>}
                  <Table.Td ta="right">{formatDuration(visit.durationMs)}</Table.Td>
                  <Table.Td>
                    {slidesViewedText(visit.slidesViewed, slideCounts.get(visit.version) ?? 0)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
    </Card>
  );
}
