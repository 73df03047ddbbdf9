import type { DeckPresenter } from '@deck-portal/domain';
import type { PriceBook, ProductId, ProductPricing, QuoteSummary } from '@deck-portal/domain';
import type { FontWeight } from '../layout/fonts.ts';
import type {
  Box,
  CellPadding,
  Hex,
  ShapeElement,
  SlideElement,
  TableBorders,
  TableCell,
  TableElement,
  TextAlign,
} from '../layout/model.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../layout/model.ts';
import { layoutText, measureTextHeight, type TextSpec } from '../layout/text-layout.ts';
import type { ParagraphIndent } from '../layout/text-spec.ts';
import type { BrandDefinition } from './brand.ts';
import type { DeckWords } from './deck-words.ts';
import { insertedValue, type TemplateCategory } from '@deck-portal/domain';
import { categoryColor, categoryLabel, type CategoryId } from './categories.ts';

/** What a slide knows about the deck it is in. */
export interface SlideContext {
  brand: BrandDefinition;
  /** The library's categories (the built-in ones when absent): kicker names and colours. */
  categories?: readonly TemplateCategory[];
  clientName: string;
  /** The title the client reads (the rep's headline or "Proposal for {client}"). */
  headline: string;
  /** The presentation date, already written out in the deck's locale (`March 5, 2026`). */
  dateText: string;
  /** The presentation date as entered (`2026-03-05`): what `{{deck.date + 7 days}}` counts from. */
  date?: string;
  /** Its year (`2026`); the last four characters of `dateText` when left out. */
  year?: string;
  /** How the deck writes dates and figures (`de-DE`); en-US when left out. */
  locale?: string;
  /** The client's market (ISO 3166): what market conditions test; US when left out (issue 50). */
  market?: string;
  /** The currency the price book's money and the quote are in (ISO 4217); US dollars when left out. */
  currency?: string;
  /** The deck's language and its words (deck-words.ts); the library's own when left out. */
  words?: DeckWords;
  contact: string;
  /** The rep who sends the deck, when known (the server passes the rep's profile). */
  presenter?: DeckPresenter;
  pageNumber: number;
  /** Names of the body sections the deck contains, in order (the agenda lists them). */
  sections: string[];
  products: ProductId[];
  /** How many of each product the deck sells (with or without pricing); none when left out. */
  quantities?: Readonly<Partial<Record<ProductId, number>>>;
  /** The price book the deck is priced from: product names, descriptions, terms. */
  priceBook: PriceBook;
  /** The deck's quote, when it shows pricing: what slides compute their figures from. */
  quote?: QuoteSummary;
  /** The rep's answers to the deck inputs, by name; a slide's defaults stand for the rest. */
  inputValues?: Readonly<Record<string, number>>;
  /**
   * Units of the deck's currency per US dollar: a money input's default and bounds, stated in
   * dollars by the library, are converted by it (issue 50); 1 when left out.
   */
  inputRatio?: number;
  /** The product a slide drawn once per priced product is drawn for: its pricing texts. */
  pricing?: ProductPricing;
}

export const MARGIN_X = 48;
export const CONTENT_TOP = 124;
export const CONTENT_BOTTOM = 490;
export const CONTENT_WIDTH = SLIDE_WIDTH - 2 * MARGIN_X;

export function text(spec: TextSpec): SlideElement {
  return layoutText(spec);
}

export function rect(box: Box, fill: Hex, extra: Partial<ShapeElement> = {}): ShapeElement {
  return { kind: 'rect', ...box, fill, ...extra };
}

export function ellipse(box: Box, fill: Hex, extra: Partial<ShapeElement> = {}): ShapeElement {
  return { kind: 'ellipse', ...box, fill, ...extra };
}

/**
 * The brand mark: the company's own logo when the brand has one (fitted in the square), else a
 * rounded tile with a six-armed frost star and a charge dot.
 */
export function logoMark(
  brand: BrandDefinition,
  x: number,
  y: number,
  size: number,
): SlideElement[] {
  if (brand.logo) {
    return [
      {
        kind: 'image',
        x,
        y,
        w: size,
        h: size,
        src: brand.logo,
        fit: 'contain',
        alt: `${brand.name} logo`,
      },
    ];
  }
  const c = brand.colors;
  const cx = x + size / 2;
  const cy = y + size / 2;
  const arm = size * 0.3;
  const stroke = Math.max(0.75, size * 0.075);
  const arms: SlideElement[] = [90, 30, 150].map((deg) => {
    const r = (deg * Math.PI) / 180;
    return {
      kind: 'line',
      x1: cx - Math.cos(r) * arm,
      y1: cy - Math.sin(r) * arm,
      x2: cx + Math.cos(r) * arm,
      y2: cy + Math.sin(r) * arm,
      color: 'FFFFFF',
      width: stroke,
    };
  });
  const dot = size * 0.2;
  return [
    rect({ x, y, w: size, h: size }, c.accent, { radius: size * 0.24 }),
    ...arms,
    ellipse({ x: cx - dot / 2, y: cy - dot / 2, w: dot, h: dot }, c.highlight),
  ];
}

/** Kicker, title and footer shared by every content slide. */
export function chrome(
  ctx: SlideContext,
  category: CategoryId,
  title: string,
  subtitle?: string,
): SlideElement[] {
  const c = ctx.brand.colors;
  const color = categoryColor(category, ctx.categories);
  const elements: SlideElement[] = [
    rect({ x: MARGIN_X, y: 36, w: 24, h: 3 }, color),
    text({
      x: MARGIN_X + 32,
      y: 30,
      w: 400,
      h: 14,
      text: categoryLabel(category, ctx.categories).toUpperCase(),
      weight: 'semibold',
      size: 8.5,
      color,
      valign: 'middle',
    }),
    text({
      name: 'title',
      x: MARGIN_X,
      y: 50,
      w: CONTENT_WIDTH,
      h: 40,
      text: title,
      weight: 'bold',
      size: 26,
      minSize: 16,
      maxLines: 1,
      color: c.ink,
      valign: 'middle',
    }),
  ];
  if (subtitle) {
    elements.push(
      text({
        x: MARGIN_X,
        y: 92,
        w: CONTENT_WIDTH,
        h: 20,
        text: subtitle,
        size: 12.5,
        minSize: 10,
        maxLines: 1,
        color: c.muted,
        valign: 'middle',
      }),
    );
  }
  elements.push(...footer(ctx));
  return elements;
}

export function footer(ctx: SlideContext, onDark = false): SlideElement[] {
  const c = ctx.brand.colors;
  const y = 512;
  const tone = onDark ? 'B9C6D6' : c.muted;
  return [
    {
      kind: 'line',
      x1: MARGIN_X,
      y1: 502,
      x2: SLIDE_WIDTH - MARGIN_X,
      y2: 502,
      color: onDark ? '2A4466' : c.rule,
      width: 0.75,
    },
    ...logoMark(ctx.brand, MARGIN_X, y, 13),
    text({
      x: MARGIN_X + 19,
      y,
      w: 160,
      h: 13,
      text: ctx.brand.name,
      weight: 'semibold',
      size: 8.5,
      color: onDark ? 'FFFFFF' : c.primary,
      valign: 'middle',
    }),
    text({
      name: 'footer-client',
      x: 230,
      y,
      w: 500,
      h: 13,
      text: `Prepared for ${insertedValue('client.name', ctx.clientName)} · ${insertedValue('deck.date', ctx.dateText)}`,
      size: 8,
      maxLines: 1,
      color: tone,
      align: 'center',
      valign: 'middle',
    }),
    text({
      x: SLIDE_WIDTH - MARGIN_X - 80,
      y,
      w: 80,
      h: 13,
      text: String(ctx.pageNumber),
      weight: 'medium',
      size: 8.5,
      color: tone,
      align: 'right',
      valign: 'middle',
    }),
  ];
}

export interface TableSpec {
  name?: string;
  /** Relative column widths. */
  columns: number[];
  header?: string[];
  rows: string[][];
  align?: TextAlign[];
  size?: number;
  /** Line pitch as a multiple of the size; 1.25 by default. */
  lineHeight?: number;
  /** Room around each cell's text in points; 8 left and right, 5 above and below by default. */
  padding?: { x: number; y: number };
  /** null: an unfilled header, its text in the body's colour. */
  headerFill: Hex | null;
  /** The weight of the first column (row labels). */
  firstColumnWeight?: FontWeight;
  /** Fill of every other body row. */
  stripe?: Hex;
  /** Row index (in `rows`) to emphasise, e.g. a total. */
  emphasisRow?: number;
  emphasisFill?: Hex;
  /**
   * Per cell, over all rows (the header is row 0 when there is one): the fill (in place of the
   * header, stripe and emphasis fills), the text colour and weight; null keeps the usual one.
   */
  cellFills?: (Hex | null)[][];
  textColors?: (Hex | null)[][];
  weights?: (FontWeight | null)[][];
  /** Each row's least height as a share of the box's; spare room is shared in proportion. */
  rowShares?: number[];
  /** Cells set in italic. */
  italics?: (boolean | null)[][];
  /** Each cell's size as a multiple of the table's, and where its text sits; null: the table's. */
  cellScales?: (number | null)[][];
  cellValigns?: ('top' | 'middle' | 'bottom' | null)[][];
  /** Room around a cell's text when it is not `padding`'s. */
  cellPaddings?: (CellPadding | null)[][];
  /** Each cell's paragraphs set in and bulleted, paragraph by paragraph (null: plain). */
  cellParagraphs?: (readonly (ParagraphIndent | null)[] | null)[][];
  /** The grid lines, in place of the rule under each row. */
  borders?: TableBorders;
  /** Merged cells, rows counted as above. */
  merges?: { row: number; column: number; rows: number; columns: number }[];
  /** The family every cell is set in; the active one when absent. */
  family?: string;
  /** Where text sits in its cell (`middle` when absent). */
  valign?: 'top' | 'middle' | 'bottom';
}

const CELL_PAD_X = 8;
const CELL_PAD_Y = 5;

/**
 * A cell's paragraphs set in and bulleted: their indents, and its most used bullet as the text's
 * own (drawn in the family that has it when the cell's font lacks it; the others as labels).
 */
function listLook(lists: readonly (ParagraphIndent | null)[] | undefined) {
  if (!lists?.some((own) => own)) return {};
  const counts = new Map<string, number>();
  for (const own of lists)
    if (own?.bullet) counts.set(own.bullet, (counts.get(own.bullet) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    paragraphIndents: lists,
    ...(common && [...common].length === 1 ? { bulletChar: common } : {}),
  };
}

/**
 * A native table: one font size (each cell's in proportion to it) chosen so every row fits the
 * box, row heights from the wrapped cell text, and each cell laid out like any other text box.
 */
export function table(ctx: Pick<SlideContext, 'brand'>, box: Box, spec: TableSpec): TableElement {
  const c = ctx.brand.colors;
  const padX = spec.padding?.x ?? CELL_PAD_X;
  const padY = spec.padding?.y ?? CELL_PAD_Y;
  const total = spec.columns.reduce((a, b) => a + b, 0);
  const widths = spec.columns.map((col) => (col / total) * box.w);
  const allRows = spec.header ? [spec.header, ...spec.rows] : spec.rows;
  // Merged cells by their top-left corner, and the cells they cover.
  const spans = new Map<string, { columns: number; rows: number }>();
  const covered = new Set<string>();
  for (const merge of spec.merges ?? []) {
    if (merge.rows * merge.columns <= 1) continue;
    spans.set(`${merge.row},${merge.column}`, { columns: merge.columns, rows: merge.rows });
    for (let r = merge.row; r < merge.row + merge.rows; r++)
      for (let col = merge.column; col < merge.column + merge.columns; col++)
        if (r !== merge.row || col !== merge.column) covered.add(`${r},${col}`);
  }
  const spanWidth = (r: number, col: number) => {
    const span = spans.get(`${r},${col}`);
    return span
      ? widths.slice(col, col + span.columns).reduce((a, b) => a + b, 0)
      : (widths[col] ?? 0);
  };
  const weightAt = (r: number, col: number): FontWeight => {
    const given = spec.weights?.[r]?.[col];
    if (given) return given;
    const isHeader = spec.header !== undefined && r === 0;
    const bodyRow = spec.header ? r - 1 : r;
    if (isHeader) return 'semibold';
    if (bodyRow === spec.emphasisRow) return 'bold';
    if (col === 0) return spec.firstColumnWeight ?? 'medium';
    return 'regular';
  };
  const fillAt = (r: number, col: number): Hex | undefined => {
    if (spec.cellFills) return spec.cellFills[r]?.[col] ?? undefined;
    const isHeader = spec.header !== undefined && r === 0;
    const bodyRow = spec.header ? r - 1 : r;
    if (isHeader) return spec.headerFill ?? undefined;
    if (bodyRow === spec.emphasisRow) return spec.emphasisFill ?? c.panel;
    if (spec.stripe && bodyRow % 2 === 1) return spec.stripe;
    return undefined;
  };
  const lineFactor = spec.lineHeight ?? 1.25;
  const scaleAt = (r: number, col: number) => spec.cellScales?.[r]?.[col] ?? 1;
  const paddingAt = (r: number, col: number): CellPadding =>
    spec.cellPaddings?.[r]?.[col] ?? { left: padX, right: padX, top: padY, bottom: padY };
  /** The room a cell's padding takes across and down. */
  const padAcross = (r: number, col: number) => {
    const padding = paddingAt(r, col);
    return padding.left + padding.right;
  };
  const padDown = (r: number, col: number) => {
    const padding = paddingAt(r, col);
    return padding.top + padding.bottom;
  };
  const isItalicAt = (r: number, col: number) => spec.italics?.[r]?.[col] === true;
  const listsAt = (r: number, col: number) =>
    covered.has(`${r},${col}`) ? undefined : (spec.cellParagraphs?.[r]?.[col] ?? undefined);
  /** A cell's text as it is set at the table's size; its box is placed by the caller. */
  const cellText = (r: number, col: number, size: number) => ({
    x: 0,
    y: 0,
    w: Math.max(1, spanWidth(r, col) - padAcross(r, col)),
    h: 0,
    text: covered.has(`${r},${col}`) ? '' : (allRows[r]?.[col] ?? ''),
    weight: weightAt(r, col),
    ...(isItalicAt(r, col) ? { italic: true } : {}),
    ...(spec.family ? { family: spec.family } : {}),
    size: size * scaleAt(r, col),
    lineHeight: lineFactor,
    // A cell shows what it holds, empty paragraphs included, as PowerPoint shows them.
    keepBlankLines: true,
    ...listLook(listsAt(r, col)),
  });
  /** The height a cell's text needs at the table's size: every paragraph's lines. */
  const textHeightAt = (r: number, col: number, size: number) =>
    measureTextHeight({ ...cellText(r, col, size), color: c.ink });
  const heightsAt = (size: number) => {
    const heights = allRows.map((row, r) => {
      const needs = row.flatMap((_, col) =>
        covered.has(`${r},${col}`) || (spans.get(`${r},${col}`)?.rows ?? 1) > 1
          ? []
          : [textHeightAt(r, col, size) + padDown(r, col)],
      );
      return Math.max(...needs, size * lineFactor + 2 * padY);
    });
    // A cell merged down several rows needs their heights together; the last one grows.
    for (const [key, span] of spans) {
      if (span.rows <= 1) continue;
      const [r, col] = key.split(',').map(Number) as [number, number];
      const needed = textHeightAt(r, col, size) + padDown(r, col);
      const last = Math.min(r + span.rows, heights.length) - 1;
      const has = heights.slice(r, last + 1).reduce((a, b) => a + b, 0);
      if (needed > has) heights[last] = (heights[last] ?? 0) + needed - has;
    }
    return heights;
  };

  let size = spec.size ?? 11;
  let heights = heightsAt(size);
  while (heights.reduce((a, b) => a + b, 0) > box.h && size > 6.5) {
    size -= 0.5;
    heights = heightsAt(size);
  }
  // Spread spare height over the rows so the table fills its box: evenly, or, when the rows
  // have heights of their own, first to the rows short of theirs, then in proportion to them.
  let spare = box.h - heights.reduce((a, b) => a + b, 0);
  const shares = spec.rowShares;
  const shareTotal = shares?.reduce((a, b) => a + b, 0) ?? 0;
  if (spare > 0 && shares && shareTotal > 0) {
    const short = heights.map((h, r) => Math.max(0, (shares[r] ?? 0) * box.h - h));
    const shortTotal = short.reduce((a, b) => a + b, 0);
    const filled = Math.min(spare, shortTotal);
    if (filled > 0) heights = heights.map((h, r) => h + (filled * short[r]!) / shortTotal);
    spare -= filled;
    if (spare > 0) heights = heights.map((h, r) => h + (spare * (shares[r] ?? 0)) / shareTotal);
  } else if (spare > 0) {
    heights = heights.map((h) => h + spare / heights.length);
  }

  const rows: TableCell[][] = [];
  let y = box.y;
  allRows.forEach((row, r) => {
    const isHeader = spec.header !== undefined && r === 0;
    const rowHeight = heights[r] ?? 0;
    let x = box.x;
    rows.push(
      row.map((cell, col) => {
        const w = widths[col] ?? 0;
        const key = `${r},${col}`;
        const span = spans.get(key);
        const isCovered = covered.has(key);
        const fill = fillAt(r, col);
        const h = span ? heights.slice(r, r + span.rows).reduce((a, b) => a + b, 0) : rowHeight;
        const padding = paddingAt(r, col);
        const laid = layoutText({
          ...cellText(r, col, size),
          x: x + padding.left,
          y: y + padding.top,
          h: Math.max(0, h - padding.top - padding.bottom),
          minSize: Math.max(6, size * scaleAt(r, col) - 3),
          color: spec.textColors?.[r]?.[col] ?? (isHeader && fill ? 'FFFFFF' : c.ink),
          align: spec.align?.[col] ?? 'left',
          valign: spec.cellValigns?.[r]?.[col] ?? spec.valign ?? 'middle',
        });
        x += w;
        return {
          text: laid,
          ...(fill ? { fill } : {}),
          ...(span ? { span } : {}),
          ...(isCovered ? { covered: true as const } : {}),
          ...(spec.cellPaddings?.[r]?.[col] ? { padding } : {}),
          ...(listsAt(r, col) ? { paragraphIndents: listsAt(r, col) } : {}),
        };
      }),
    );
    y += rowHeight;
  });
  return {
    kind: 'table',
    ...(spec.name ? { name: spec.name } : {}),
    ...box,
    columnWidths: widths,
    rowHeights: heights,
    rows,
    borderColor: c.rule,
    ...(spec.borders ? { borders: spec.borders } : {}),
    ...(spec.padding ? { padding: spec.padding } : {}),
  };
}

export const SLIDE_BOX: Box = { x: 0, y: 0, w: SLIDE_WIDTH, h: SLIDE_HEIGHT };
