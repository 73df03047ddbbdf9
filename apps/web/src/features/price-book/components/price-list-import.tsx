import { formatMoney, type PriceListImportResult } from '@deck-portal/domain';
import { Alert, Button, FileButton, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';
import { priceListExportUrl, useImportPriceList } from '../api/price-lists.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Imports an entered list's prices from a CSV file (the list's export, edited in a
 * spreadsheet): the file is previewed first (what changes, the products it has no row for, the
 * rows that cannot be used, by row and column), and applied only when every row can be.
 */
export function PriceListImport({ currency, onClose }: { currency: string; onClose: () => void }) {
  const importing = useImportPriceList(currency);
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [preview, setPreview] = useState<PriceListImportResult>();
  const money = (amount: number) => formatMoney(amount, currency, 'en-US');

  const choose = async (chosen: File | null) => {
    setPreview(undefined);
    importing.reset();
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    importing.mutate({ file: text, apply: false }, { onSuccess: setPreview });
  };

  const apply = () =>
    importing.mutate(
      { file: file!.text, apply: true },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            message: `The ${currency} list is imported: ${plural(result.changes.length, 'product', 'products')} repriced.`,
          });
          onClose();
        },
      },
    );

  return (
    <Modal opened onClose={onClose} size="lg" title={`Import the ${currency} list`}>
      <Stack gap="md">
        <Text size="sm">
          A CSV file with a row per product: productId, then msrp, basePrice, whiteGloveShipping and
          flatRateShipping in {currency}, digits only (a point before decimals; a comma in a
          semicolon-separated file). Start from the{' '}
          <Text
            component="a"
            href={priceListExportUrl(currency)}
            download
            size="sm"
            c="blue"
            td="underline"
          >
            list’s export
          </Text>
          . Products without a row keep their prices.
        </Text>
        <Group gap="sm">
          <FileButton accept=".csv,text/csv" onChange={(chosen) => void choose(chosen)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={importing.isPending && !preview}
              >
                Choose a CSV file
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="sm" c="dimmed">
              {file.name}
            </Text>
          )}
        </Group>
        {importing.isError && (
          <Alert color="red" role="alert" title="The file cannot be imported">
            {errorText(importing.error)}
          </Alert>
        )}
        {preview && <ImportPreview preview={preview} money={money} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={apply}
            loading={importing.isPending && preview !== undefined}
            disabled={!preview || preview.problems.length > 0 || preview.changes.length === 0}
          >
            {preview && preview.changes.length > 0
              ? `Apply ${plural(preview.changes.length, 'change', 'changes')}`
              : 'Apply'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportPreview({
  preview,
  money,
}: {
  preview: PriceListImportResult;
  money: (amount: number) => string;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {plural(preview.rows, 'row', 'rows')}: {plural(preview.changes.length, 'change', 'changes')}
        , {preview.unchanged} unchanged
      </Text>
      {preview.problems.length > 0 && (
        <Alert color="red" title="Rows that cannot be used: correct the file and choose it again">
          <List size="sm">
            {preview.problems.map((problem) => (
              <List.Item key={`${problem.row}-${problem.column}`}>
                Row {problem.row}
                {problem.column ? `, ${problem.column}` : ''}: {problem.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.changes.length > 0 && (
        <ScrollingTable minWidth={460} label="Prices the file changes">
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>MSRP</Table.Th>
                <Table.Th>Base price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.changes.map((change) => (
                <Table.Tr key={change.productId}>
                  <Table.Td>{change.row}</Table.Td>
                  <Table.Td>{change.name}</Table.Td>
                  <Table.Td>
                    {change.before ? `${money(change.before.msrp)} → ` : ''}
                    {money(change.after.msrp)}
                  </Table.Td>
                  <Table.Td>
                    {change.before ? `${money(change.before.basePrice)} → ` : ''}
                    {money(change.after.basePrice)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
      {preview.missing.length > 0 && (
        <Text size="sm" c="dimmed">
          No row for {preview.missing.map((product) => product.name).join(', ')}: they keep their
          prices
          {preview.missing.some((product) => !product.priced)
            ? ` (${preview.missing
                .filter((product) => !product.priced)
                .map((product) => product.name)
                .join(', ')} cannot be quoted in ${preview.currency})`
            : ''}
          .
        </Text>
      )}
    </Stack>
  );
}
