import {
  escapeXml,
  inchesToEmu,
  pointsToEmu,
  toEmu,
  writeColor,
  writeSolidFill,
  EMU,
} from './markup.ts';
import type { PartWriter } from './part-writer.ts';
import { textBody, type LinkIds, type TextOptions, type TextPiece } from './text-body.ts';

/** A cell's side (pptxgenjs's `BorderProps`). */
export interface BorderOptions {
  type?: string;
  color?: string;
  pt?: number;
}

/** A cell's options, as `render-pptx.ts` gives them. */
export interface CellOptions extends TextOptions {
  fill?: { color?: string } | string;
  colspan?: number;
  rowspan?: number;
  margin?: number | number[];
  border?: BorderOptions | (BorderOptions | null | undefined)[] | null;
  textDirection?: string;
}

export interface TableCellInput {
  text?: string | TextPiece[];
  options?: CellOptions;
}

/** A table's options, as `render-pptx.ts` gives them. */
export interface TableOptions {
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  colW?: number[] | number | null;
  rowH?: number[] | number;
  autoPage?: boolean;
  objectName?: string;
  [key: string]: unknown;
}

interface Cell {
  text: string | TextPiece[];
  options: CellOptions & { border: Required<BorderOptions>[] };
  hMerge?: boolean;
  vMerge?: boolean;
  rowContinue?: number;
}

/** A table of a slide, as it was added. */
export interface TableObject {
  kind: 'table';
  name: string;
  rows: Cell[][];
  options: TableOptions & CellOptions;
}

const NONE: BorderOptions = { type: 'none' };
const DEFAULT_MARGIN = [0.05, 0.1, 0.05, 0.1];

/** Whether any key or text of the rows names a link (pptxgenjs looks for "hyperlink" in them). */
function mentionsLink(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('hyperlink');
  if (Array.isArray(value)) return value.some(mentionsLink);
  if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      const inner = (value as Record<string, unknown>)[key];
      // As JSON: a key whose value is undefined is not written.
      if (inner === undefined) continue;
      if (key.includes('hyperlink') || mentionsLink(inner)) return true;
    }
  }
  return false;
}

/**
 * What pptxgenjs's `addTable` makes of a table (no paging): every cell's four sides in full,
 * the frame's position in EMU, the table's defaults (12 pt, black unless a cell has a link, its
 * default margins) that each cell lacking them takes when written.
 */
export function addedTable(
  rows: readonly (readonly TableCellInput[])[],
  options: TableOptions,
  tablesSoFar: number,
): TableObject {
  const opt: TableOptions & CellOptions = options;
  opt.objectName = opt.objectName ? escapeXml(opt.objectName) : `Table ${tablesSoFar}`;
  const cells: Cell[][] = rows.map((row) =>
    row.map((input) => {
      const own: CellOptions = input.options ?? {};
      let border = own.border || opt.border || [NONE, NONE, NONE, NONE];
      if (!Array.isArray(border)) border = [border, border, border, border];
      own.border = border;
      const sides: Required<BorderOptions>[] = [];
      for (let i = 0; i < 4; i += 1) {
        const side = border[i] ?? NONE;
        sides.push({
          type: side.type || 'solid',
          color: side.color || '666666',
          pt: typeof side.pt === 'number' ? side.pt : 1,
        });
      }
      const text =
        typeof input.text === 'string' || typeof input.text === 'number'
          ? String(input.text)
          : input.text
            ? input.text
            : '';
      return { text, options: Object.assign(own, { border: sides }) };
    }),
  );
  opt.x = toEmu(opt.x || (opt.x === 0 ? 0 : EMU / 2));
  opt.y = toEmu(opt.y || (opt.y === 0 ? 0 : EMU / 2));
  if (opt.h) opt.h = toEmu(opt.h);
  opt.fontSize = opt.fontSize || 12;
  const margin = opt.margin === 0 || opt.margin ? opt.margin : DEFAULT_MARGIN;
  opt.margin = typeof margin === 'number' ? [margin, margin, margin, margin] : margin;
  if (!opt.color && !mentionsLink(cells)) opt.color = '000000';
  if (opt.colW) {
    const columns = (cells[0] ?? []).reduce(
      (n, cell) => n + (typeof cell.options.colspan === 'number' ? cell.options.colspan : 1),
      0,
    );
    if (typeof opt.colW === 'number') {
      opt.w = Math.floor(opt.colW * columns);
      opt.colW = null;
    } else if (opt.colW.length === 1 && columns > 1) {
      opt.w = Math.floor(Number(opt.colW) * columns);
      opt.colW = null;
    } else if (opt.colW.length !== columns) {
      opt.colW = null;
    }
  } else if (opt.w) {
    opt.w = toEmu(opt.w);
  }
  if (opt.x && opt.x < 20) opt.x = inchesToEmu(opt.x);
  if (opt.y && opt.y < 20) opt.y = inchesToEmu(opt.y);
  if (opt.w && typeof opt.w === 'number' && opt.w < 20) opt.w = inchesToEmu(opt.w);
  if (opt.h && typeof opt.h === 'number' && opt.h < 20) opt.h = inchesToEmu(opt.h);
  return { kind: 'table', name: opt.objectName, rows: cells, options: { ...opt } };
}

/** Each link of a table's cells, in order (the slide numbers them as pptxgenjs does). */
export function tableLinks(table: TableObject): TextPiece[] {
  return table.rows.flatMap((row) =>
    row.flatMap((cell) => (Array.isArray(cell.text) ? cell.text : [])),
  );
}

const INHERITED = [
  'align',
  'bold',
  'border',
  'color',
  'fill',
  'fontFace',
  'fontSize',
  'margin',
  'textDirection',
  'underline',
  'valign',
] as const;

const SIDES = [
  { index: 3, name: 'lnL' },
  { index: 1, name: 'lnR' },
  { index: 0, name: 'lnT' },
  { index: 2, name: 'lnB' },
] as const;

/** A table as `p:graphicFrame`, the `tableNumber`-th of slide `slideNumber`. */
export function writeTable(
  w: PartWriter,
  table: TableObject,
  slideNumber: number,
  tableNumber: number,
  links: LinkIds,
): void {
  const options = table.options;
  const rows = table.rows;
  const x = options.x === undefined ? 0 : toEmu(options.x);
  const y = options.y === undefined ? 0 : toEmu(options.y);
  const cx = options.w === undefined ? Math.round(0.75 * 12_192_000) : toEmu(options.w);
  const cy = options.h === undefined ? 0 : toEmu(options.h);
  const columns = (rows[0] ?? []).reduce(
    (n, cell) => n + (cell.options.colspan ? Number(cell.options.colspan) : 1),
    0,
  );
  // pptxgenjs's id for a table: its number times the slide's, plus one.
  w.raw('<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="').number(tableNumber * slideNumber + 1);
  w.raw('" name="').raw(table.name).raw('"/>');
  w.raw(
    '<p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr>' +
      '  <p:nvPr><p:extLst><p:ext uri="{D42A27DB-BD31-4B8C-83A1-F6EECF244321}"><p14:modId xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" val="1579011935"/></p:ext></p:extLst></p:nvPr>' +
      '</p:nvGraphicFramePr>',
  );
  w.raw('<p:xfrm><a:off x="').number(x || (x === 0 ? 0 : EMU));
  w.raw('" y="')
    .number(y || (y === 0 ? 0 : EMU))
    .raw('"/><a:ext cx="');
  w.number(cx || (cx === 0 ? 0 : EMU))
    .raw('" cy="')
    .number(cy || EMU)
    .raw('"/></p:xfrm>');
  w.raw(
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblPr/><a:tblGrid>',
  );
  if (Array.isArray(options.colW)) {
    for (let col = 0; col < columns; col += 1) {
      let width = inchesToEmu(options.colW[col]!);
      if (width === null || Number.isNaN(width)) {
        width = (typeof options.w === 'number' ? options.w : 1) / columns;
      }
      w.raw('<a:gridCol w="').number(Math.round(width)).raw('"/>');
    }
  } else {
    const width = options.w
      ? Math.round((typeof options.w === 'number' ? options.w : 1) / columns)
      : EMU;
    for (let col = 0; col < columns; col += 1) w.raw('<a:gridCol w="').number(width).raw('"/>');
  }
  w.raw('</a:tblGrid>');

  // The grid as PowerPoint has it: a cell under a merge is a cell of its own (hMerge, vMerge).
  const grid: Cell[][] = rows.map((row) => [...row]);
  for (const cells of grid) {
    for (let c = 0; c < cells.length;) {
      const { colspan, rowspan } = cells[c]!.options;
      if (colspan && colspan > 1) {
        const merged = Array.from({ length: colspan - 1 }, () => mergeCell({ rowspan }, true));
        cells.splice(c + 1, 0, ...merged);
        c += colspan;
      } else {
        c += 1;
      }
    }
  }
  grid.forEach((cells, r) => {
    const next = grid[r + 1];
    if (!next) return;
    cells.forEach((cell, c) => {
      const rowspan = cell.rowContinue || cell.options.rowspan;
      if (rowspan && rowspan > 1) {
        const merged = mergeCell({ colspan: cell.options.colspan }, cell.hMerge);
        merged.vMerge = true;
        merged.rowContinue = rowspan - 1;
        next.splice(c, 0, merged);
      }
    });
  });

  for (let r = 0; r < grid.length; r += 1) {
    const cells = grid[r]!;
    let rowHeight = 0;
    const rowH = options.rowH;
    if (Array.isArray(rowH) && rowH[r]) rowHeight = inchesToEmu(Number(rowH[r]));
    else if (rowH && !Number.isNaN(Number(rowH))) rowHeight = inchesToEmu(Number(rowH));
    else if (options.h) rowHeight = Math.round(inchesToEmu(options.h) / grid.length);
    w.raw('<a:tr h="').number(rowHeight).raw('">');
    for (const cell of cells) {
      const own = cell.options;
      const isMerged = cell.hMerge || cell.vMerge;
      w.raw('<a:tc');
      if (own.rowspan && own.rowspan > 1) w.raw(' rowSpan="').number(own.rowspan).raw('"');
      if (own.colspan && own.colspan > 1) w.raw(' gridSpan="').number(own.colspan).raw('"');
      if (cell.vMerge) w.raw(' vMerge="1"');
      if (cell.hMerge) w.raw(' hMerge="1"');
      if (isMerged) {
        w.raw('><a:tcPr/></a:tc>');
        continue;
      }
      w.raw('>');
      for (let i = 0; i < INHERITED.length; i += 1) {
        const name = INHERITED[i]!;
        const value = options[name];
        if (value && !own[name] && own[name] !== 0) (own as Record<string, unknown>)[name] = value;
      }
      let margin = own.margin === 0 || own.margin ? own.margin : DEFAULT_MARGIN;
      if (typeof margin === 'number') margin = [margin, margin, margin, margin];
      textBody(w, true, cell.text, own, links);
      // pptxgenjs reads margins of 1 or more as points, smaller ones as inches.
      const unit = margin[0]! >= 1 ? pointsToEmu : inchesToEmu;
      w.raw('<a:tcPr marL="').number(unit(margin[3]!)).raw('" marR="').number(unit(margin[1]!));
      w.raw('" marT="').number(unit(margin[0]!)).raw('" marB="').number(unit(margin[2]!));
      w.raw('"');
      if (own.valign) w.raw(' anchor="').raw(anchorOf(own.valign)).raw('"');
      if (own.textDirection && own.textDirection !== 'horz') {
        w.raw(' vert="').raw(own.textDirection).raw('"');
      }
      w.raw('>');
      for (let i = 0; i < SIDES.length; i += 1) {
        const side = SIDES[i]!;
        const border = own.border[side.index]!;
        if (border.type !== 'none') {
          w.raw('<a:').raw(side.name).raw(' w="').number(pointsToEmu(border.pt));
          writeColor(w.raw('" cap="flat" cmpd="sng" algn="ctr"><a:solidFill>'), border.color);
          w.raw('</a:solidFill><a:prstDash val="').raw(
            border.type === 'dash' ? 'sysDash' : 'solid',
          );
          w.raw(
            '"/><a:round/><a:headEnd type="none" w="med" len="med"/><a:tailEnd type="none" w="med" len="med"/></a:',
          );
          w.raw(side.name).raw('>');
        } else {
          w.raw('<a:')
            .raw(side.name)
            .raw(' w="0" cap="flat" cmpd="sng" algn="ctr"><a:noFill/></a:');
          w.raw(side.name).raw('>');
        }
      }
      if (own.fill) writeSolidFill(w, typeof own.fill === 'string' ? own.fill : own.fill.color);
      w.raw('  </a:tcPr> </a:tc>');
    }
    w.raw('</a:tr>');
  }
  w.raw('      </a:tbl>    </a:graphicData>  </a:graphic></p:graphicFrame>');
}

/** A cell's anchor as pptxgenjs names it from its `valign`. */
function anchorOf(valign: string): string {
  switch (valign) {
    case 'top':
      return 't';
    case 'middle':
      return 'ctr';
    case 'bottom':
      return 'b';
    default:
      return valign
        .replace(/^c$/i, 'ctr')
        .replace(/^m$/i, 'ctr')
        .replace('center', 'ctr')
        .replace('middle', 'ctr')
        .replace('top', 't')
        .replace('btm', 'b')
        .replace('bottom', 'b');
  }
}

function mergeCell(spans: { rowspan?: number; colspan?: number }, hMerge?: boolean): Cell {
  return {
    text: '',
    options: { ...spans, border: [] },
    ...(hMerge ? { hMerge: true } : {}),
  };
}
