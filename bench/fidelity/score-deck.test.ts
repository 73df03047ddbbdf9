import { describe, expect, it } from 'vitest';
import { makeTestPdf, type TestPage } from './make-test-pdf.ts';
import { scoreDeck } from './score-deck.ts';

const words = [
  { text: 'Quarterly', x: 100, y: 80, size: 36 },
  { text: 'results', x: 300, y: 80, size: 36 },
  { text: 'Revenue', x: 100, y: 200, size: 20 },
  { text: 'grew,', x: 200, y: 200, size: 20 },
  { text: 'costs', x: 100, y: 260, size: 20 },
  { text: 'fell.', x: 180, y: 260, size: 20 },
];
const boxes = [
  { x: 0, y: 480, width: 960, height: 60, color: '#b3262f' },
  { x: 620, y: 150, width: 260, height: 200, color: '#1f4e79' },
];
const slide: TestPage = { width: 960, height: 540, words, boxes };

/** The page moved right by `dx` points (boxes too), and its words filtered. */
function shifted(page: TestPage, dx: number, keep = (_text: string) => true): TestPage {
  return {
    ...page,
    words: page.words?.filter((w) => keep(w.text)).map((w) => ({ ...w, x: w.x + dx })),
    boxes: page.boxes?.map((b) => ({ ...b, x: b.x + dx })),
  };
}

async function scoreOne(reference: TestPage, ours: TestPage) {
  const result = await scoreDeck({
    reference: await makeTestPdf([reference]),
    ours: await makeTestPdf([ours]),
  });
  return result.slides[0]!;
}

describe('scoreDeck', () => {
  it('scores identical pages 1 on text placement and about 1 on SSIM, with equal words', async () => {
    const score = await scoreOne(slide, slide);
    expect(score.textPlacement).toBe(1);
    expect(score.ssim).toBeGreaterThan(0.999);
    expect(score.isWordsEqual).toBe(true);
    expect(score.isMissing).toBe(false);
  });

  it('scores words moved by 5 % of the width as out of place, and the picture lower', async () => {
    const score = await scoreOne(slide, shifted(slide, 0.05 * 960));
    expect(score.textPlacement).toBe(0);
    expect(score.ssim).toBeLessThan(0.95);
    // The same words in the same order: only where they stand changed.
    expect(score.isWordsEqual).toBe(true);
  });

  it('still counts words moved by less than the 2 % tolerance as in place', async () => {
    const score = await scoreOne(slide, shifted(slide, 0.01 * 960));
    expect(score.textPlacement).toBe(1);
  });

  it('counts a missing word against text placement and word equality', async () => {
    const score = await scoreOne(
      slide,
      shifted(slide, 0, (text) => text !== 'Revenue'),
    );
    expect(score.textPlacement).toBeCloseTo(5 / 6, 5);
    expect(score.isWordsEqual).toBe(false);
  });

  it('tells words out of reading order apart, and a change of case', async () => {
    const swapped = {
      ...slide,
      words: words.map((w) =>
        w.text === 'Revenue' ? { ...w, y: 260 } : w.text === 'costs' ? { ...w, y: 200 } : w,
      ),
    };
    expect((await scoreOne(slide, swapped)).isWordsEqual).toBe(false);
    const shouted = {
      ...slide,
      words: words.map((w) => (w.text === 'results' ? { ...w, text: 'RESULTS' } : w)),
    };
    const score = await scoreOne(slide, shouted);
    expect(score.isWordsEqual).toBe(false);
    // Placement folds case: the word is there, where it should be.
    expect(score.textPlacement).toBe(1);
  });

  it('reads a raised or lowered ending as part of its word, however far it sits off the line', async () => {
    const digits = 2 * 0.556 * 24; // "25" in Helvetica at 24 pt
    for (const rise of [5, 7.2, 9, -6]) {
      const raised: TestPage = {
        ...slide,
        words: [
          { text: '25', x: 100, y: 200, size: 24 },
          { text: 'th', x: 100 + digits, y: 200 - rise, size: 14 },
          { text: 'percentile', x: 200, y: 200, size: 24 },
        ],
      };
      const inLine: TestPage = {
        ...slide,
        words: [
          { text: '25th', x: 100, y: 200, size: 24 },
          { text: 'percentile', x: 200, y: 200, size: 24 },
        ],
      };
      expect((await scoreOne(raised, inLine)).isWordsEqual).toBe(true);
    }
  });

  it('places a 4:3 reference on our 16:9 slide as the importer does: scaled to fit and centred', async () => {
    // 1440 × 1080 fits the 960 × 540 slide at half size, 120 pt from the left edge.
    const big: TestPage = {
      width: 1440,
      height: 1080,
      words: words.map((w) => ({ ...w, x: w.x * 2, y: w.y * 2, size: w.size * 2 })),
      boxes: [{ x: 200, y: 300, width: 600, height: 400, color: '#1f4e79' }],
    };
    const pillarBoxed: TestPage = {
      width: 960,
      height: 540,
      words: words.map((w) => ({ ...w, x: 120 + w.x })),
      boxes: [{ x: 220, y: 150, width: 300, height: 200, color: '#1f4e79' }],
    };
    const score = await scoreOne(big, pillarBoxed);
    expect(score.textPlacement).toBe(1);
    expect(score.ssim).toBeGreaterThan(0.97);

    // The same slide drawn from the left edge, not centred, is out of place.
    const unCentred = await scoreOne(big, shifted(pillarBoxed, -120));
    expect(unCentred.textPlacement).toBe(0);
    expect(unCentred.ssim).toBeLessThan(score.ssim);
  });

  it('scores a page missing on our side 0 and names what the importer reported', async () => {
    const result = await scoreDeck({
      reference: await makeTestPdf([slide, slide]),
      ours: await makeTestPdf([slide]),
      report: [
        { number: 1, unsupported: [] },
        {
          number: 2,
          unsupported: [
            { kind: 'chart', why: 'charts are not imported' },
            { kind: 'smartart', why: 'SmartArt is not imported' },
            { kind: 'chart', why: 'charts are not imported' },
          ],
        },
      ],
    });
    expect(result.ourPageCount).toBe(1);
    expect(result.slides[1]).toEqual({
      slide: 2,
      textPlacement: 0,
      ssim: 0,
      isWordsEqual: false,
      unsupported: ['chart ×2', 'smartart'],
      isMissing: true,
    });
  });
});
