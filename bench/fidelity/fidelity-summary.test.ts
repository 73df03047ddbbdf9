import { describe, expect, it } from 'vitest';
import { median, summarise, type FileResult } from './fidelity-summary.ts';
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
});
