import type { EngagementReport } from '@deck-portal/domain';
import { Card, Stack, Table, Text, Title } from '@mantine/core';

/** Each rep's decks a client opened in the range, and accepted in it. */
export function RepActivity({ reps }: { reps: EngagementReport['repActivity'] }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          Reps
        </Title>
        {reps.length === 0 ? (
          <Text c="dimmed">No rep&apos;s deck was opened or accepted in these dates.</Text>
        ) : (
          <Table.ScrollContainer minWidth={340}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rep</Table.Th>
                  <Table.Th ta="right">Decks opened</Table.Th>
                  <Table.Th ta="right">Decks accepted</Table.Th>
                  <Table.Th ta="right">Visits</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reps.map((rep) => (
                  <Table.Tr key={rep.repId}>
                    <Table.Td>{rep.name}</Table.Td>
                    <Table.Td ta="right">{rep.decksOpened.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{rep.decksAccepted.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{rep.visits.toLocaleString('en-US')}</Table.Td>
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
