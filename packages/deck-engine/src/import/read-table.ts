import { numberLabel, type TableCellParagraph } from '@deck-portal/domain';
import { measureText, missingCharacters, singleSpacing, type FontFace } from '../layout/fonts.ts';
import { bulletCharacter } from '../ooxml/symbol-fonts.ts';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { resolveColor, type ColorContext, type Rgba } from './drawingml-color.ts';
import { typefaceWeight } from './font-map.ts';
import { themeTypeface } from './masters.ts';
import { paragraphText } from './read-text.ts';
import { mergeParagraphLooks, readListStyle, readParagraphLook } from './text-body.ts';
import { hexOf, round, type PartContext, type SlideRead } from './slide-read.ts';
import { columnAlignment, readTableLook, tableStyleOf, type TableLineLook } from './table-look.ts';
import {
  booleanAttr,
  child,
  childrenNamed,
  numberAttr,
  pathOf,
  type XmlElement,
} from './xml-tree.ts';

// A table (`a:tbl`): its grid, texts and the look its table style and cells give it.

export function readTable(
  read: SlideRead,
  table: XmlElement | undefined,
  frame: { x: number; y: number; w: number; h: number },
  context: PartContext,
  /** Points per EMU down the slide, as the frame was placed with. */
  scaleY: number = read.base.sy,
) {
  if (!table) return;
  const widths = childrenNamed(child(table, 'a:tblGrid'), 'a:gridCol').map(
    (c) => numberAttr(c, 'w') ?? 1,
  );
  const rows = childrenNamed(table, 'a:tr');
  if (widths.length === 0 || rows.length === 0) return;
  const columns = widths.slice(0, 12);
  if (widths.length > 12) read.skip('table', "a table's columns past the twelfth were left out");
  if (rows.length > 61) read.skip('table', "a table's rows past the sixtieth were left out");
  const cells = rows.map((row) =>
    childrenNamed(row, 'a:tc')
      .slice(0, columns.length)
      .map((cell) => cell),
  );
  // A cell is set in one size: an empty line in under half its words' size (a spacer) is
  // left out rather than drawn as tall as they are.
  const paragraphsOf = (cell: XmlElement | undefined) => {
    if (!cell || booleanAttr(cell, 'hMerge') === true || booleanAttr(cell, 'vMerge') === true)
      return [];
    const paragraphs = childrenNamed(child(cell, 'a:txBody'), 'a:p');
    const firstRun = paragraphs.flatMap((p) => childrenNamed(p, 'a:r'))[0];
    const wordsSize = firstRun && (numberAttr(child(firstRun, 'a:rPr'), 'sz') ?? 1_800);
    return paragraphs.filter((p) => {
      const own = numberAttr(child(p, 'a:endParaRPr'), 'sz');
      const isSpacer = paragraphText(p).trim() === '' && own !== undefined;
      return !(isSpacer && wordsSize && own < wordsSize / 2);
    });
  };
  const textOf = (cell: XmlElement | undefined) =>
    paragraphsOf(cell)
      .map((p) => paragraphText(p))
      .join('\n')
      .slice(0, 5_000);
  const texts = cells.map((row) => columns.map((_, i) => textOf(row[i])));
  const properties = child(table, 'a:tblPr');
  const hasHeader = booleanAttr(properties, 'firstRow') === true && texts.length > 1;
  const body = (hasHeader ? texts.slice(1) : texts).slice(0, 60);
  const rowCount = body.length + (hasHeader ? 1 : 0);
  const { style, unknown } = tableStyleOf(properties, read.tableStyles);
  if (unknown) {
    read.skip('table', `a table's style ${unknown} is not in the file: drawn in the default style`);
  }
  const colors = context.colors;
  const look = readTableLook({
    properties,
    style,
    cells: cells.slice(0, rowCount),
    rowCount,
    columnCount: columns.length,
    colors,
    pointsPerEmu: read.base.sx,
  });
  if (look.overlapping > 0) {
    read.skip('table', 'a merged table cell over another merged one was drawn unmerged');
  }
  // Text the style and the runs leave uncoloured is the theme's text colour, as PowerPoint has it.
  const textColor = resolveColor(
    { name: 'a:schemeClr', attrs: { val: 'tx1' }, children: [], text: '' },
    colors,
  );
  const hex = (color: Rgba | null | undefined) => (color ? hexOf(color) : null);
  const line = (value: TableLineLook | null) =>
    value ? { color: hexOf(value.color), width: value.width } : null;
  const align = columns.map((_, i) => columnAlignment(cells, i, hasHeader ? 1 : 0) ?? 'left');
  const firstRun = cells
    .flat()
    .map((cell) => numberAttr(pathOf(cell, 'a:txBody', 'a:p', 'a:r', 'a:rPr'), 'sz'))
    .find((sz) => sz !== undefined);
  // The cells' typeface, the first a run names (else the theme's body font), drawn as text is.
  const theme = read.layout.master.theme;
  const named = cells
    .flat()
    .map(
      (cell) => child(pathOf(cell, 'a:txBody', 'a:p', 'a:r', 'a:rPr'), 'a:latin')?.attrs.typeface,
    )
    .find((typeface) => typeface !== undefined);
  const typeface = themeTypeface(named, theme);
  const font = read.mapFont(typeface);
  read.noteFont(typeface, font);
  // The weight the typeface's name gives (`Segoe UI Semibold`), where a cell is not bold.
  const weight = typefaceWeight(typeface);
  // Each cell's size (its first run's), the table's the one most cells have; a cell in
  // another size keeps its proportion to the table's.
  const grid = cells.slice(0, rowCount).map((row) => columns.map((_, i) => row[i]));
  const runSizesOf = (cell: XmlElement | undefined) =>
    childrenNamed(child(cell, 'a:txBody'), 'a:p')
      .flatMap((p) => childrenNamed(p, 'a:r'))
      .filter((run) => (child(run, 'a:t')?.text ?? '').trim() !== '')
      // A run that names no size has PowerPoint's default for a table's text.
      .map((run) => numberAttr(child(run, 'a:rPr'), 'sz') ?? 1_800);
  const cellSizes = grid.map((row) => row.map((cell) => runSizesOf(cell)[0]));
  if (grid.some((row) => row.some((cell) => new Set(runSizesOf(cell)).size > 1))) {
    read.skip('table', "a table cell's words in several sizes are drawn in its first size");
  }
  const runProperties = grid
    .flat()
    .flatMap((cell) => childrenNamed(child(cell, 'a:txBody'), 'a:p'))
    .flatMap((p) => childrenNamed(p, 'a:r'))
    .filter((run) => (child(run, 'a:t')?.text ?? '').trim() !== '')
    .map((run) => child(run, 'a:rPr'));
  if (runProperties.some((rPr) => (numberAttr(rPr, 'baseline') ?? 0) !== 0)) {
    read.skip('table', 'raised or lowered words (superscripts, subscripts) are drawn on the line');
  }
  if (runProperties.some((rPr) => rPr?.attrs.u !== undefined && rPr.attrs.u !== 'none')) {
    read.skip('table', 'underlined words in table cells are drawn without their line');
  }
  if (runProperties.some((rPr) => child(rPr, 'a:hlinkClick'))) {
    read.skip('table', 'a link on words in a table cell is not kept (its words are)');
  }
  const tableSize =
    mostCommon(cellSizes.flat().filter((size) => size !== undefined)) ?? firstRun ?? 1_800;
  const cellScales = cellSizes.map((row) =>
    row.map((size) =>
      size === undefined || size === tableSize
        ? null
        : Math.min(5, Math.max(0.2, round(size / tableSize))),
    ),
  );
  // PowerPoint's cell margins (0.1 in at the sides, 0.05 in above and below unless set), the
  // ones most cells have: a dense table fits its box only with them.
  const paddings = new Map<string, { x: number; y: number; count: number }>();
  for (const cell of cells.slice(0, rowCount).flat()) {
    const margins = child(cell, 'a:tcPr');
    const margin = (name: string, fallback: number) =>
      Math.min(50, Math.max(0, round((numberAttr(margins, name) ?? fallback) * read.base.sx)));
    const x = round((margin('marL', 91_440) + margin('marR', 91_440)) / 2);
    const y = round((margin('marT', 45_720) + margin('marB', 45_720)) / 2);
    const known = paddings.get(`${x},${y}`) ?? { x, y, count: 0 };
    paddings.set(`${x},${y}`, { ...known, count: known.count + 1 });
  }
  const { x: padX, y: padY } = [...paddings.values()].reduce(
    (best, next) => (next.count > best.count ? next : best),
    { x: 7.2, y: 3.6, count: 0 },
  );
  // Where the cells put their text, as most say (PowerPoint's default is the top).
  const anchor = mostCommon(
    cells
      .slice(0, rowCount)
      .flat()
      .map((cell) => child(cell, 'a:tcPr')?.attrs.anchor ?? 't'),
  );
  const valignOf = (value: string | undefined) =>
    value === 'ctr' ? 'middle' : value === 'b' ? 'bottom' : 'top';
  const cellValigns = grid.map((row) =>
    row.map((cell) => {
      const own = child(cell, 'a:tcPr')?.attrs.anchor ?? 't';
      return own === anchor ? null : valignOf(own);
    }),
  );
  // A cell with margins of its own keeps them.
  const cellPaddings = grid.map((row) =>
    row.map((cell) => {
      const margins = child(cell, 'a:tcPr');
      const margin = (name: string, fallback: number) =>
        Math.min(50, Math.max(0, round((numberAttr(margins, name) ?? fallback) * read.base.sx)));
      const padding = {
        left: margin('marL', 91_440),
        right: margin('marR', 91_440),
        top: margin('marT', 45_720),
        bottom: margin('marB', 45_720),
      };
      const isTables =
        Math.abs(padding.left - padX) < 0.5 &&
        Math.abs(padding.right - padX) < 0.5 &&
        Math.abs(padding.top - padY) < 0.5 &&
        Math.abs(padding.bottom - padY) < 0.5;
      return isTables ? null : padding;
    }),
  );
  const valign = valignOf(anchor);
  const faceOfCells = read.faceOf(font, weight);
  const cellParagraphs = grid.map((row) =>
    row.map((cell) => cellListsOf(read, paragraphsOf(cell).slice(0, 100), faceOfCells, colors)),
  );
  // Each row's own height (`a:tr h`), which PowerPoint keeps as the row's least: a frame
  // shorter than its rows (as some writers leave it) is drawn as tall as they are.
  const rowHeights = rows.slice(0, rowCount).map((row) => Math.max(0, numberAttr(row, 'h') ?? 0));
  const rowTotal = rowHeights.reduce((a, b) => a + b, 0);
  const height = Math.max(frame.h, rowTotal * scaleY);
  const rowShares =
    rowTotal > 0 && new Set(rowHeights).size > 1
      ? rowHeights.map((h) => Math.round(((h * scaleY) / height) * 1_000) / 1_000)
      : undefined;
  // The cells' line pitch: single spacing in their font, as the line spacing most of their
  // paragraphs with words say.
  const spacing =
    mostCommon(
      grid
        .flat()
        .flatMap((cell) => childrenNamed(child(cell, 'a:txBody'), 'a:p'))
        .filter((paragraph) =>
          childrenNamed(paragraph, 'a:r').some((run) => (child(run, 'a:t')?.text ?? '').trim()),
        )
        .map(
          (paragraph) =>
            numberAttr(pathOf(paragraph, 'a:pPr', 'a:lnSpc', 'a:spcPct'), 'val') ?? 100_000,
        ),
    ) ?? 100_000;
  const lineHeight = Math.min(
    4,
    Math.max(0.5, round(singleSpacing(read.faceOf(font, 'regular')) * (spacing / 100_000))),
  );
  const box = read.box({ ...frame, h: height });
  const sum = columns.reduce((a, b) => a + b, 0);
  read.push({
    kind: 'table',
    ...box,
    columns: columns.map((w) => Math.max(0.01, round((w / sum) * 100))),
    ...(hasHeader ? { header: texts[0]! } : {}),
    rows: body,
    ...(rowShares ? { rowShares } : {}),
    ...(align.some((a) => a !== 'left') ? { align } : {}),
    size: Math.min(60, Math.max(4, round((tableSize / 100) * read.base.sx * EMU_PER_POINT))),
    lineHeight,
    padding: { x: padX, y: padY },
    valign,
    ...(font !== 'Inter' ? { font } : {}),
    headerFill: hasHeader ? hex(look.fills[0]?.[0]) : null,
    cellFills: look.fills.map((row) => row.map(hex)),
    textColors: look.colors.map((row) => row.map((color) => hex(color ?? textColor))),
    weights: look.bold.map((row) => row.map((bold) => (bold ? 'bold' : weight))),
    ...(look.italic.flat().some(Boolean)
      ? { italics: look.italic.map((row) => row.map((italic) => italic ?? null)) }
      : {}),
    ...(cellScales.flat().some((scale) => scale !== null) ? { cellScales } : {}),
    ...(cellValigns.flat().some((place) => place !== null) ? { cellValigns } : {}),
    ...(cellPaddings.flat().some((padding) => padding !== null) ? { cellPaddings } : {}),
    ...(cellParagraphs.flat().some((lists) => lists !== null) ? { cellParagraphs } : {}),
    borders: {
      horizontal: look.horizontal.map((row) => row.map(line)),
      vertical: look.vertical.map((row) => row.map(line)),
    },
    ...(look.merges.length > 0 ? { merges: look.merges } : {}),
  });
}

/**
 * A cell's paragraphs as its list levels set them (null where none is set in or bulleted): the
 * words `marL` right of the cell's margin, a bullet (a symbol font's picture in Unicode, `•`
 * where our fonts lack it) or a number's label hung by the first line's indent before them. A
 * bullet with no hanging indent is followed by its words at once, as PowerPoint draws it.
 */
function cellListsOf(
  read: SlideRead,
  paragraphs: readonly XmlElement[],
  face: FontFace,
  colors: ColorContext,
): (TableCellParagraph | null)[] | null {
  const counters = new Map<number, number>();
  // A level the paragraph does not set up itself is the presentation's default text style's.
  const levels = readListStyle(read.defaultTextStyle, colors);
  const scale = read.base.sx * EMU_PER_POINT;
  const lists = paragraphs.map((paragraph): TableCellParagraph | null => {
    const properties = child(paragraph, 'a:pPr');
    const level = Math.min(8, numberAttr(properties, 'lvl') ?? 0);
    const look = mergeParagraphLooks([levels[level]!, readParagraphLook(properties, colors)]);
    const margin = Math.min(500, Math.max(0, round((look.marginLeft ?? 0) * scale)));
    const firstLine = round((look.indent ?? 0) * scale);
    const hasWords = paragraphText(paragraph).trim() !== '';
    for (const deeper of [...counters.keys()])
      if (hasWords && deeper > level) counters.delete(deeper);
    let bullet: string | undefined;
    if (hasWords && look.bullet?.kind === 'char') {
      const symbol = bulletCharacter(look.bullet.char, look.bullet.font);
      bullet = symbol && missingCharacters(symbol, face).length === 0 ? symbol : '•';
    } else if (hasWords && look.bullet?.kind === 'number') {
      const value = (counters.get(level) ?? look.bullet.startAt - 1) + 1;
      counters.set(level, value);
      bullet = numberLabel(look.bullet.scheme, value);
    }
    if (hasWords && look.bullet?.kind !== 'number') counters.delete(level);
    // Without a bullet, the paragraph is set where its first line starts (as a text's is).
    if (!bullet) {
      const start = Math.min(500, Math.max(0, margin + firstLine));
      return start > 0 ? { indent: start } : null;
    }
    if (firstLine < 0) {
      return { indent: margin, bullet, hanging: Math.min(200, margin, -firstLine) };
    }
    // No hanging indent: the bullet where the first line starts, its words just after it.
    const size = (wordsSizeOf(paragraph) ?? 18) * scale;
    const room = round(measureText(`${bullet} `, face, size));
    return { indent: Math.min(500, margin + firstLine + room), bullet, hanging: room };
  });
  return lists.some((list) => list !== null) ? lists : null;
}

/** A paragraph's size in points as its first run with words names it. */
function wordsSizeOf(paragraph: XmlElement): number | undefined {
  const run = childrenNamed(paragraph, 'a:r').find((r) => (child(r, 'a:t')?.text ?? '').trim());
  const size = numberAttr(child(run, 'a:rPr'), 'sz');
  return size === undefined ? undefined : size / 100;
}

/** The value met most often (the first met of those tied); undefined when there is none. */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}
