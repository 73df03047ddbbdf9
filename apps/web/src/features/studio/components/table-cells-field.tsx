import type { TemplateElement } from '@deck-portal/domain';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

type TableElement = Extract<TemplateElement, { kind: 'table' }>;

/**
 * A table with its own per-cell look (from an imported PowerPoint: fills, colours, weights,
 * slants, sizes, placements, lines or merged cells per cell, or rows of their own heights) keeps
 * its rows: adding one would leave those out of step.
 */
const hasCellLook = (table: TableElement) =>
  Boolean(
    table.cellFills ??
    table.textColors ??
    table.weights ??
    table.italics ??
    table.rowShares ??
    table.cellScales ??
    table.cellValigns ??
    table.borders ??
    table.merges,
  );

/**
 * The words of a table's cells, header first, each in a box of its own (a cell may hold
 * bindings, as `{{figure.before | money}}`); rows are added and removed at the end.
 */
export function TableCellsField({
  table,
  onChange,
}: {
  table: TableElement;
  onChange: (table: TableElement) => void;
}) {
  const columns = table.columns.length;
  const setHeader = (column: number, value: string) =>
    onChange({ ...table, header: table.header!.map((cell, c) => (c === column ? value : cell)) });
  const setCell = (row: number, column: number, value: string) =>
    onChange({
      ...table,
      rows: table.rows.map((cells, r) =>
        r === row ? cells.map((cell, c) => (c === column ? value : cell)) : cells,
      ),
    });
  const canReshape = !hasCellLook(table);
  const lastRow = table.rows.length - 1;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Cells
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={2}>
        <Table.Tbody>
          {table.header && (
            <Table.Tr>
              {table.header.map((cell, column) => (
                <Table.Td key={column}>
                  <TextInput
                    size="xs"
                    fw={600}
                    aria-label={`Header, column ${column + 1}`}
                    value={cell}
                    onChange={(event) => setHeader(column, event.currentTarget.value)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          )}
          {table.rows.map((cells, row) => (
            <Table.Tr key={row}>
              {cells.map((cell, column) => (
                <Table.Td key={column}>
                  <TextInput
                    size="xs"
                    aria-label={`Row ${row + 1}, column ${column + 1}`}
                    value={cell}
                    onChange={(event) => setCell(row, column, event.currentTarget.value)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canReshape ? (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} />}
            disabled={table.rows.length >= 60}
            onClick={() =>
              onChange({
                ...table,
                rows: [...table.rows, Array.from({ length: columns }, () => '')],
              })
            }
          >
            Add a row
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconMinus size={12} />}
            disabled={lastRow < 1}
            onClick={() =>
              onChange({
                ...table,
                rows: table.rows.slice(0, lastRow),
                // An emphasised row that is gone is emphasised no more.
                ...(table.emphasisRow !== undefined && table.emphasisRow >= lastRow
                  ? { emphasisRow: undefined }
                  : {}),
              })
            }
          >
            Remove the last row
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          This table has a look of its own per cell (from its PowerPoint), so its rows stay as they
          are; its words can be changed.
        </Text>
      )}
    </Stack>
  );
}
