import { describe, expect, it } from 'vitest';
import { inReadingOrder, isWordsEqual, scoreTextPlacement } from './compare-words.ts';
import type { PageWord } from './pdf-pages.ts';

const word = (text: string, x: number, y: number, size = 20): PageWord => ({ text, x, y, size });

describe('scoreTextPlacement', () => {
  it('counts a word in place up to 2 % of the slide width (19.2 pt) away, and not beyond', () => {
    const reference = [word('Cold', 100, 100)];
    expect(scoreTextPlacement(reference, [word('Cold', 119, 100)])).toBe(1);
    expect(scoreTextPlacement(reference, [word('Cold', 100, 119)])).toBe(1);
    expect(scoreTextPlacement(reference, [word('Cold', 115, 115)])).toBe(0);
    expect(scoreTextPlacement(reference, [word('Cold', 120, 100)])).toBe(0);
  });

  it('pairs each word of ours once, closest first', () => {
    const reference = [word('the', 100, 100), word('the', 110, 100)];
    // One "the" of ours can stand for only one of the two.
    expect(scoreTextPlacement(reference, [word('the', 105, 100)])).toBe(0.5);
    // The near pair is made first, so the far word still finds its own.
    expect(scoreTextPlacement(reference, [word('the', 111, 100), word('the', 95, 100)])).toBe(1);
  });

  it('folds case and drops the punctuation around a word, on both sides alike', () => {
    const reference = [word('“Store', 100, 100), word('power,', 200, 100), word('•', 80, 100)];
    const ours = [word('store', 100, 100), word('Power', 200, 100)];
    expect(scoreTextPlacement(reference, ours)).toBe(1);
  });

  it('has no score for a page without words', () => {
    expect(scoreTextPlacement([], [word('extra', 0, 0)])).toBeNull();
  });
});

describe('reading order and equal words', () => {
  it('reads lines by baseline, each left to right, letting a line waver within its size', () => {
    const words = [word('world', 200, 102), word('second', 100, 140), word('Hello', 100, 100)];
    expect(inReadingOrder(words)).toEqual(['Hello', 'world', 'second']);
  });

  it('compares the words in reading order, case-sensitively, wherever they stand', () => {
    const reference = [word('Hello', 100, 100), word('world', 200, 100)];
    expect(isWordsEqual(reference, [word('Hello', 300, 400), word('world', 400, 401)])).toBe(true);
    expect(isWordsEqual(reference, [word('Hello', 100, 100), word('World', 200, 100)])).toBe(false);
    expect(isWordsEqual(reference, [word('world', 100, 100), word('Hello', 200, 100)])).toBe(false);
    expect(isWordsEqual(reference, [word('Hello', 100, 100)])).toBe(false);
  });

  it("reads a word of ours standing where the reference has it at the reference's place", () => {
    // A legend entry 8 pt under an axis label: one line for LibreOffice's baselines (within 0.4
    // of the size), two for ours, moved 1.5 pt. Read where the reference has them, they agree.
    const reference = [word('Level', 400, 97), word('Caption', 160, 105)];
    const nudged = [word('Level', 400, 96), word('Caption', 160, 104.5)];
    expect(inReadingOrder(nudged)).toEqual(['Level', 'Caption']);
    expect(inReadingOrder(reference)).toEqual(['Caption', 'Level']);
    expect(isWordsEqual(reference, nudged)).toBe(true);
    // Beyond 0.4 of its size a word is read where it stands: a line that wrapped elsewhere, or
    // two words swapped, still differ.
    expect(isWordsEqual(reference, [word('Level', 400, 85), word('Caption', 160, 105)])).toBe(
      false,
    );
    const line = [word('Smart', 100, 100), word('Art', 160, 100)];
    expect(isWordsEqual(line, [word('Art', 100, 100), word('Smart', 160, 100)])).toBe(false);
    // Each word of the reference stands for one of ours: a doubled word is still extra.
    expect(isWordsEqual(line, [...line, word('Art', 161, 100)])).toBe(false);
  });

  it('does not count bullet marks as words, nor a break after a hyphen as a space', () => {
    // A symbol font's arrowhead as LibreOffice writes it, and a dot drawn against its word.
    const reference = [
      word('\uF0D8', 80, 100),
      word('apprentice', 100, 100),
      word('•Few', 80, 130),
    ];
    const ours = [
      word('•', 80, 100),
      word('apprentice', 100, 100),
      word('▪', 80, 130),
      word('Few', 100, 130),
    ];
    expect(isWordsEqual(reference, ours)).toBe(true);
    expect(
      isWordsEqual([word('M-04-', 100, 100), word('04', 100, 130)], [word('M-04-04', 100, 100)]),
    ).toBe(true);
    // A word is still a word: one missing, or split elsewhere, differs.
    expect(isWordsEqual(reference, ours.slice(0, 3))).toBe(false);
    expect(
      isWordsEqual([word('M-04', 100, 100), word('04', 100, 130)], [word('M-0404', 100, 100)]),
    ).toBe(false);
  });
});
