import { isLinkAddress, type LinkClickStats } from '@deck-portal/domain';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';

function clicksText(clicks: number): string {
  return clicks === 1 ? '1 click' : `${clicks.toLocaleString('en-US')} clicks`;
}

/**
 * The links on the slides the client opened (a case study, a booking page, an e-mail address),
 * the most opened first: which words, on which slide, how often and when last. Nothing is shown
 * before the first click.
 */
export function LinksClicked({ clicks }: { clicks: readonly LinkClickStats[] }) {
  if (clicks.length === 0) return null;
  const manyVersions = new Set(clicks.map((click) => click.version)).size > 1;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="links-clicked-title">
      <Title order={2} size="h4" mb="md" id="links-clicked-title">
        Links opened
      </Title>
      <ScrollingTable minWidth={560} labelledBy="links-clicked-title">
        <Table verticalSpacing="xs" aria-labelledby="links-clicked-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Link</Table.Th>
              <Table.Th>Slide</Table.Th>
              <Table.Th ta="right">Opened</Table.Th>
              <Table.Th>Last opened</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clicks.map((click) => (
              <Table.Tr key={`${click.version}-${click.slide}-${click.href}-${click.text}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {click.text}
                  </Text>
                  {/* Only a web page or an e-mail is offered as a link, whatever was stored. */}
                  {isLinkAddress(click.href) ? (
                    <Anchor
                      href={click.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                      c="dimmed"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {click.href}
                    </Anchor>
                  ) : (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {click.href}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{click.title}</Text>
                  <Text size="xs" c="dimmed">
                    Slide {click.slide}
                    {manyVersions ? ` · version ${click.version}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{clicksText(click.clicks)}</Table.Td>
                <Table.Td>{formatDateTime(click.lastClickedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
    </Card>
  );
}
