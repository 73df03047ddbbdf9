import {
  averageColor,
  colorChild,
  gradientStops,
  resolveColor,
  resolveColorIn,
  type ColorContext,
  type Rgba,
} from './drawingml-color.ts';
import {
  booleanAttr,
  child,
  childrenNamed,
  numberAttr,
  pathOf,
  type XmlElement,
} from './xml-tree.ts';

/** A grid line as a table cell draws it, its width in slide points. */
export interface TableLineLook {
  color: Rgba;
  width: number;
}

/**
 * What a PowerPoint table looks like, cell by cell, over the rows and columns it was read with:
 * its table style's parts (as the table's flags turn them on) with each cell's own properties
 * and runs over them.
 */
export interface TableLook {
  /** null: no fill. */
  fills: (Rgba | null)[][];
  /** undefined: neither the style nor the cell's text says. */
  colors: (Rgba | undefined)[][];
  bold: (boolean | undefined)[][];
  italic: (boolean | undefined)[][];
  /** Along the top of row r over column c (r = rows: the bottom edge); null: none. */
  horizontal: (TableLineLook | null)[][];
  /** Down the left of column c along row r (c = columns: the right edge); null: none. */
  vertical: (TableLineLook | null)[][];
  merges: { row: number; column: number; rows: number; columns: number }[];
  /** Merges left out because they overlap another one. */
  overlapping: number;
}

/** A table style's parts, by the list PowerPoint keeps them in (`ppt/tableStyles.xml`). */
export interface TableStyles {
  byId: Map<string, XmlElement>;
  /** The list's default: what a table naming a style the file lacks is drawn in. */
  defaultId: string | undefined;
}

const el = (
  name: string,
  attrs: Record<string, string>,
  ...children: XmlElement[]
): XmlElement => ({
  name,
  attrs,
  children,
  text: '',
});
const scheme = (val: string, tint?: number) =>
  el('a:schemeClr', { val }, ...(tint ? [el('a:tint', { val: String(tint) })] : []));
const solid = (color: XmlElement) => el('a:solidFill', {}, color);
const ln = (w: number, color: string) => el('a:ln', { w: String(w) }, solid(scheme(color)));
const part = (
  name: string,
  {
    text,
    fill,
    borders = [],
  }: { text?: { color: string; bold?: boolean }; fill?: XmlElement; borders?: XmlElement[] },
) =>
  el(
    name,
    {},
    ...(text ? [el('a:tcTxStyle', text.bold ? { b: 'on' } : {}, scheme(text.color))] : []),
    el(
      'a:tcStyle',
      {},
      el('a:tcBdr', {}, ...borders),
      ...(fill ? [el('a:fill', {}, solid(fill))] : []),
    ),
  );

/** PowerPoint's default table style ("Medium Style 2 - Accent 1"), for a file that lacks it. */
export const DEFAULT_TABLE_STYLE_ID = '{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}';
const whiteLine = (side: string, w = 12_700) => el(`a:${side}`, {}, ln(w, 'lt1'));
const defaultTableStyle = el(
  'a:tblStyle',
  { styleId: DEFAULT_TABLE_STYLE_ID },
  part('a:wholeTbl', {
    text: { color: 'dk1' },
    fill: scheme('accent1', 20_000),
    borders: ['left', 'right', 'top', 'bottom', 'insideH', 'insideV'].map((side) =>
      whiteLine(side),
    ),
  }),
  part('a:band1H', { fill: scheme('accent1', 40_000) }),
  part('a:band1V', { fill: scheme('accent1', 40_000) }),
  part('a:lastCol', { text: { color: 'lt1', bold: true }, fill: scheme('accent1') }),
  part('a:firstCol', { text: { color: 'lt1', bold: true }, fill: scheme('accent1') }),
  part('a:lastRow', {
    text: { color: 'lt1', bold: true },
    fill: scheme('accent1'),
    borders: [whiteLine('top', 38_100)],
  }),
  part('a:firstRow', {
    text: { color: 'lt1', bold: true },
    fill: scheme('accent1'),
    borders: [whiteLine('bottom', 38_100)],
  }),
);

/** The styles of a `a:tblStyleLst` part (or none), PowerPoint's default always among them. */
export function readTableStyles(list: XmlElement | undefined): TableStyles {
  const byId = new Map<string, XmlElement>([[DEFAULT_TABLE_STYLE_ID, defaultTableStyle]]);
  for (const style of childrenNamed(list, 'a:tblStyle')) {
    const id = style.attrs.styleId;
    if (id) byId.set(id, style);
  }
  return { byId, defaultId: list?.attrs.def };
}

/**
 * The style a table takes: the one it names; none when it names none (the list's default is
 * for tables inserted later, not for these: such a table, often pasted from a spreadsheet, has
 * only its cells' own fills and lines). `unknown` is the id of a named style the file does not
 * hold (one of PowerPoint's built-in ones), drawn in the file's default style instead, else
 * PowerPoint's.
 */
export function tableStyleOf(
  properties: XmlElement | undefined,
  styles: TableStyles,
): { style: XmlElement | undefined; unknown?: string } {
  const named = child(properties, 'a:tableStyleId')?.text.trim();
  if (!named) return { style: undefined };
  const fallback =
    styles.byId.get(styles.defaultId ?? DEFAULT_TABLE_STYLE_ID) ??
    styles.byId.get(DEFAULT_TABLE_STYLE_ID);
  const style = styles.byId.get(named);
  return style ? { style } : { style: fallback, unknown: named };
}

/** A line element (`a:ln`, a border's `a:lnL`) as drawn; null when it draws nothing. */
function lineOf(
  line: XmlElement | undefined,
  colors: ColorContext,
  pointsPerEmu: number,
): TableLineLook | null | undefined {
  if (!line) return undefined;
  if (child(line, 'a:noFill')) return null;
  const color = resolveColorIn(child(line, 'a:solidFill'), colors);
  if (!color) return child(line, 'a:solidFill') ? undefined : null;
  const width = Math.round((numberAttr(line, 'w') ?? 12_700) * pointsPerEmu * 100) / 100;
  return width > 0 ? { color, width: Math.min(20, width) } : null;
}

/** A style part's border (`a:left` holding `a:ln` or a theme reference `a:lnRef`). */
function borderOf(
  side: XmlElement | undefined,
  colors: ColorContext,
  pointsPerEmu: number,
): TableLineLook | null | undefined {
  if (!side) return undefined;
  const ln = child(side, 'a:ln');
  if (ln) return lineOf(ln, colors, pointsPerEmu);
  const reference = child(side, 'a:lnRef');
  if (!reference) return undefined;
  const color = resolveColorIn(reference, colors);
  // A theme line is about a point wide at index 1 and more above: its colour is what shows.
  return color ? { color, width: Math.round(pointsPerEmu * 12_700 * 100) / 100 } : undefined;
}

/** A fill (`a:solidFill`, `a:noFill`, a gradient as its average); undefined when none is said. */
function fillOf(holder: XmlElement | undefined, colors: ColorContext): Rgba | null | undefined {
  if (!holder) return undefined;
  if (child(holder, 'a:noFill')) return null;
  const solidFill = child(holder, 'a:solidFill');
  if (solidFill) return resolveColorIn(solidFill, colors) ?? undefined;
  const gradient = child(holder, 'a:gradFill');
  if (gradient) return averageColor(gradientStops(gradient, colors).map((s) => s.color));
  const reference = child(holder, 'a:fillRef');
  if (reference) return resolveColorIn(reference, colors);
  return undefined;
}

/**
 * The look of a table's cells: `cells` are its `a:tc` elements by row and grid column (missing
 * ones undefined), `rowCount` × `columnCount` of them.
 */
export function readTableLook({
  properties,
  style,
  cells,
  rowCount,
  columnCount,
  colors,
  pointsPerEmu,
}: {
  properties: XmlElement | undefined;
  style: XmlElement | undefined;
  cells: (XmlElement | undefined)[][];
  rowCount: number;
  columnCount: number;
  colors: ColorContext;
  pointsPerEmu: number;
}): TableLook {
  const grid = <T>(rows: number, columns: number, value: T): T[][] =>
    Array.from({ length: rows }, () => Array.from({ length: columns }, () => value));
  const look: TableLook = {
    fills: grid<Rgba | null>(rowCount, columnCount, null),
    colors: grid<Rgba | undefined>(rowCount, columnCount, undefined),
    bold: grid<boolean | undefined>(rowCount, columnCount, undefined),
    italic: grid<boolean | undefined>(rowCount, columnCount, undefined),
    horizontal: grid<TableLineLook | null>(rowCount + 1, columnCount, null),
    vertical: grid<TableLineLook | null>(rowCount, columnCount + 1, null),
    merges: [],
    overlapping: 0,
  };
  const flag = (name: string) => booleanAttr(properties, name) === true;
  const set = <T>(rows: T[][], r: number, c: number, value: T | undefined) => {
    if (value !== undefined && rows[r] && c < rows[r].length) rows[r][c] = value;
  };

  // One part of the style over the cells from (r0, c0) to (r1, c1).
  const apply = (name: string, r0: number, c0: number, r1: number, c1: number) => {
    const stylePart = child(style, name);
    if (!stylePart || r0 > r1 || c0 > c1) return;
    const text = child(stylePart, 'a:tcTxStyle');
    const textColor = resolveColor(
      colorChild(text) ?? colorChild(child(text, 'a:fontRef')),
      colors,
    );
    const onOff = (value: string | undefined) =>
      value === 'on' ? true : value === 'off' ? false : undefined;
    const bold = onOff(text?.attrs.b);
    const italic = onOff(text?.attrs.i);
    const tcStyle = child(stylePart, 'a:tcStyle');
    const fill = fillOf(child(tcStyle, 'a:fill'), colors) ?? fillOf(tcStyle, colors);
    const borders = child(tcStyle, 'a:tcBdr');
    const side = (s: string) => borderOf(child(borders, `a:${s}`), colors, pointsPerEmu);
    const [left, right, top, bottom, insideH, insideV] = [
      'left',
      'right',
      'top',
      'bottom',
      'insideH',
      'insideV',
    ].map(side);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        set(look.fills, r, c, fill);
        set(look.colors, r, c, textColor);
        set(look.bold, r, c, bold);
        set(look.italic, r, c, italic);
        set(look.horizontal, r, c, r === r0 ? top : insideH);
        set(look.horizontal, r + 1, c, r === r1 ? bottom : insideH);
        set(look.vertical, r, c, c === c0 ? left : insideV);
        set(look.vertical, r, c + 1, c === c1 ? right : insideV);
      }
    }
  };
  const last = { row: rowCount - 1, column: columnCount - 1 };
  const firstRow = flag('firstRow');
  const lastRow = flag('lastRow') && rowCount > 1;
  const firstCol = flag('firstCol');
  const lastCol = flag('lastCol') && columnCount > 1;
  apply('a:wholeTbl', 0, 0, last.row, last.column);
  if (flag('bandCol')) {
    const from = firstCol ? 1 : 0;
    const to = lastCol ? last.column - 1 : last.column;
    for (let c = from; c <= to; c++)
      apply((c - from) % 2 === 0 ? 'a:band1V' : 'a:band2V', 0, c, last.row, c);
  }
  if (flag('bandRow')) {
    const from = firstRow ? 1 : 0;
    const to = lastRow ? last.row - 1 : last.row;
    for (let r = from; r <= to; r++)
      apply((r - from) % 2 === 0 ? 'a:band1H' : 'a:band2H', r, 0, r, last.column);
  }
  if (firstCol) apply('a:firstCol', 0, 0, last.row, 0);
  if (lastCol) apply('a:lastCol', 0, last.column, last.row, last.column);
  if (firstRow) apply('a:firstRow', 0, 0, 0, last.column);
  if (lastRow) apply('a:lastRow', last.row, 0, last.row, last.column);
  if (firstRow && firstCol) apply('a:nwCell', 0, 0, 0, 0);
  if (firstRow && lastCol) apply('a:neCell', 0, last.column, 0, last.column);
  if (lastRow && firstCol) apply('a:swCell', last.row, 0, last.row, 0);
  if (lastRow && lastCol) apply('a:seCell', last.row, last.column, last.row, last.column);

  // Each cell's own properties and its text's first run, over the style.
  const covered = new Set<string>();
  for (let r = 0; r <= last.row; r++) {
    for (let c = 0; c <= last.column; c++) {
      const cell = cells[r]?.[c];
      if (!cell) continue;
      const tcPr = child(cell, 'a:tcPr');
      set(look.fills, r, c, fillOf(tcPr, colors));
      const line = (name: string) => lineOf(child(tcPr, name), colors, pointsPerEmu);
      set(look.vertical, r, c, line('a:lnL'));
      set(look.vertical, r, c + 1, line('a:lnR'));
      set(look.horizontal, r, c, line('a:lnT'));
      set(look.horizontal, r + 1, c, line('a:lnB'));
      const run = childrenNamed(child(cell, 'a:txBody'), 'a:p')
        .flatMap((p) => childrenNamed(p, 'a:r'))
        .map((r) => child(r, 'a:rPr'))[0];
      set(look.colors, r, c, resolveColorIn(child(run, 'a:solidFill'), colors));
      set(look.bold, r, c, booleanAttr(run, 'b'));
      set(look.italic, r, c, booleanAttr(run, 'i'));

      if (booleanAttr(cell, 'hMerge') === true || booleanAttr(cell, 'vMerge') === true) continue;
      const columns = Math.floor(Math.min(numberAttr(cell, 'gridSpan') ?? 1, columnCount - c));
      const rows = Math.floor(Math.min(numberAttr(cell, 'rowSpan') ?? 1, rowCount - r));
      if (!(columns >= 1 && rows >= 1) || columns * rows <= 1) continue;
      const keys: string[] = [];
      for (let i = r; i < r + rows; i++)
        for (let j = c; j < c + columns; j++) keys.push(`${i},${j}`);
      if (keys.some((key) => covered.has(key))) {
        look.overlapping++;
        continue;
      }
      keys.forEach((key) => covered.add(key));
      look.merges.push({ row: r, column: c, rows, columns });
    }
  }
  return look;
}

/** The first paragraph alignment a column's cells give, from `rows` down (`l`, `ctr`, `r`). */
export function columnAlignment(
  cells: (XmlElement | undefined)[][],
  column: number,
  from: number,
): 'left' | 'center' | 'right' | undefined {
  for (const row of cells.slice(from)) {
    const cell = row[column];
    const paragraph = childrenNamed(child(cell, 'a:txBody'), 'a:p').find(
      (p) => childrenNamed(p, 'a:r').length > 0,
    );
    if (!paragraph) continue;
    const algn = pathOf(paragraph, 'a:pPr')?.attrs.algn;
    return algn === 'ctr' ? 'center' : algn === 'r' ? 'right' : 'left';
  }
  return undefined;
}
