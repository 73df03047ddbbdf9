import { describe, expect, it } from 'vitest';
import type { TemplateElement } from '@deck-portal/domain';
import { DEFAULT_BRAND } from '../library/brand.ts';
import { table } from '../library/slide-kit.ts';
import { resolveColor } from './drawingml-color.ts';
import { readSlides } from './read-slides.ts';
import type { ReadSlide } from './slide-read.ts';
import { DEFAULT_TABLE_STYLE_ID } from './table-look.ts';
import {
  fixtureColors,
  openFixture,
  tableFrame,
  tableStylesPart,
  type PptxFixture,
  type TableCellFixture,
} from './test-fixtures.ts';

// The PowerPoint reader on tables written by hand: their texts and grid, and the look their
// table style, their cells' own properties and their runs give them.

type TableElement = Extract<TemplateElement, { kind: 'table' }>;

async function readTable(fixture: PptxFixture): Promise<{ table: TableElement; slide: ReadSlide }> {
  const [slide] = (await readSlides(openFixture(fixture))).slides;
  const table = slide!.elements.find((e): e is TableElement => e.kind === 'table');
  if (!table) throw new Error('the slide has no table');
  return { table, slide: slide! };
}

/** The table as the engine lays it out: each cell's text with its size and lines. */
function layoutTable(element: TableElement) {
  const { x, y, w, h, columns, header, rows, size, lineHeight, padding, valign } = element;
  const { italics, cellScales, cellValigns, cellPaddings, rowShares } = element;
  return table(
    { brand: DEFAULT_BRAND },
    { x, y, w, h },
    {
      columns,
      ...(header ? { header } : {}),
      rows,
      headerFill: null,
      ...(size !== undefined ? { size } : {}),
      ...(lineHeight !== undefined ? { lineHeight } : {}),
      ...(padding ? { padding } : {}),
      ...(valign ? { valign } : {}),
      ...(italics ? { italics } : {}),
      ...(rowShares ? { rowShares } : {}),
      ...(cellScales ? { cellScales } : {}),
      ...(cellValigns ? { cellValigns } : {}),
      ...(cellPaddings ? { cellPaddings } : {}),
    },
  );
}

const solid = (hex: string) => `<a:solidFill><a:srgbClr val="${hex}"/></a:solidFill>`;
const line = (side: string, w: number, fill: string) => `<a:${side} w="${w}">${fill}</a:${side}>`;
const hex = (name: string) => `#${fixtureColors[name]}`;
/** accent1 with a tint, as the reader resolves it. */
const tinted = (tint: number) =>
  `#${
    resolveColor(
      {
        name: 'a:schemeClr',
        attrs: { val: 'accent1' },
        children: [{ name: 'a:tint', attrs: { val: String(tint) }, children: [], text: '' }],
        text: '',
      },
      { theme: fixtureColors, map: {} },
    )!.hex
  }`;

const rows = [
  ['Plan', 'Seats', 'Price'],
  ['Starter', '5', '$10'],
  ['Team', '25', '$40'],
];

describe('tables', () => {
  it("sets a cell's paragraph in where its first line starts, and hangs a bullet by its indent", async () => {
    const { table } = await readTable({
      slides: [
        tableFrame({
          columns: [240, 120],
          rows: [
            [
              {
                text: 'Point',
                pPr: '<a:pPr marL="342900" indent="-228600"><a:buFont typeface="Wingdings"/><a:buChar char="§"/></a:pPr>',
              },
              // A centred heading whose margin its negative indent takes back (aptia 5's "Group").
              { text: 'Group', pPr: '<a:pPr marL="1165225" indent="-984250" algn="ctr"/>' },
            ],
            ['Plain', ''],
          ],
        }),
      ],
    });
    // 27 pt margin hung 18 pt; Wingdings' § is the square it shows; 14.25 pt where "Group" starts.
    expect(table!.cellParagraphs).toEqual([
      [[{ indent: 27, bullet: '▪', hanging: 18 }], [{ indent: 14.25 }]],
      [null, null],
    ]);
  });

  it('reads a table with its header row and columns as shares of the grid', async () => {
    const { table } = await readTable({
      slides: [
        tableFrame({ properties: 'firstRow="1" bandRow="1"', columns: [240, 120, 120], rows }),
      ],
    });
    expect(table).toMatchObject({
      kind: 'table',
      x: 60,
      y: 100,
      w: 600,
      h: 200,
      columns: [50, 25, 25],
      header: ['Plan', 'Seats', 'Price'],
      rows: [
        ['Starter', '5', '$10'],
        ['Team', '25', '$40'],
      ],
      size: 14,
      // PowerPoint's default cell margins: 0.1 in at the sides, 0.05 in above and below.
      padding: { x: 7.2, y: 3.6 },
      // Cells that do not say where their text sits have it at the top.
      valign: 'top',
      // In the theme's body font (Calibri), drawn in its stand-in, lines at Calibri's own pitch.
      font: 'Carlito',
      lineHeight: 1.22,
    });
  });

  it('sets lines as far apart as the line spacing most cells say, in their font', async () => {
    const arial = { rPr: 'sz="1400"', rPrChildren: '<a:latin typeface="Arial"/>' };
    const close = { ...arial, pPr: '<a:pPr><a:lnSpc><a:spcPct val="90000"/></a:lnSpc></a:pPr>' };
    const { table } = await readTable({
      slides: [
        tableFrame({
          columns: [240, 240],
          rows: [
            [
              { text: 'Plan', ...close },
              { text: 'Seats', ...close },
            ],
            [
              { text: 'Team', ...close },
              { text: '25', ...arial },
            ],
          ],
        }),
      ],
    });
    // Arial single spacing is 1.2 of the size (Arimo's own line is shorter); 90 % of it.
    expect(table).toMatchObject({ font: 'Arimo', lineHeight: 1.08 });
    // The engine sets the cells' lines that far apart.
    const cell = layoutTable(table).rows[0]![0]!.text;
    expect(cell.lineHeight).toBeCloseTo(14 * 1.08, 2);
  });

  it('sets the table in the size most cells have, and a cell in another size in proportion', async () => {
    const { table, slide } = await readTable({
      slides: [
        tableFrame({
          columns: [240, 240],
          rows: [
            [{ text: 'Title', rPr: 'sz="2100"' }, 'Seats'],
            ['Team', { text: '25', rPr: 'sz="700"' }],
          ],
        }),
      ],
    });
    expect(table).toMatchObject({ size: 14 });
    expect(table.cellScales).toEqual([
      [1.5, null],
      [null, 0.5],
    ]);
    expect(slide.report.notImported).toEqual([]);
    // The engine keeps the proportion: the title's cell is drawn half as large again.
    const drawn = layoutTable(table);
    expect(drawn.rows[0]![0]!.text.size / drawn.rows[0]![1]!.text.size).toBeCloseTo(1.5, 2);
  });

  it('puts the text where most of its cells anchor it, and a cell anchored apart where it says', async () => {
    const centred = (text: string) => ({ text, tcPrAttrs: 'anchor="ctr"' });
    const { table, slide } = await readTable({
      slides: [
        tableFrame({
          columns: [240, 240],
          rows: [
            [centred('Plan'), centred('Seats')],
            [centred('Team'), { text: 'Low', tcPrAttrs: 'anchor="b"' }],
          ],
        }),
      ],
    });
    expect(table).toMatchObject({ valign: 'middle' });
    expect(table.cellValigns).toEqual([
      [null, null],
      [null, 'bottom'],
    ]);
    expect(slide.report.notImported).toEqual([]);
    const drawn = layoutTable({ ...table, h: 200 });
    const [team, low] = drawn.rows[1]!.map((cell) => cell.text.lines[0]!.baseline);
    expect(low!).toBeGreaterThan(team! + 20);
  });

  it("takes the margins most of its cells have as the table's padding", async () => {
    const tight = 'marL="9525" marR="9525" marT="9525" marB="0"';
    const cells: TableCellFixture[][] = rows.map((row, r) =>
      // The first cell keeps PowerPoint's default margins; every other one is tight.
      row.map((text, c) => (r === 0 && c === 0 ? { text } : { text, tcPrAttrs: tight })),
    );
    const { table } = await readTable({
      slides: [tableFrame({ columns: [240, 120, 120], rows: cells })],
    });
    expect(table.padding).toEqual({ x: 0.75, y: 0.38 });
  });

  it("draws PowerPoint's default style where a file lacks its part: accent header, banded rows, white lines", async () => {
    const { table } = await readTable({
      slides: [
        tableFrame({
          properties: 'firstRow="1" bandRow="1"',
          styleId: DEFAULT_TABLE_STYLE_ID,
          columns: [240, 120, 120],
          rows,
        }),
      ],
    });
    const accent = hex('accent1');
    expect(table.headerFill).toBe(accent);
    expect(table.cellFills).toEqual([
      [accent, accent, accent],
      // The first body row is band 1, the second the whole table's fill.
      [tinted(40_000), tinted(40_000), tinted(40_000)],
      [tinted(20_000), tinted(20_000), tinted(20_000)],
    ]);
    expect(table.textColors![0]).toEqual([hex('lt1'), hex('lt1'), hex('lt1')]);
    expect(table.textColors![1]).toEqual([hex('dk1'), hex('dk1'), hex('dk1')]);
    expect(table.weights).toEqual([
      ['bold', 'bold', 'bold'],
      ['regular', 'regular', 'regular'],
      ['regular', 'regular', 'regular'],
    ]);
    const white = { color: hex('lt1'), width: 1 };
    // A thick white line under the header, thin ones elsewhere, the outer edges too.
    expect(table.borders!.horizontal).toEqual([
      [white, white, white],
      [
        { ...white, width: 3 },
        { ...white, width: 3 },
        { ...white, width: 3 },
      ],
      [white, white, white],
      [white, white, white],
    ]);
    expect(table.borders!.vertical[1]).toEqual([white, white, white, white]);
  });

  it('keeps the margins a cell sets apart from the rest, its text placed inside them', async () => {
    const { table: element, slide } = await readTable({
      slides: [
        tableFrame({
          columns: [300, 300],
          rows: [
            [
              // 0.2 in left, 0.4 in right, 0.3 in above, 0.5 in below.
              {
                text: 'Roomy',
                tcPrAttrs: 'marL="182880" marR="365760" marT="274320" marB="457200"',
              },
              'Usual',
            ],
            ['Usual', 'Usual'],
          ],
        }),
      ],
    });
    expect(element.padding).toEqual({ x: 7.2, y: 3.6 });
    expect(element.cellPaddings).toEqual([
      [{ left: 14.4, right: 28.8, top: 21.6, bottom: 36 }, null],
      [null, null],
    ]);
    expect(slide.report.notImported).toEqual([]);
    const laid = layoutTable(element);
    const roomy = laid.rows[0]![0]!;
    expect(roomy.text.x).toBeCloseTo(element.x + 14.4, 5);
    expect(roomy.text.w).toBeCloseTo(300 - 14.4 - 28.8, 1);
    expect(roomy.padding).toEqual({ left: 14.4, right: 28.8, top: 21.6, bottom: 36 });
    expect(laid.rows[0]![1]!.text.x).toBeCloseTo(element.x + 300 + 7.2, 5);
    // The row is tall enough for the roomy cell's margins and its line.
    expect(laid.rowHeights[0]).toBeGreaterThanOrEqual(21.6 + 36 + 14);
  });

  it('draws a table naming no style plainly: only its cells’ own fills and lines', async () => {
    // As a table pasted from a spreadsheet comes: no style, no flags, one cell filled and lined.
    const line = '<a:solidFill><a:srgbClr val="000000"/></a:solidFill>';
    const own = {
      text: 'Red',
      tcPr: `<a:lnB w="12700">${line}</a:lnB><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill>`,
    };
    const { table } = await readTable({
      slides: [tableFrame({ columns: [240, 120], rows: [[own, 'Plain']] })],
    });
    expect(table.cellFills).toEqual([['#FF0000', null]]);
    expect(table.textColors![0]![1]).not.toBe(hex('lt1'));
    expect(table.borders!.horizontal[1]![0]).toEqual({ color: '#000000', width: 1 });
    expect(table.borders!.horizontal[1]![1]).toBeNull();
    expect(table.borders!.vertical[0]).toEqual([null, null, null]);
  });

  it('takes no header and no header fill without the firstRow flag', async () => {
    const { table } = await readTable({
      slides: [
        tableFrame({
          properties: 'bandRow="1"',
          styleId: DEFAULT_TABLE_STYLE_ID,
          columns: [240, 120, 120],
          rows,
        }),
      ],
    });
    expect(table).not.toHaveProperty('header');
    expect(table.rows).toEqual(rows);
    expect(table.headerFill).toBeNull();
    expect(table.cellFills![0]).toEqual([tinted(40_000), tinted(40_000), tinted(40_000)]);
    expect(table.weights![0]).toEqual(['regular', 'regular', 'regular']);
  });

  it("reads the style the table names from the file's table styles: no fills, thin blue grid, bold header", async () => {
    const blueLine = `<a:ln w="12700"><a:solidFill><a:srgbClr val="4F81BD"/></a:solidFill></a:ln>`;
    const grid = ['left', 'right', 'top', 'bottom', 'insideH', 'insideV']
      .map((side) => `<a:${side}>${blueLine}</a:${side}>`)
      .join('');
    const style =
      '<a:tblStyle styleId="{GRID}" styleName="Table Grid"><a:wholeTbl>' +
      '<a:tcTxStyle><a:schemeClr val="tx1"/></a:tcTxStyle>' +
      `<a:tcStyle><a:tcBdr>${grid}</a:tcBdr><a:fill><a:noFill/></a:fill></a:tcStyle></a:wholeTbl>` +
      '<a:firstRow><a:tcTxStyle b="on"><a:schemeClr val="tx1"/></a:tcTxStyle>' +
      '<a:tcStyle><a:tcBdr/></a:tcStyle></a:firstRow></a:tblStyle>';
    const { table } = await readTable({
      slides: [
        tableFrame({
          properties: 'firstRow="1" bandRow="1"',
          styleId: '{GRID}',
          columns: [240, 120, 120],
          rows,
        }),
      ],
      parts: tableStylesPart(style),
    });
    expect(table.headerFill).toBeNull();
    expect(table.cellFills!.flat().every((fill) => fill === null)).toBe(true);
    expect(table.weights![0]).toEqual(['bold', 'bold', 'bold']);
    expect(table.textColors!.flat().every((color) => color === hex('dk1'))).toBe(true);
    const blue = { color: '#4F81BD', width: 1 };
    expect(table.borders!.horizontal.flat()).toEqual(Array(12).fill(blue));
    expect(table.borders!.vertical.flat()).toEqual(Array(12).fill(blue));
  });

  it("puts a cell's own fill, lines and run colour, weight and slant over the style's", async () => {
    const cells: TableCellFixture[][] = rows.map((row) => row.map((text) => ({ text })));
    cells[1]![0] = {
      text: 'Starter',
      tcPr:
        line('lnL', 25_400, solid('FF0000')) + line('lnB', 12_700, '<a:noFill/>') + solid('FFFF00'),
      rPr: 'sz="1400" b="1"',
      rPrChildren: solid('00B050'),
    };
    cells[2]![2] = { text: '$40', tcPr: '<a:noFill/>' };
    cells[2]![0] = { text: 'Team', rPr: 'sz="1400" i="1"' };
    const { table } = await readTable({
      slides: [tableFrame({ properties: 'firstRow="1"', columns: [240, 120, 120], rows: cells })],
    });
    expect(table.cellFills![1]![0]).toBe('#FFFF00');
    expect(table.cellFills![2]![2]).toBeNull();
    expect(table.textColors![1]![0]).toBe('#00B050');
    expect(table.weights![1]![0]).toBe('bold');
    expect(table.italics).toEqual([
      [null, null, null],
      [null, null, null],
      [true, null, null],
    ]);
    // The engine sets that cell in the italic face.
    expect(layoutTable(table).rows[2]![0]!.text.italic).toBe(true);
    expect(table.borders!.vertical[1]![0]).toEqual({ color: '#FF0000', width: 2 });
    expect(table.borders!.horizontal[2]![0]).toBeNull();
  });

  it("keeps each row's own height as its least, and shares spare room in proportion", async () => {
    const { table } = await readTable({
      slides: [tableFrame({ columns: [240, 120, 120], rows, rowHeights: [100, 50, 50] })],
    });
    expect(table.rowShares).toEqual([0.5, 0.25, 0.25]);
    // In the 200 pt frame the rows are drawn 100, 50 and 50 pt high, as in the original.
    expect(layoutTable(table).rowHeights).toEqual([100, 50, 50]);
    // Rows of one height say nothing the even spread does not.
    const even = await readTable({ slides: [tableFrame({ columns: [240, 120, 120], rows })] });
    expect(even.table.rowShares).toBeUndefined();
  });

  it('draws a table as tall as its rows when its frame says less, as PowerPoint shows it', async () => {
    // Rows of 100 pt in a frame of 200 pt (a writer that left the frame as first placed).
    const { table } = await readTable({
      slides: [tableFrame({ columns: [240, 120, 120], rows, rowHeights: [100, 100, 100] })],
    });
    expect(table.h).toBe(300);
    expect(layoutTable(table).rowHeights.map(Math.round)).toEqual([100, 100, 100]);
    const uneven = await readTable({
      slides: [tableFrame({ columns: [240, 120, 120], rows, rowHeights: [150, 75, 75] })],
    });
    expect(uneven.table.rowShares).toEqual([0.5, 0.25, 0.25]);
    expect(layoutTable(uneven.table).rowHeights.map(Math.round)).toEqual([150, 75, 75]);
  });

  it("keeps a cell's paragraphs, an empty one first included, and gives the row room for them", async () => {
    // An empty paragraph, then the words: PowerPoint shows a blank line above them.
    // A spacer in under half the words' size is left out: the cell has one size for both.
    const fixture = tableFrame({ columns: [240, 120, 120], rows })
      .replace(
        '<a:p><a:r><a:rPr lang="en-US" sz="1400"></a:rPr><a:t>Starter</a:t>',
        '<a:p/><a:p><a:r><a:rPr lang="en-US" sz="1400"></a:rPr><a:t>Starter</a:t>',
      )
      .replace(
        '<a:p><a:r><a:rPr lang="en-US" sz="1400"></a:rPr><a:t>Team</a:t>',
        '<a:p><a:endParaRPr sz="600"/></a:p><a:p><a:r><a:rPr lang="en-US" sz="1400"></a:rPr><a:t>Team</a:t>',
      );
    const { table } = await readTable({ slides: [fixture] });
    expect(table.rows[1]![0]).toBe('\nStarter');
    expect(table.rows[2]![0]).toBe('Team');
    const drawn = layoutTable({ ...table, valign: 'top' });
    const cell = drawn.rows[1]![0]!.text;
    expect(cell.lines.map((line) => line.text)).toEqual(['', 'Starter']);
    // The row is two lines high, the others one (lines at Calibri's pitch, 1.22 of the size).
    expect(table.lineHeight).toBe(1.22);
    expect(drawn.rowHeights[1]! - drawn.rowHeights[2]!).toBeCloseTo(14 * 1.22, 1);
  });

  it('reports superscripts, underlined and linked words in cells, which it draws plain', async () => {
    const cells: TableCellFixture[][] = rows.map((row) => row.map((text) => ({ text })));
    cells[1]![0] = { text: '1st', rPr: 'sz="1400" baseline="30000"' };
    cells[2]![0] = { text: 'Team', rPr: 'sz="1400" u="sng"' };
    cells[2]![1] = { text: 'Site', rPrChildren: '<a:hlinkClick r:id="rId9"/>' };
    const { slide, table } = await readTable({
      slides: [tableFrame({ columns: [240, 120, 120], rows: cells })],
    });
    expect(table.rows.flat()).toContain('Site');
    expect(slide.report.notImported).toEqual([
      {
        kind: 'table',
        why: 'raised or lowered words (superscripts, subscripts) are drawn on the line',
      },
      { kind: 'table', why: 'underlined words in table cells are drawn without their line' },
      { kind: 'table', why: 'a link on words in a table cell is not kept (its words are)' },
    ]);
  });

  it('reads merged cells: a first row across every column and a cell down two rows', async () => {
    const { table } = await readTable({
      slides: [
        tableFrame({
          columns: [240, 120, 120],
          rows: [
            [
              { text: 'Results by region, 2024', attrs: 'gridSpan="3"' },
              { text: '', attrs: 'hMerge="1"' },
              { text: '', attrs: 'hMerge="1"' },
            ],
            [{ text: 'North', attrs: 'rowSpan="2"' }, '5', '$10'],
            [{ text: '', attrs: 'vMerge="1"' }, '25', '$40'],
          ],
        }),
      ],
    });
    // The merged text stays in its first cell; the cells it covers are empty.
    expect(table.rows[0]).toEqual(['Results by region, 2024', '', '']);
    expect(table.merges).toEqual([
      { row: 0, column: 0, rows: 1, columns: 3 },
      { row: 1, column: 0, rows: 2, columns: 1 },
    ]);
  });

  it('reports a merge over another one and a style the file does not hold, and still reads the table', async () => {
    const { table, slide } = await readTable({
      slides: [
        tableFrame({
          properties: 'firstRow="1"',
          styleId: '{2D5ABB26-0587-4C30-8999-92F81FD0307C}',
          columns: [240, 120, 120],
          rows: [
            [{ text: 'A', attrs: 'rowSpan="2"' }, { text: 'B', attrs: 'gridSpan="2"' }, ''],
            [{ text: 'C', attrs: 'gridSpan="2"' }, '', ''],
          ],
        }),
      ],
    });
    expect(table.merges).toEqual([
      { row: 0, column: 0, rows: 2, columns: 1 },
      { row: 0, column: 1, rows: 1, columns: 2 },
    ]);
    expect(slide.report.notImported).toEqual([
      {
        kind: 'table',
        why: "a table's style {2D5ABB26-0587-4C30-8999-92F81FD0307C} is not in the file: drawn in the default style",
      },
      { kind: 'table', why: 'a merged table cell over another merged one was drawn unmerged' },
    ]);
    // Drawn in the default style meanwhile.
    expect(table.headerFill).toBe(hex('accent1'));
  });
});
