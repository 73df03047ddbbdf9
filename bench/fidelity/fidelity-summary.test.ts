import { describe, expect, it } from 'vitest';
import {
  formatConsoleReport,
  formatResultsSection,
  gateFailures,
  median,
  summarise,
  type FileResult,
} from './fidelity-summary.ts';
import type { SlideScore } from './score-deck.ts';

const slide = (n: number, text: number | null, ssim: number, unsupported: string[] = []) =>
  ({
    slide: n,
    textPlacement: text,
    ssim,
    isWordsEqual: text === 1,
    unsupported,
    isMissing: false,
  }) satisfies SlideScore;

describe('summarise', () => {
  it('takes medians over the slides that have a score', () => {
    expect(median([0.2, null, 0.9, 0.4])).toBe(0.4);
    expect(median([1, 0.5])).toBe(0.75);
    expect(median([null])).toBeNull();
  });

  it('meets the goal on medians of 0.9, and lists low slides nothing explains', () => {
    const results: FileResult[] = [
      { file: 'a.pptx', slides: [slide(1, 1, 0.95), slide(2, 0.5, 0.95)], problems: [] },
      {
        file: 'b.pptx',
        slides: [slide(1, 1, 0.5, ['chart']), slide(2, null, 0.3), slide(3, 0.95, 0.92)],
        problems: [],
      },
    ];
    const summary = summarise(results);
    expect(summary.textPlacement).toBe(0.975);
    expect(summary.ssim).toBe(0.92);
    expect(summary.isGoalMet).toBe(true);
    // Not every slide: two are low with nothing reported, and three have other words.
    expect(summary.isEverySlideAtGoal).toBe(false);
    expect(summary.unexplainedLow).toEqual([
      { file: 'a.pptx', slide: 2 },
      { file: 'b.pptx', slide: 2 },
    ]);
    expect(summary.wordsEqualShare).toBe(2 / 5);
    expect(summary.files.map((f) => f.textPlacement)).toEqual([0.75, 0.975]);

    const worse = summarise([{ file: 'c.pptx', slides: [slide(1, 0.89, 0.99)], problems: [] }]);
    expect(worse.isGoalMet).toBe(false);

    const everySlide = summarise([
      { file: 'd.pptx', slides: [slide(1, 1, 0.95), slide(2, 1, 0.5, ['chart'])], problems: [] },
    ]);
    expect(everySlide.isEverySlideAtGoal).toBe(true);
    expect(everySlide.failedFiles).toEqual([]);
  });

  it('exempts a listed divergence of the reference from the floor and shows it with its reason', () => {
    const results: FileResult[] = [
      { file: 'g.pptx', slides: [slide(1, 0.4, 0.5), slide(2, 0.5, 0.95)], problems: [] },
      { file: 'h.pptx', slides: [slide(1, 1, 0.95)], problems: [] },
    ];
    const divergences = [
      { file: 'g.pptx', slide: 1, reason: 'LibreOffice re-computes the shrink' },
      { file: 'h.pptx', slide: 1, reason: 'LibreOffice sets Gill Sans in DejaVu Sans' },
    ];
    const summary = summarise(results, divergences);
    // g 2 is low with nothing reported and not listed: a failure of the gate.
    expect(summary.unexplainedLow).toEqual([{ file: 'g.pptx', slide: 2 }]);
    expect(summary.divergent).toEqual([
      { ...divergences[0], textPlacement: 0.4, ssim: 0.5, isLow: true },
      { ...divergences[1], textPlacement: 1, ssim: 0.95, isLow: false },
    ]);
    const report = formatConsoleReport(results, summary);
    expect(report).toContain(
      'g.pptx 1 (text 0.400, SSIM 0.500): LibreOffice re-computes the shrink',
    );
    expect(report).toContain('h.pptx 1 (text 1.000, SSIM 0.950): LibreOffice sets Gill Sans');
    expect(report).toContain('no longer under 0.6: its entry may go');
    const section = formatResultsSection(summary, { date: 'd', corpus: 'c', timings: 't' });
    expect(section).toContain('- g.pptx 1 (text 0.400, SSIM 0.500): LibreOffice re-computes');
    expect(section).toContain('a failure of the gate: g.pptx 2.');

    expect(summarise(results, []).unexplainedLow).toEqual([
      { file: 'g.pptx', slide: 1 },
      { file: 'g.pptx', slide: 2 },
    ]);
  });

  it('fails a file it could not compare whole, and only notes one with no slides', () => {
    const summary = summarise([
      {
        file: 'e.pptx',
        slides: [slide(1, 1, 0.95)],
        problems: ['3 pages of ours, 1 in the reference'],
      },
      { file: 'f.pptx', slides: [], problems: [], note: 'no slides to import: not scored' },
    ]);
    expect(summary.failedFiles).toEqual(['e.pptx']);
    expect(summary.files.map((f) => f.problems)).toEqual([
      ['3 pages of ours, 1 in the reference'],
      ['no slides to import: not scored'],
    ]);
  });

  it('gates on the floor of the medians and on every slide under 0.6 left unexplained', () => {
    const ok = [1, 2, 3].map((n) => slide(n, 1, 0.95)).concat(slide(4, 1, 0.4, ['chart']));
    const passing = summarise([{ file: 'k.pptx', slides: ok, problems: [] }], []);
    expect(gateFailures(passing, [0.95, 0.93])).toEqual([]);
    const low = summarise(
      [{ file: 'k.pptx', slides: [...ok, slide(5, 1, 0.5)], problems: [] }],
      [],
    );
    expect(gateFailures(low, [0.95, 0.93])).toEqual([
      'under 0.6 with nothing reported as not imported and no divergence of the reference listed: k.pptx 5',
    ]);
    const listed = summarise(
      [{ file: 'k.pptx', slides: [...ok, slide(5, 1, 0.5)], problems: [] }],
      [{ file: 'k.pptx', slide: 5, reason: 'LibreOffice re-computes the shrink' }],
    );
    expect(gateFailures(listed, [0.95, 0.93])).toEqual([]);
    // A typeface drawn in a stand-in does not explain a low slide; a chart not drawn does.
    const font = summarise(
      [{ file: 'k.pptx', slides: [...ok, slide(5, 0.5, 0.95, ['font ×2'])], problems: [] }],
      [],
    );
    expect(font.unexplainedLow).toEqual([{ file: 'k.pptx', slide: 5 }]);
    expect(gateFailures(passing, [0.95, 0.99])).toEqual([
      'below the floor: median text placement must stay ≥ 0.95 and median SSIM ≥ 0.99',
    ]);
  });
});
