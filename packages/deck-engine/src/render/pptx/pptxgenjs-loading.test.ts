import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import type { ChartElement, Deck } from '../../layout/model.ts';
import type { RenderSlide } from '../place-images.ts';
import { renderPptx, writesDirectly } from '../render-pptx.ts';

// pptxgenjs (and the JSZip it brings) is loaded for a deck with a chart only (ADR 059).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('pptxgenjs', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const deck = {
  title: 'Quarterly review',
  clientName: 'Harbor Fresh Foods',
  date: '2026-03-05',
  author: 'Dana Reyes',
  company: 'Deck Portal',
} as Deck;

const box = { x: 72, y: 72, w: 360, h: 216 };

const plain: RenderSlide = {
  background: 'FFFFFF',
  elements: [{ kind: 'rect', ...box, fill: '1F3864' }],
} as RenderSlide;

const chart = {
  kind: 'chart',
  ...box,
  parts: [],
  data: {
    type: 'bar',
    stacked: false,
    categories: ['North', 'South'],
    series: [
      {
        name: 'Revenue',
        values: [3, 5],
        color: '4472C4',
        asLine: false,
        markers: false,
        line: true,
      },
    ],
    pointColors: [],
    dataLabels: false,
    dataLabelSize: 10,
    dataLabelBold: false,
    percentLabels: false,
    gridlines: false,
    gridColor: 'D9D9D9',
    titleSize: 14,
    titleBold: false,
    bold: false,
    legendSize: 10,
    legendBold: false,
    valueLabels: true,
    valueSize: 10,
    valueBold: false,
    size: 10,
    color: '000000',
  },
} as unknown as ChartElement;

describe('which writer writes a deck', () => {
  it('writes a deck without a chart directly, never loading pptxgenjs, and one with a chart with it', async () => {
    expect(writesDirectly([plain])).toBe(true);
    const direct = unzipSync(await renderPptx(deck, [plain]));
    expect(Object.keys(direct)).toContain('ppt/slides/slide1.xml');
    expect(loads.count).toBe(0);

    const charted: RenderSlide = { ...plain, elements: [...plain.elements, chart] } as RenderSlide;
    expect(writesDirectly([charted])).toBe(false);
    const withChart = unzipSync(await renderPptx(deck, [charted]));
    expect(loads.count).toBe(1);
    expect(Object.keys(withChart)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ppt\/charts\/chart\d+\.xml$/),
        expect.stringMatching(/^ppt\/embeddings\/.+\.xlsx$/),
      ]),
    );
  });
});
