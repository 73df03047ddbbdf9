import type { EngagementReport } from '@deck-portal/domain';
import { BarChart } from '@mantine/charts';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatSeconds } from '../engagement-format.ts';

/** Products by the time clients spent on them: a bar each (longest first), the figures below. */
export function ProductsByAttention({ products }: { products: EngagementReport['products'] }) {
  const data = products.map((product) => ({
    product: product.name,
    minutes: Math.round((product.seconds / 60) * 10) / 10,
  }));
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          Products by attention
        </Title>
        {products.length === 0 ? (
          <Text c="dimmed">No client looked at a deck in these dates.</Text>
        ) : (
          <>
            <BarChart
              h={Math.max(160, data.length * 44)}
              data={data}
              dataKey="product"
              orientation="vertical"
              series={[{ name: 'minutes', label: 'Minutes', color: 'blue.6' }]}
              valueFormatter={(minutes) => formatSeconds(minutes * 60)}
              yAxisProps={{ width: 120 }}
              gridAxis="none"
              // A picture of the figures listed beside it: named as an image.
              role="img"
              aria-label="Minutes per product"
            />
            <Table.ScrollContainer minWidth={340}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Time</Table.Th>
                    <Table.Th ta="right">Visits</Table.Th>
                    <Table.Th ta="right">Decks</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {products.map((product) => (
                    <Table.Tr key={product.productId}>
                      <Table.Td>{product.name}</Table.Td>
                      <Table.Td ta="right">{formatSeconds(product.seconds)}</Table.Td>
                      <Table.Td ta="right">{product.visits.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{product.decks.toLocaleString('en-US')}</Table.Td>
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
