import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Deck, TableElement, TableLine } from '../layout/model.ts';
import { DEFAULT_BRAND } from '../library/brand.ts';
import { table, type SlideContext, type TableSpec } from '../library/slide-kit.ts';
import { renderPptx } from './render-pptx.ts';
import { renderSlideSvg } from './render-svg.ts';
import { tableLines } from './table-grid.ts';

const ctx: SlideContext = {
  brand: DEFAULT_BRAND,
  clientName: 'Harbor Fresh Foods',
  headline: 'Proposal',
  dateText: 'March 5, 2026',
  contact: 'Dana Reyes',
  pageNumber: 1,
  sections: [],
  products: [],
  priceBook: SEED_PRICE_BOOK,
};

const blue: TableLine = { color: '4472C4', width: 1 };
// Three columns; a header merged across all of them and two body rows.
const spec: TableSpec = {
  columns: [1, 1, 1],
  header: ['Quarterly figures for every region', '', ''],
  rows: [
    ['North', '12', '14'],
    ['South', '9', '11'],
  ],
  headerFill: null,
  cellFills: [
    [null, null, null],
    ['FF0000', null, null],
    [null, '00B050', null],
  ],
  textColors: [
    ['1F3864', null, null],
    [null, null, null],
    [null, null, null],
  ],
  weights: [
    ['bold', null, null],
    [null, null, null],
    [null, null, null],
  ],
  borders: {
    horizontal: [
      [blue, blue, blue],
      [blue, blue, blue],
      [null, null, null],
      [blue, blue, blue],
    ],
    vertical: [
      [blue, blue, blue, blue],
      [blue, blue, blue, blue],
      [blue, blue, blue, blue],
    ],
  },
  merges: [{ row: 0, column: 0, rows: 1, columns: 3 }],
};
const box = { x: 60, y: 100, w: 300, h: 120 };

const svgOf = (element: TableElement) =>
  renderSlideSvg({
    id: 't',
    kind: 'custom',
    title: 'T',
    background: 'FFFFFF',
    elements: [element],
  });

async function slideXml(element: TableElement) {
  const deck: Deck = {
    title: 'T',
    clientName: 'C',
    date: '2026-03-05',
    author: 'A',
    company: 'B',
    slides: [],
    warnings: [],
  };
  const pptx = await renderPptx(deck, [
    { id: 't', kind: 'custom', title: 'T', background: 'FFFFFF', elements: [element] },
  ]);
  return (await JSZip.loadAsync(pptx)).file('ppt/slides/slide1.xml')!.async('string');
}

describe('a table with its own fills, lines, colours and merges', () => {
  const laid = table(ctx, box, spec);

  it('lays the merged header across the whole width and leaves the cells it covers empty', () => {
    const [header] = laid.rows;
    expect(header![0]!.span).toEqual({ columns: 3, rows: 1 });
    expect(header![0]!.text.w).toBeCloseTo(300 - 16);
    expect(header![0]!.text.lines.map((l) => l.text).join(' ')).toBe(
      'Quarterly figures for every region',
    );
    expect(header![1]!.covered).toBe(true);
    expect(header![0]!.text.color).toBe('1F3864');
    expect(header![0]!.text.weight).toBe('bold');
    // An unfilled header's text is in the body's colour, not white.
    expect(laid.rows[1]![1]!.text.color).toBe(DEFAULT_BRAND.colors.ink);
  });

  it('draws each cell fill and no fill where the table has none', () => {
    const svg = svgOf(laid);
    const fills = [
      ...svg.matchAll(
        /<rect x="[^"]+" y="[^"]+" width="[^"]+" height="[^"]+" fill="#([0-9A-F]{6})"\/>/g,
      ),
    ]
      .map((m) => m[1])
      .filter((fill) => fill !== 'FFFFFF');
    expect(fills).toEqual(['FF0000', '00B050']);
  });

  it('draws the grid lines it has, as runs, and none inside the merged header', () => {
    const lines = tableLines(laid);
    const y1 = laid.y + laid.rowHeights[0]!;
    const y2 = y1 + laid.rowHeights[1]!;
    const horizontal = lines.filter((l) => l.y1 === l.y2).map((l) => [l.x1, l.y1, l.x2]);
    // The top, under the header, no line under the first body row, the bottom.
    expect(horizontal).toEqual([
      [60, 100, 360],
      [60, y1, 360],
      [60, y2 + laid.rowHeights[2]!, 360],
    ]);
    const insideHeader = lines.filter((l) => l.x1 === l.x2 && l.x1 > 60 && l.x1 < 360 && l.y1 < y1);
    expect(insideHeader).toEqual([]);
    const svg = svgOf(laid);
    expect(svg).toContain(
      `<line x1="60" y1="100" x2="360" y2="100" stroke="#4472C4" stroke-width="1"/>`,
    );
  });

  it('writes real table cells to PowerPoint: fills, borders, colours and a spanning header', async () => {
    const xml = await slideXml(laid);
    expect(xml).toContain('gridSpan="3"');
    expect(xml.match(/hMerge="1"/g)).toHaveLength(2);
    expect(xml).toMatch(/<a:tcPr[^>]*>(?:(?!<\/a:tcPr>).)*<a:solidFill><a:srgbClr val="FF0000"\/>/);
    expect(xml).toMatch(/<a:lnT w="12700"[^>]*><a:solidFill><a:srgbClr val="4472C4"\/>/);
    // The first body row has no line under it: its cells' bottom edge is unfilled.
    expect(xml).toMatch(/<a:lnB w="0"[^>]*><a:noFill\/><\/a:lnB>/);
    expect(xml).toMatch(/<a:rPr[^>]*b="1"[^>]*>(?:(?!<\/a:rPr>).)*1F3864/);
  });

  it('sets the text at the top of its cells, and PowerPoint anchors it there too', async () => {
    const top = table(ctx, box, { ...spec, valign: 'top' });
    const cell = top.rows[1]![0]!.text;
    const middle = laid.rows[1]![0]!.text;
    expect(cell.valign).toBe('top');
    expect(cell.lines[0]!.baseline).toBeLessThan(middle.lines[0]!.baseline - 1);
    expect(await slideXml(top)).toMatch(/<a:tcPr[^>]* anchor="t"/);
  });

  it('writes each cell with the line pitch it was laid out with', async () => {
    const airy = table(ctx, box, { ...spec, lineHeight: 1.5 });
    const north = airy.rows[1]![0]!.text;
    expect(north.lineHeight).toBeCloseTo(1.5 * north.size);
    // pptxgenjs writes points in hundredths.
    const pitch = Math.round(north.lineHeight * 100);
    expect(await slideXml(airy)).toContain(`<a:lnSpc><a:spcPts val="${pitch}"/></a:lnSpc>`);
  });

  it("places each cell's text inside the table's padding", () => {
    const padded = table(ctx, box, { ...spec, padding: { x: 1, y: 0.5 } });
    const north = padded.rows[1]![0]!.text;
    expect(north.x).toBe(box.x + 1);
    expect(north.w).toBeCloseTo(100 - 2);
    expect(laid.rows[1]![0]!.text.x).toBe(box.x + 8);
  });

  it('writes a cell with margins of its own with them, the others with the table’s', async () => {
    const roomy = { left: 14.4, right: 28.8, top: 21.6, bottom: 36 };
    const padded = table(ctx, box, {
      ...spec,
      cellPaddings: [
        [null, null, null],
        [roomy, null, null],
        [null, null, null],
      ],
    });
    expect(padded.rows[1]![0]!.text.x).toBe(box.x + 14.4);
    const xml = await slideXml(padded);
    // pptxgenjs writes margins in EMU: 0.2 in is 182,880.
    expect(xml).toMatch(/<a:tcPr marL="182880" marR="365760" marT="274320" marB="457200"/);
    expect(xml).toMatch(/<a:tcPr marL="101600" marR="101600" marT="63500" marB="63500"/);
  });

  it('leaves a table without its own look as it was: a rule under each row, white header text', () => {
    const plain = table(ctx, box, {
      columns: [1, 1],
      header: ['Plan', 'Price'],
      rows: [['Team', '$40']],
      headerFill: DEFAULT_BRAND.colors.primary,
    });
    expect(plain.borders).toBeUndefined();
    expect(tableLines(plain)).toEqual([]);
    expect(plain.rows[0]![0]!.text.color).toBe('FFFFFF');
    expect(svgOf(plain).match(/<line /g)).toHaveLength(2);
  });
});

describe("a table whose cells hold bulleted points on levels (a PowerPoint cell's lists)", () => {
  const listSpec: TableSpec = {
    columns: [1, 2],
    rows: [['Principle', 'Who is your market?\nImmediate client and decision-makers\nNext steps']],
    headerFill: null,
    valign: 'top',
    cellParagraphs: [
      [
        null,
        [
          { indent: 13.5, bullet: '•', hanging: 13.5 },
          { indent: 49.5, bullet: '–', hanging: 13.5 },
          { indent: 18, bullet: '2.', hanging: 18 },
        ],
      ],
    ],
  };
  const laid = table(ctx, { ...box, w: 450 }, listSpec);
  const cell = laid.rows[0]![1]!;

  it('sets each point in by its level and hangs its bullet before it, as the PDF and web view draw it', () => {
    const left = cell.text.x;
    const first = (words: string) => cell.text.lines.find((l) => l.text.startsWith(words))!;
    expect(first('Who')).toMatchObject({ x: left + 13.5, bulletX: left });
    expect(first('Immediate')).toMatchObject({ x: left + 49.5, bulletX: left + 36, label: '–' });
    expect(first('Next')).toMatchObject({ x: left + 18, label: '2.' });
    expect(laid.rows[0]![0]!.text.lines[0]!.bulletX).toBeUndefined();
  });

  it('writes each point to PowerPoint with its bullet, level and margin', async () => {
    const xml = await slideXml(laid);
    const paragraphs = [...xml.matchAll(/<a:p>(?:(?!<\/a:p>).)*<\/a:p>/g)].map((m) => m[0]);
    const of = (words: string) => paragraphs.find((p) => p.includes(words))!;
    // 13.5 pt is 171,450 EMU; 49.5 pt is four steps of 12.375 pt (157,163 EMU) at level 3, the
    // step nearest its 13.5 pt hanging indent.
    expect(of('Who is your market?')).toMatch(/marL="171450" indent="-171450"/);
    // pptxgenjs writes the bullet as a character reference.
    expect(of('Who is your market?')).toMatch(/<a:buChar char="&#x2022;"\/>/);
    expect(of('Immediate client')).toMatch(/lvl="3"[^>]*marL="62865[0-2]" indent="-15716[23]"/);
    expect(of('Immediate client')).toMatch(/<a:buChar char="&#x2013;"\/>/);
    expect(of('Next steps')).toMatch(/<a:buAutoNum type="arabicPeriod" startAt="2"\/>/);
    expect(of('Principle')).not.toMatch(/buChar|buAutoNum/);
  });
});
