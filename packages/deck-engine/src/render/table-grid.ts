import type { Box, Hex, TableElement, TableLine } from '../layout/model.ts';

export interface TableGridRow {
  /** The row's filled cells, left to right (a merged cell's fill covers its whole span). */
  fills: Array<Box & { fill: Hex }>;
  /** Where the rule under the row runs; none when the table has its own grid lines. */
  ruleY?: number;
}

/** One stretch of a table's grid lines, as the PDF and the SVG stroke it. */
export interface TableGridLine extends TableLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Where each row starts and each column starts, the far edge last. */
function edges(table: TableElement) {
  const xs = [table.x];
  for (const w of table.columnWidths) xs.push(xs[xs.length - 1]! + w);
  const ys = [table.y];
  for (const h of table.rowHeights) ys.push(ys[ys.length - 1]! + h);
  return { xs, ys };
}

/**
 * A laid-out table as the PDF and the SVG draw it, row by row: each row's cell fills, then the
 * rule under it (the next row's fill starts below that rule, so the order matters). A table
 * with its own grid lines has no rules here: `tableLines` gives them, drawn over every fill.
 */
export function tableGrid(table: TableElement): TableGridRow[] {
  const { xs, ys } = edges(table);
  return table.rows.map((row, r) => {
    const fills: TableGridRow['fills'] = [];
    row.forEach((cell, col) => {
      if (!cell.fill || cell.covered) return;
      const x = xs[col] ?? table.x;
      const y = ys[r] ?? table.y;
      // A lone cell's own width and height, not a difference of edges: the same figures to
      // the last digit as the tables drawn before merges.
      const w = cell.span
        ? (xs[Math.min(col + cell.span.columns, xs.length - 1)] ?? x) - x
        : (table.columnWidths[col] ?? 0);
      const h = cell.span
        ? (ys[Math.min(r + cell.span.rows, ys.length - 1)] ?? y) - y
        : (table.rowHeights[r] ?? 0);
      fills.push({ x, y, w, h, fill: cell.fill });
    });
    return table.borders ? { fills } : { fills, ruleY: ys[r + 1] ?? table.y };
  });
}

const sameLine = (a: TableLine | null, b: TableLine | null) =>
  a !== null && b !== null && a.color === b.color && a.width === b.width;

/**
 * The table's own grid lines, each run of like segments as one line; none inside a merged
 * cell. Empty for a table without `borders`.
 */
export function tableLines(table: TableElement): TableGridLine[] {
  if (!table.borders) return [];
  const { xs, ys } = edges(table);
  const rowCount = table.rows.length;
  const columnCount = table.columnWidths.length;
  // Each cell's merge: the cells of one merged cell share its corner's key.
  const owner: string[][] = table.rows.map((row, r) => row.map((_, col) => `${r},${col}`));
  table.rows.forEach((row, r) =>
    row.forEach((cell, col) => {
      if (!cell.span || cell.covered) return;
      for (let i = r; i < Math.min(r + cell.span.rows, rowCount); i++)
        for (let j = col; j < Math.min(col + cell.span.columns, columnCount); j++)
          owner[i]![j] = `${r},${col}`;
    }),
  );
  const inside = (r1: number, c1: number, r2: number, c2: number) => {
    const a = owner[r1]?.[c1];
    return a !== undefined && a === owner[r2]?.[c2];
  };
  const lines: TableGridLine[] = [];
  const runs = (
    count: number,
    segment: (i: number) => TableLine | null,
    place: (from: number, to: number, line: TableLine) => TableGridLine,
  ) => {
    let start = 0;
    for (let i = 1; i <= count; i++) {
      const line = segment(start);
      if (i < count && sameLine(line, segment(i))) continue;
      if (line && line.width > 0) lines.push(place(start, i, line));
      start = i;
    }
  };
  for (let r = 0; r <= rowCount; r++) {
    const y = ys[r]!;
    runs(
      columnCount,
      (c) => (inside(r - 1, c, r, c) ? null : (table.borders!.horizontal[r]?.[c] ?? null)),
      (from, to, line) => ({ x1: xs[from]!, y1: y, x2: xs[to]!, y2: y, ...line }),
    );
  }
  for (let c = 0; c <= columnCount; c++) {
    const x = xs[c]!;
    runs(
      rowCount,
      (r) => (inside(r, c - 1, r, c) ? null : (table.borders!.vertical[r]?.[c] ?? null)),
      (from, to, line) => ({ x1: x, y1: ys[from]!, x2: x, y2: ys[to]!, ...line }),
    );
  }
  return lines;
}
