import type { Box, Hex, TableElement } from '../layout/model.ts';

export interface TableGridRow {
  /** The row's filled cells, left to right. */
  fills: Array<Box & { fill: Hex }>;
  /** Where the rule under the row runs. */
  ruleY: number;
}

/**
 * A laid-out table as the PDF and the SVG draw it, row by row: each row's cell fills, then the
 * rule under it (the next row's fill starts below that rule, so the order matters).
 */
export function tableGrid(table: TableElement): TableGridRow[] {
  let y = table.y;
  return table.rows.map((row, r) => {
    const h = table.rowHeights[r] ?? 0;
    let x = table.x;
    const fills: TableGridRow['fills'] = [];
    row.forEach((cell, col) => {
      const w = table.columnWidths[col] ?? 0;
      if (cell.fill) fills.push({ x, y, w, h, fill: cell.fill });
      x += w;
    });
    y += h;
    return { fills, ruleY: y };
  });
}
