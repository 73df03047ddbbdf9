import { templateLayoutSchema } from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { layoutChart } from '../src/layout/chart-layout.ts';
import type {
  ChartData,
  ChartElement,
  Deck,
  ShapeElement,
  TextElement,
} from '../src/layout/model.ts';
import { DEFAULT_BRAND } from '../src/library/brand.ts';
import { interpretTemplate } from '../src/library/interpret-template.ts';
import type { SlideContext } from '../src/library/slide-kit.ts';
import { renderDeck } from '../src/render/render-deck.ts';

// Charts drawn by the engine: as shapes and texts for the PDF and the web view, and as a
// native chart in the PowerPoint.

const data: ChartData = {
  type: 'column',
  stacked: false,
  categories: ['North', 'South', 'East'],
  series: [
    {
      name: 'Revenue 2025',
      values: [120, 340, null],
      color: '0B2545',
      asLine: false,
      markers: false,
      line: true,
    },
    {
      name: 'Revenue 2026',
      values: [150, 300, 80],
      color: 'E07A5F',
      asLine: false,
      markers: false,
      line: true,
    },
  ],
  pointColors: ['0B2545', 'E07A5F', 'F2CC8F'],
  legend: 'bottom',
  dataLabels: true,
  percentLabels: false,
  number: { decimals: 0, grouping: true, percent: false, prefix: '$', suffix: 'k' },
  gridlines: true,
  gridColor: 'D9D9D9',
  valueLabels: true,
  valueSize: 10,
  valueBold: false,
  size: 10,
  bold: false,
  legendSize: 10,
  legendBold: false,
  dataLabelSize: 10,
  dataLabelBold: false,
  titleSize: 13,
  titleBold: false,
  color: '333333',
};
const box = { x: 40, y: 40, w: 600, h: 400 };

const texts = (chart: ChartElement) =>
  chart.parts.filter((p): p is TextElement => p.kind === 'text').map((t) => t.paragraphs.join(' '));
/** The chart's text that reads `words`. */
const textReading = (chart: ChartElement, words: string) =>
  chart.parts.find((p): p is TextElement => p.kind === 'text' && p.paragraphs[0] === words);
const rects = (chart: ChartElement, color: string) =>
  chart.parts.filter((p): p is ShapeElement => p.kind === 'rect' && p.fill === color);
const inside = (part: { x: number; y: number; w: number; h: number }) =>
  part.x >= box.x - 0.01 &&
  part.y >= box.y - 0.01 &&
  part.x + part.w <= box.x + box.w + 0.01 &&
  part.y + part.h <= box.y + box.h + 0.01;

describe('a column chart', () => {
  const chart = layoutChart(box, data, 'sales');

  it('draws a column per figure, none where there is none, taller for a greater figure', () => {
    // The legend's swatch is a rectangle of the series's colour too.
    const first = rects(chart, '0B2545').filter((r) => r.w > 8);
    const second = rects(chart, 'E07A5F').filter((r) => r.w > 8);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(3);
    expect(first[1]!.h).toBeGreaterThan(first[0]!.h * 2.5);
    // Each column stands on the same axis line.
    const bottoms = [...first, ...second].map((r) => Math.round(r.y + r.h));
    expect(new Set(bottoms).size).toBe(1);
  });

  it('writes the categories, the legend, the value axis and the figures in its format', () => {
    const words = texts(chart);
    expect(words).toEqual(expect.arrayContaining(['North', 'South', 'East']));
    expect(words).toEqual(expect.arrayContaining(['Revenue 2025', 'Revenue 2026']));
    expect(words).toEqual(
      expect.arrayContaining(['$0k', '$100k', '$200k', '$300k', '$400k', '$340k']),
    );
    expect(words.filter((w) => w === '$120k')).toHaveLength(1);
    // 340 comes within a 21st of 350: the axis goes a step further, as office charts do.
    expect(chart.axis).toEqual({ min: 0, max: 400, step: 50 });
  });

  it('writes the figures by the columns in their own size and weight', () => {
    const big = layoutChart(box, { ...data, dataLabelSize: 16, dataLabelBold: true });
    const figure = textReading(big, '$120k');
    expect(figure).toMatchObject({ size: 16, weight: 'bold' });
    const axis = textReading(big, '$100k');
    expect(axis).toMatchObject({ size: 10, weight: 'regular' });

    // The value axis's figures in their own size and weight, the category names in theirs.
    const own = layoutChart(box, { ...data, valueSize: 14, valueBold: true });
    const tick = textReading(own, '$100k');
    expect(tick).toMatchObject({ size: 14, weight: 'bold' });
    const name = textReading(own, 'North');
    expect(name).toMatchObject({ size: 10, weight: 'regular' });
  });

  it('sets columns and groups apart as office charts do: the gap 150 % of a column', () => {
    const north = [...rects(chart, '0B2545'), ...rects(chart, 'E07A5F')]
      .filter((r) => r.w > 8)
      .sort((p, q) => p.x - q.x)
      .slice(0, 2);
    const [left, right] = north as [ShapeElement, ShapeElement];
    // Two columns side by side, then a gap of one and a half columns to the next category.
    expect(right.x).toBeCloseTo(left.x + left.w, 6);
    const second = rects(chart, 'E07A5F')
      .filter((r) => r.w > 8)
      .sort((p, q) => p.x - q.x);
    expect(second[1]!.x - second[0]!.x).toBeCloseTo(left.w * 3.5, 6);
  });

  it('puts the legend and the title where the chart places them, over the chart', () => {
    const placed = layoutChart(box, {
      ...data,
      title: 'Revenue',
      titleAt: { x: 0.5, y: 0.1 },
      legend: 'right',
      legendArea: { x: 0.1, y: 0.05, w: 0.8, h: 0.1 },
      legendBold: true,
    });
    // In its own weight, the labels' regular.
    expect(textReading(placed, 'Revenue 2025')).toMatchObject({ weight: 'bold' });
    expect(textReading(placed, 'North')).toMatchObject({ weight: 'regular' });
    const auto = layoutChart(box, { ...data, legend: 'right' });
    // The legend's place: one row of entries inside it.
    const swatches = placed.parts.filter(
      (p): p is ShapeElement => p.kind === 'rect' && p.w < 8 && p.h < 8,
    );
    expect(swatches).toHaveLength(2);
    expect(new Set(swatches.map((s) => Math.round(s.y))).size).toBe(1);
    for (const s of swatches) {
      expect(s.x).toBeGreaterThanOrEqual(box.x + 0.1 * box.w);
      expect(s.y).toBeGreaterThanOrEqual(box.y + 0.05 * box.h);
      expect(s.y + s.h).toBeLessThanOrEqual(box.y + 0.15 * box.h);
    }
    // The title's top left corner at its place; the plot as wide as with no legend at its side.
    const title = textReading(placed, 'Revenue')!;
    expect(title.x).toBeCloseTo(box.x + 0.5 * box.w, 6);
    expect(title.y).toBeCloseTo(box.y + 0.1 * box.h, 6);
    const widest = (chart: ChartElement) =>
      Math.max(...chart.parts.filter((p) => p.kind === 'line').map((p) => Math.abs(p.x2 - p.x1)));
    expect(widest(placed)).toBeGreaterThan(widest(auto) + 50);
  });

  it('fills the legend’s place: as many columns as fit, the room left shared between the rows', () => {
    const levels = ['Any graduate education', 'Bachelor’s degree', 'Some college', 'High school'];
    const withLevels = (legendArea: ChartData['legendArea']) =>
      layoutChart(box, {
        ...data,
        legendSize: 16,
        legendArea,
        series: levels.map((name, i) => ({ ...data.series[i % 2]!, name })),
      });
    const baselines = (chart: ChartElement) =>
      levels.map((name) => textReading(chart, name)!.lines[0]!);
    // A tall narrow place: one column, the rows evenly spread down all of it.
    const tall = baselines(withLevels({ x: 0.3, y: 0.5, w: 0.4, h: 0.5 }));
    expect(new Set(tall.map((l) => Math.round(l.x))).size).toBe(1);
    const pitches = tall.slice(1).map((l, i) => l.baseline - tall[i]!.baseline);
    for (const pitch of pitches) expect(pitch).toBeCloseTo(pitches[0]!, 6);
    const space = 0.5 * box.h;
    expect(pitches[0]).toBeCloseTo((space - 4 * 16) / 5 + 16, 6);
    // A wide short place: two entries a row, in two columns lined up.
    const wide = baselines(withLevels({ x: 0, y: 0.8, w: 0.65, h: 0.2 }));
    expect(new Set(wide.map((l) => Math.round(l.baseline))).size).toBe(2);
    expect(wide[2]!.x).toBeCloseTo(wide[0]!.x, 6);
    expect(wide[3]!.x).toBeCloseTo(wide[1]!.x, 6);
  });

  it('sets a chart’s wrapped text one size apart, line under line', () => {
    const titled = layoutChart(box, {
      ...data,
      title: 'Revenue by region across the three territories we serve, in thousands of dollars',
      titleSize: 20,
    });
    const title = titled.parts.find(
      (p): p is TextElement => p.kind === 'text' && p.paragraphs[0]!.startsWith('Revenue by'),
    )!;
    expect(title.lines.length).toBeGreaterThan(1);
    expect(title.lines[1]!.baseline - title.lines[0]!.baseline).toBeCloseTo(20, 6);
    // Its top a fiftieth of the chart's height and a third of its size below the chart's top.
    expect(title.y).toBeCloseTo(box.y + box.h * 0.02 + 20 * 0.3, 6);
  });

  it('stands a legend at its side in the middle of the chart, and wraps the title short of the edges', () => {
    const titled = layoutChart(box, {
      ...data,
      legend: 'right',
      title: 'Revenue by region across the three territories we serve, in thousands of dollars',
    });
    const swatches = titled.parts.filter(
      (p): p is ShapeElement => p.kind === 'rect' && p.w < 8 && p.h < 8,
    );
    expect(swatches).toHaveLength(2);
    const middle = (swatches[0]!.y + swatches[1]!.y + swatches[1]!.h) / 2;
    expect(Math.abs(middle - (box.y + box.h / 2))).toBeLessThan(1);
    const title = titled.parts.find(
      (p): p is TextElement => p.kind === 'text' && p.paragraphs[0]!.startsWith('Revenue by'),
    )!;
    expect(title.lines.length).toBeGreaterThan(1);
    expect(title.x).toBeGreaterThanOrEqual(box.x + box.w * 0.09);
    expect(title.x + title.w).toBeLessThanOrEqual(box.x + box.w * 0.91);
  });

  it('keeps every part inside its box, and no label is cut', () => {
    for (const part of chart.parts) {
      if (part.kind === 'line') continue;
      expect(inside(part), JSON.stringify(part).slice(0, 120)).toBe(true);
      if (part.kind === 'text') expect(part.truncated).toBe(false);
    }
  });

  it('leaves the value axis’s figures out when asked, and turns names too long to wrap', () => {
    const regions = Array.from({ length: 10 }, (_, i) => `Northwestern territory ${i + 1}`);
    const plain = layoutChart(box, {
      ...data,
      valueLabels: false,
      dataLabels: false,
      categories: regions,
      series: [
        {
          name: 'Units',
          values: regions.map((_, i) => i + 1),
          color: '0B2545',
          asLine: false,
          markers: false,
          line: true,
        },
      ],
    });
    const words = texts(plain);
    expect(words.some((w) => /^\$|^\d+$/.test(w))).toBe(false);
    const turned = plain.parts.filter(
      (p): p is TextElement => p.kind === 'text' && p.rotation === 315,
    );
    expect(turned.map((t) => t.paragraphs[0])).toEqual(regions);
    expect(turned.every((t) => !t.truncated && t.lines.length === 1)).toBe(true);
    // Short names that fit their column stay level.
    expect(layoutChart(box, data).parts.some((p) => p.kind === 'text' && p.rotation)).toBe(false);
  });

  it('wraps long names level under their column, however many lines, short of its edges', () => {
    const measures = [
      'Average early reading scale score',
      'Expressive vocabulary (telling stories score)',
      'Average math scale score',
      'Color knowledge',
    ];
    const narrow = { x: 40, y: 40, w: 260, h: 260 };
    const chart = layoutChart(narrow, {
      ...data,
      size: 8,
      dataLabels: false,
      categories: measures,
      series: [{ ...data.series[0]!, values: [1, 0.9, 0.8, 0.7] }],
    });
    const names = measures.map((m) => textReading(chart, m)!);
    expect(names.every((t) => !t.rotation && !t.truncated)).toBe(true);
    expect(names[1]!.lines.length).toBe(4);
    // A twentieth of each column (the distance between two names' middles) is kept clear.
    const middle = (t: TextElement) => t.x + t.w / 2;
    const column = middle(names[1]!) - middle(names[0]!);
    expect(names[1]!.w).toBeCloseTo(column * 0.95, 6);
    expect(names[1]!.lines.every((l) => l.width <= column * 0.95 + 0.01)).toBe(true);
    names.slice(1).forEach((name, i) => expect(name.x).toBeGreaterThan(names[i]!.x + names[i]!.w));
  });
});

describe('a chart laid out as its file says', () => {
  it('puts the plot where the chart puts it, on the axis it fixes, with markers for a line', () => {
    const chart = layoutChart(box, {
      ...data,
      plot: { x: 0.25, y: 0.1, w: 0.5, h: 0.5 },
      scale: { min: 0, max: 1000, step: 250 },
      categoryTurn: 90,
      series: [data.series[0]!, { ...data.series[1]!, asLine: true, markers: true, line: false }],
    });
    const plot = { x: 40 + 150, y: 40 + 40, w: 300, h: 200 };
    const columns = chart.parts.filter(
      (p): p is ShapeElement => p.kind === 'rect' && p.fill === '0B2545' && p.w > 8,
    );
    for (const column of columns) {
      expect(column.x).toBeGreaterThanOrEqual(plot.x);
      expect(column.x + column.w).toBeLessThanOrEqual(plot.x + plot.w);
      expect(column.y + column.h).toBeCloseTo(plot.y + plot.h, 5);
    }
    // 340 of 1000 on a 200 pt high plot.
    expect(columns[1]!.h).toBeCloseTo(68, 5);
    expect(chart.axis).toEqual({ min: 0, max: 1000, step: 250 });
    expect(texts(chart)).toEqual(expect.arrayContaining(['$250k', '$1,000k']));
    // The line series: three dots, no line.
    expect(chart.parts.filter((p) => p.kind === 'ellipse')).toHaveLength(3);
    expect(chart.parts.some((p) => p.kind === 'path')).toBe(false);
    const names = chart.parts.filter(
      (p): p is TextElement => p.kind === 'text' && p.rotation === 270,
    );
    expect(names.map((t) => t.paragraphs[0])).toEqual(['North', 'South', 'East']);
  });
});

describe("a line's markers", () => {
  it('are drawn in the shape and size the series gives, circles 7 pt across when it gives none', () => {
    const marked = (marks: Partial<ChartData['series'][number]>) =>
      layoutChart(box, {
        ...data,
        dataLabels: false,
        series: [{ ...data.series[1]!, asLine: true, markers: true, line: false, ...marks }],
      }).parts.filter(
        (p): p is ShapeElement =>
          (p.kind === 'ellipse' || p.kind === 'path') && p.fill === 'E07A5F',
      );
    const circles = marked({});
    expect(circles.map((p) => [p.kind, p.w, p.h])).toEqual(Array(3).fill(['ellipse', 7, 7]));
    const diamonds = marked({ markerShape: 'diamond', markerSize: 10 });
    expect(diamonds).toHaveLength(3);
    expect(diamonds[0]).toMatchObject({ kind: 'path', w: 10, h: 10 });
    expect(diamonds[0]!.path).toBe('M 500 0 L 1000 500 L 500 1000 L 0 500 Z');
    // Each marker stands on its point, as the circle of the same point does.
    expect(diamonds[1]!.x + 5).toBeCloseTo(circles[1]!.x + 3.5, 5);
    expect(diamonds[1]!.y + 5).toBeCloseTo(circles[1]!.y + 3.5, 5);
    const squares = layoutChart(box, {
      ...data,
      dataLabels: false,
      series: [{ ...data.series[1]!, asLine: true, markers: true, markerShape: 'square' }],
    }).parts.filter((p): p is ShapeElement => p.kind === 'rect' && p.fill === 'E07A5F');
    // (The legend's swatch is a square of the series's colour too.)
    expect(squares.filter((p) => circles.some((c) => c.x === p.x && c.y === p.y))).toHaveLength(3);
  });
});

describe('a fixed axis', () => {
  it('draws a figure past its end to the end, inside the plot', () => {
    const chart = layoutChart(box, {
      ...data,
      dataLabels: false,
      plot: { x: 0.2, y: 0.1, w: 0.6, h: 0.6 },
      scale: { min: 0, max: 200 },
    });
    const columns = chart.parts.filter(
      (p): p is ShapeElement => p.kind === 'rect' && p.fill === '0B2545' && p.w > 8,
    );
    // South's 340 stops at the plot's top (40 + 0.1 × 400).
    expect(columns[1]!.y).toBeCloseTo(80, 5);
    expect(chart.axis).toMatchObject({ min: 0, max: 200 });
  });
});

describe('stacked bars and pies', () => {
  it('stacks a category’s bars end to end, the first category at the bottom', () => {
    const chart = layoutChart(box, { ...data, type: 'bar', stacked: true, dataLabels: false });
    const north = chart.parts.filter(
      (p): p is ShapeElement => p.kind === 'rect' && p.h > 10 && p.y > box.y + box.h / 2,
    );
    // North: 120 then 150, one after the other along the same row.
    expect(north).toHaveLength(2);
    expect(north[1]!.x).toBeCloseTo(north[0]!.x + north[0]!.w, 5);
    expect(north[0]!.y).toBeCloseTo(north[1]!.y, 5);
    expect(chart.axis!.max).toBeGreaterThanOrEqual(640);
  });

  it('draws a slice per category with its share, and lists the categories', () => {
    const chart = layoutChart(box, {
      ...data,
      type: 'pie',
      legend: 'right',
      percentLabels: true,
      series: [
        {
          name: 'Share',
          values: [50, 30, 20],
          color: '0B2545',
          asLine: false,
          markers: false,
          line: true,
        },
      ],
    });
    const slices = chart.parts.filter((p) => p.kind === 'path');
    expect(slices.map((s) => (s as ShapeElement).fill)).toEqual(['0B2545', 'E07A5F', 'F2CC8F']);
    expect(texts(chart)).toEqual(
      expect.arrayContaining(['North', 'South', 'East', '50%', '30%', '20%']),
    );
    expect(chart.axis).toBeUndefined();
  });
});

const ctx: SlideContext = {
  brand: DEFAULT_BRAND,
  clientName: 'Harbor Fresh Foods',
  headline: 'Proposal',
  dateText: 'March 5, 2026',
  contact: 'Dana Reyes',
  pageNumber: 2,
  sections: [],
  products: [],
  priceBook: SEED_PRICE_BOOK,
  locale: 'de-DE',
};

/** A deck of these chart slides, each a template slide of its chart's elements. */
function chartDeck(slides: { elements: Deck['slides'][number]['elements'] }[]): Deck {
  return {
    title: 'Charts',
    clientName: 'Harbor Fresh Foods',
    date: '2026-03-05',
    author: 'Ada',
    company: 'Frostline',
    warnings: [],
    slides: slides.map(({ elements }, i) => ({
      id: `chart-${i + 1}`,
      kind: 'template',
      title: 'Chart',
      background: 'FFFFFF',
      elements,
    })),
  };
}

function chartSlide(element: Record<string, unknown>) {
  const document = templateLayoutSchema.parse({
    format: 1,
    id: 'chart',
    name: 'Chart',
    description: '',
    placeholders: [],
    background: '#FFFFFF',
    category: 'market',
    elements: [
      {
        kind: 'chart',
        name: 'sales',
        x: 80,
        y: 60,
        w: 800,
        h: 420,
        chart: 'column',
        title: 'Sales for {{client.name}}',
        categories: ['North', 'South'],
        series: [
          { name: 'Units', values: [1200.5, 800] },
          { name: 'Trend', values: [1000, 900], asLine: true, color: '#E07A5F' },
        ],
        legend: 'bottom',
        dataLabels: true,
        number: { decimals: 1, grouping: true },
        size: 12,
        color: 'brand.ink',
        ...element,
      },
    ],
  });
  return interpretTemplate(document, ctx, { parts: new Map() });
}

describe('a chart in a template', () => {
  it('binds its title, takes the brand’s colours and writes figures as the deck’s locale does', () => {
    const slide = chartSlide({});
    const chart = slide.elements[0] as ChartElement;
    expect(chart.data.title).toBe('Sales for Harbor Fresh Foods');
    expect(chart.data.series.map((s) => s.color)).toEqual([DEFAULT_BRAND.colors.primary, 'E07A5F']);
    expect(chart.data.color).toBe(DEFAULT_BRAND.colors.ink);
    expect(texts(chart)).toEqual(expect.arrayContaining(['1.200,5', '800,0']));
  });

  it('is a native chart in the PowerPoint and words in the PDF', async () => {
    const slide = chartSlide({ series: [{ name: 'Units', values: [1200.5, null] }] });
    const rendered = await renderDeck(chartDeck([slide]));
    const zip = await JSZip.loadAsync(rendered.pptx);
    const charts = Object.keys(zip.files).filter((name) =>
      /^ppt\/charts\/chart\d+\.xml$/.test(name),
    );
    expect(charts).toHaveLength(1);
    const xml = await zip.file(charts[0]!)!.async('string');
    expect(xml).toContain('<c:barDir val="col"/>');
    expect(xml).toContain('<c:v>Units</c:v>');
    expect(xml).toContain('<c:v>North</c:v>');
    expect(xml).toContain('<c:v>1200.5</c:v>');
    // The missing figure is a point left out, not an empty value PowerPoint would repair.
    expect(xml).not.toContain('<c:v></c:v>');
    expect(xml).toContain('formatCode="#,##0.0"');
    // Its sheet, for "Edit Data": the missing figure an empty cell, not an empty value.
    const books = Object.keys(zip.files).filter((name) => name.startsWith('ppt/embeddings/'));
    expect(books).toHaveLength(1);
    const book = await JSZip.loadAsync(await zip.file(books[0]!)!.async('uint8array'));
    const sheet = await book.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toContain('<v>1200.5</v>');
    expect(sheet).not.toContain('<v></v>');
    const slideXml = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(slideXml).toContain('drawingml/2006/chart');

    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(rendered.pdf), verbosity: 0 })
      .promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    const words = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    await pdf.destroy();
    for (const word of ['Sales for Harbor Fresh Foods', 'North', 'South', 'Units', '1.200,5']) {
      expect(words).toContain(word);
    }
    expect(rendered.svgs[0]).toContain('<path');
  });

  it("marks a line's points in the PowerPoint as it does in the PDF", async () => {
    const slide = chartSlide({
      series: [
        { name: 'Units', values: [1200.5, 800] },
        {
          name: 'Trend',
          values: [1000, 900],
          asLine: true,
          markers: true,
          markerShape: 'diamond',
          markerSize: 9,
        },
      ],
    });
    const zip = await JSZip.loadAsync((await renderDeck(chartDeck([slide]))).pptx);
    const chart = Object.keys(zip.files).find((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name));
    const xml = await zip.file(chart!)!.async('string');
    expect(xml).toContain('<c:symbol val="diamond"/>');
    expect(xml).toContain('<c:size val="9"/>');
  });

  it('keeps where the chart places its legend and title in the PowerPoint, chart by chart', async () => {
    const placed = chartSlide({
      legendArea: { x: 0.25, y: 0.05, w: 0.5, h: 0.1 },
      legendBold: true,
      titleAt: { x: 0.3, y: 0 },
    });
    const plain = chartSlide({});
    const rendered = await renderDeck(chartDeck([plain, placed]));
    const zip = await JSZip.loadAsync(rendered.pptx);
    const number = (name: string) => Number(/(\d+)\.xml$/.exec(name)![1]);
    const [first, second] = Object.keys(zip.files)
      .filter((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name))
      .sort((a, b) => number(a) - number(b));
    const plainXml = await zip.file(first!)!.async('string');
    const placedXml = await zip.file(second!)!.async('string');
    expect(plainXml).not.toContain('<c:manualLayout>');
    expect(plainXml).not.toMatch(/<c:legend>[\s\S]*b="1"[\s\S]*<\/c:legend>/);
    expect(placedXml).toMatch(/<c:legend>[\s\S]*<a:defRPr b="1" sz="1200"[\s\S]*<\/c:legend>/);
    expect(placedXml).toMatch(
      /<c:legendPos val="b"\/><c:layout><c:manualLayout><c:xMode val="edge"\/><c:yMode val="edge"\/><c:x val="0.25"\/><c:y val="0.05"\/><c:w val="0.5"\/><c:h val="0.1"\/><\/c:manualLayout><\/c:layout>/,
    );
    expect(placedXml).toMatch(
      /<\/c:tx>\s*<c:layout><c:manualLayout><c:xMode val="edge"\/><c:yMode val="edge"\/><c:x val="0.3"\/><c:y val="0"\/><\/c:manualLayout><\/c:layout>/,
    );
  });
});
