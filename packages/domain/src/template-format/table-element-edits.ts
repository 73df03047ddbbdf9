import type { z } from 'zod';
import type { TableCellParagraph, tableElementSchema } from './table-element.ts';

type Table = z.infer<typeof tableElementSchema>;
type CellParagraphs = (TableCellParagraph | null)[] | null;

/**
 * The per-cell fields whose null is "the table's usual" for that cell: a row or column added
 * gets nulls in them, one removed takes its entries away, so they keep the table's shape.
 */
const cellGrids = [
  'cellFills',
  'textColors',
  'weights',
  'italics',
  'cellScales',
  'cellPaddings',
  'cellParagraphs',
  'cellValigns',
] as const;

type CellGrid = (typeof cellGrids)[number];

/** The table with `change` made to each per-cell grid it has (rows over the whole table). */
function reshapeGrids(table: Table, change: (grid: unknown[][]) => unknown[][]): Partial<Table> {
  const reshaped: Partial<Record<CellGrid, unknown[][]>> = {};
  for (const key of cellGrids) {
    const grid = table[key] as unknown[][] | undefined;
    if (grid) reshaped[key] = change(grid);
  }
  return reshaped as Partial<Table>;
}

/** The whole-table row (the header first) of body row `row`. */
const gridRowOf = (table: Table, row: number) => row + (table.header ? 1 : 0);

/** The lines of a cell's text, as the engine splits it into paragraphs. */
const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/**
 * The paragraphs of a cell whose text went from `before` to `after`, following its lines: the
 * lines kept at the start and at the end keep theirs; of the lines in between, the first ones take
 * the paragraphs of the lines they replace in order (a line edited or joined to the next keeps its
 * own), a line more takes the bullet of the line it was split from (the last one replaced, or
 * when none was, the line before it), and a line removed takes its paragraph away.
 */
export function alignCellParagraphs(
  paragraphs: readonly (TableCellParagraph | null)[] | null,
  before: string,
  after: string,
): CellParagraphs {
  if (!paragraphs) return null;
  const old = linesOf(before);
  const next = linesOf(after);
  const at = (i: number) => paragraphs[i] ?? null;

  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < next.length - start &&
    old[old.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  const replaced = old.length - start - end;
  const from = (i: number): TableCellParagraph | null => {
    if (i < start) return at(i);
    if (i >= next.length - end) return at(i - next.length + old.length);
    if (replaced > 0) return at(start + Math.min(i - start, replaced - 1));
    return start > 0 ? at(start - 1) : at(start);
  };
  const aligned = next.map((_, i) => from(i));
  return aligned.some((paragraph) => paragraph !== null) ? aligned : null;
}

/**
 * The table with the text of one cell changed: `row` counts over the whole table (the header is
 * row 0 when there is one, as the per-cell fields count), and the cell's paragraphs follow its
 * lines (see `alignCellParagraphs`).
 */
export function editTableCellText(table: Table, row: number, column: number, text: string): Table {
  const bodyRow = row - (table.header ? 1 : 0);
  const before = bodyRow < 0 ? table.header?.[column] : table.rows[bodyRow]?.[column];
  if (before === undefined || before === text) return table;
  const setCell = <T>(cells: readonly T[], value: T) => cells.with(column, value);
  const edited: Table =
    bodyRow < 0
      ? { ...table, header: setCell(table.header!, text) }
      : { ...table, rows: table.rows.with(bodyRow, setCell(table.rows[bodyRow]!, text)) };
  const grid = table.cellParagraphs;
  const paragraphs = grid?.[row]?.[column];
  if (!grid || !paragraphs) return edited;
  const aligned = alignCellParagraphs(paragraphs, before, text);
  return { ...edited, cellParagraphs: grid.with(row, setCell(grid[row]!, aligned)) };
}

/**
 * The table with an empty body row added at `at` (the end when absent): its cells have no look
 * of their own (null in each per-cell field), and an emphasised row below it moves down with it.
 */
export function addTableRow(table: Table, at: number = table.rows.length): Table {
  const columns = table.columns.length;
  const gridRow = gridRowOf(table, at);
  return {
    ...table,
    rows: table.rows.toSpliced(
      at,
      0,
      Array.from({ length: columns }, () => ''),
    ),
    ...reshapeGrids(table, (grid) =>
      grid.toSpliced(
        gridRow,
        0,
        Array.from({ length: columns }, () => null),
      ),
    ),
    ...(table.emphasisRow !== undefined && table.emphasisRow >= at
      ? { emphasisRow: table.emphasisRow + 1 }
      : {}),
  };
}

/**
 * The table without body row `row`, its cells' looks taken with it; an emphasised row that is
 * gone is emphasised no more, one below it moves up.
 */
export function removeTableRow(table: Table, row: number): Table {
  if (row < 0 || row >= table.rows.length) return table;
  const gridRow = gridRowOf(table, row);
  const { emphasisRow, ...rest } = table;
  const emphasis =
    emphasisRow === undefined || emphasisRow === row
      ? undefined
      : emphasisRow > row
        ? emphasisRow - 1
        : emphasisRow;
  return {
    ...rest,
    rows: table.rows.toSpliced(row, 1),
    ...reshapeGrids(table, (grid) => grid.toSpliced(gridRow, 1)),
    ...(emphasis === undefined ? {} : { emphasisRow: emphasis }),
  };
}

/**
 * The table with an empty column added at `at` (the end when absent), as wide as the narrowest
 * column, left aligned when the columns have alignments; its cells have no look of their own.
 */
export function addTableColumn(table: Table, at: number = table.columns.length): Table {
  const insert = <T>(cells: readonly T[], value: T) => cells.toSpliced(at, 0, value);
  return {
    ...table,
    columns: insert(table.columns, Math.min(...table.columns)),
    ...(table.header ? { header: insert(table.header, '') } : {}),
    rows: table.rows.map((cells) => insert(cells, '')),
    ...(table.align ? { align: insert(table.align, 'left' as const) } : {}),
    ...reshapeGrids(table, (grid) => grid.map((cells) => insert(cells, null))),
  };
}

/** The table without column `column`, its cells' looks taken with it; the last one stays. */
export function removeTableColumn(table: Table, column: number): Table {
  if (column < 0 || column >= table.columns.length || table.columns.length === 1) return table;
  const without = <T>(cells: readonly T[]) => cells.toSpliced(column, 1);
  return {
    ...table,
    columns: without(table.columns),
    ...(table.header ? { header: without(table.header) } : {}),
    rows: table.rows.map(without),
    ...(table.align ? { align: without(table.align) } : {}),
    ...reshapeGrids(table, (grid) => grid.map(without)),
  };
}
