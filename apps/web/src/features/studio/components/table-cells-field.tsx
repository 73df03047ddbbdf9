import {
  addTableRow,
  editTableCellText,
  removeTableRow,
  type TemplateElement,
} from '@deck-portal/domain';
import { Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
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
 * bindings, as `{{figure.before | money}}`, and several lines, each a paragraph whose bullet
 * follows it); rows are added and removed at the end.
 */
export function TableCellsField({
  table,
  onChange,
}: {
  table: TableElement;
  onChange: (table: TableElement) => void;
}) {
  // Rows count over the whole table here, the header first, as its per-cell fields do.
  const firstBodyRow = table.header ? 1 : 0;
  const setCell = (row: number, column: number, value: string) =>
    onChange(editTableCellText(table, row, column, value));
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
                  <CellInput
                    header
                    label={`Header, column ${column + 1}`}
                    value={cell}
                    onChange={(value) => setCell(0, column, value)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          )}
          {table.rows.map((cells, row) => (
            <Table.Tr key={row}>
              {cells.map((cell, column) => (
                <Table.Td key={column}>
                  <CellInput
                    label={`Row ${row + 1}, column ${column + 1}`}
                    value={cell}
                    onChange={(value) => setCell(firstBodyRow + row, column, value)}
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
            onClick={() => onChange(addTableRow(table))}
          >
            Add a row
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconMinus size={12} />}
            disabled={lastRow < 1}
            onClick={() => onChange(removeTableRow(table, lastRow))}
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

/** A cell's words: a new line (Enter) starts a paragraph of the cell. */
function CellInput({
  label,
  value,
  header = false,
  onChange,
}: {
  label: string;
  value: string;
  header?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      size="xs"
      fw={header ? 600 : undefined}
      autosize
      minRows={1}
      maxRows={8}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
