import type { PageWord } from './pdf-pages.ts';
import { SLIDE_WIDTH } from './slide-frame.ts';

/** How far a word may stand from the reference's and still count as in place: 2 % of the width. */
export const PLACEMENT_TOLERANCE = 0.02 * SLIDE_WIDTH;

/**
 * The word as placement compares it: case folded, and the punctuation around it dropped on
 * both sides alike, so a bullet glyph or a closing quote drawn separately does not count.
 */
function placementKey(text: string) {
  return text.toLocaleLowerCase('und').replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
}

/**
 * The share of the reference's words that ours has at the same place: each reference word is
 * paired with an unused identical word of ours whose left end and baseline lie within the
 * tolerance, closest pairs first. `null` when the reference page has no words to place.
 */
export function scoreTextPlacement(
  reference: readonly PageWord[],
  ours: readonly PageWord[],
  tolerance = PLACEMENT_TOLERANCE,
): number | null {
  const keyed = (words: readonly PageWord[]) =>
    words.map((word) => ({ ...word, key: placementKey(word.text) })).filter((word) => word.key);
  const wanted = keyed(reference);
  if (wanted.length === 0) return null;
  const offered = keyed(ours);

  const pairs: { ref: number; our: number; distance: number }[] = [];
  wanted.forEach((ref, i) => {
    offered.forEach((our, j) => {
      if (our.key !== ref.key) return;
      const distance = Math.hypot(our.x - ref.x, our.y - ref.y);
      if (distance <= tolerance) pairs.push({ ref: i, our: j, distance });
    });
  });
  pairs.sort((a, b) => a.distance - b.distance);
  const placed = new Set<number>();
  const used = new Set<number>();
  for (const pair of pairs) {
    if (placed.has(pair.ref) || used.has(pair.our)) continue;
    placed.add(pair.ref);
    used.add(pair.our);
  }
  return placed.size / wanted.length;
}

/**
 * The page's words as a person reads them: grouped into lines by baseline (top to bottom), each
 * line left to right.
 */
export function inReadingOrder(words: readonly PageWord[]): string[] {
  const byBaseline = [...words].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: PageWord[][] = [];
  for (const word of byBaseline) {
    const line = lines.at(-1);
    const baseline = line?.[0];
    // Words on one line share a baseline up to a fraction of their size (superscripts, mixed sizes).
    if (line && baseline && word.y - baseline.y <= 0.4 * Math.min(word.size, baseline.size)) {
      line.push(word);
    } else {
      lines.push([word]);
    }
  }
  return lines.flatMap((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((word) => word.text.replace(/\s+/gu, ' ').trim())
      .filter(Boolean),
  );
}

/** A bullet's mark before a word: a symbol font's private-use glyph, a dingbat, a dot. */
const LEADING_MARKS = /^[\p{Co}\p{So}\u2022\u2023\u2043\u2219\u00B7\u25E6]+/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The page's words as words equal compares them: in reading order; the marks that bullet a
 * paragraph are not words (which glyph stands for a symbol font's bullet is a question for the
 * pixels), and a word broken across two lines after its hyphen is one word.
 */
export function wordsOf(words: readonly PageWord[]): string[] {
  const out: string[] = [];
  for (const token of inReadingOrder(words)) {
    const word = token.replace(LEADING_MARKS, '');
    if (!HAS_LETTER_OR_DIGIT.test(word)) continue;
    const last = out.at(-1);
    if (last?.endsWith('-')) out[out.length - 1] = last + word;
    else out.push(word);
  }
  return out;
}

/** How far a word may stand from the reference's and still be read in its place. */
const READ_IN_PLACE = 0.4;

/**
 * Our words, each one that stands where the reference has the same word read at the
 * reference's place. Two boxes whose baselines nearly meet (a chart's labels beside its
 * legend) are read as one line or as two depending on a point either way; a word within the
 * share of its size that keeps it on its line is not out of order for that. Pairs are made
 * closest first, each word once; a word further away is read where it stands.
 */
function readInPlace(reference: readonly PageWord[], ours: readonly PageWord[]): PageWord[] {
  const text = (word: PageWord) => word.text.replace(/\s+/gu, ' ').trim();
  const pairs: { ref: number; our: number; distance: number }[] = [];
  ours.forEach((our, j) => {
    reference.forEach((ref, i) => {
      if (text(ref) !== text(our)) return;
      const distance = Math.hypot(our.x - ref.x, our.y - ref.y);
      if (distance <= READ_IN_PLACE * Math.min(our.size, ref.size)) {
        pairs.push({ ref: i, our: j, distance });
      }
    });
  });
  pairs.sort((a, b) => a.distance - b.distance);
  const placed = new Map<number, PageWord>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (placed.has(pair.our) || taken.has(pair.ref)) continue;
    const ref = reference[pair.ref]!;
    placed.set(pair.our, { ...ours[pair.our]!, x: ref.x, y: ref.y, size: ref.size });
    taken.add(pair.ref);
  }
  return ours.map((word, j) => placed.get(j) ?? word);
}

/**
 * The same words in the same reading order, compared case-sensitively; a word of ours at the
 * reference's place (within 0.4 of its size) is read there.
 */
export function isWordsEqual(reference: readonly PageWord[], ours: readonly PageWord[]): boolean {
  const a = wordsOf(reference);
  const b = wordsOf(readInPlace(reference, ours));
  return a.length === b.length && a.every((word, i) => word === b[i]);
}
