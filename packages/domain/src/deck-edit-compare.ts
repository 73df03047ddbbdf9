import type { SlideChange } from './deck-edit-api.ts';
import { elementWords, type EditedDeck, type EditedSlide } from './deck-edits.ts';

/**
 * What an edited deck changes against the version it was made from (issue 49): the comparison a
 * rep reads before an edited PowerPoint becomes the deck's next version.
 */

/** The most words a change lists of those taken out, and of those put in. */
export const MAX_CHANGED_WORDS = 20;

/** A slide as a person names it: its heading when it has one written out, else its title. */
export function editedSlideTitle(slide: EditedSlide): string {
  const heading = slide.document.heading?.trim();
  return heading && !heading.includes('{{') ? heading : slide.document.title;
}

/** Every word a slide shows, in reading order: its heading, then its elements'. */
export function editedSlideWords(slide: EditedSlide): string[] {
  const { heading, subheading, elements } = slide.document;
  return [heading ?? '', subheading ?? '', ...elements.map(elementWords)]
    .join('\n')
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Beyond this many cells the word lists are compared as bags of words, not in order. */
const MAX_DIFF_CELLS = 4_000_000;

/**
 * Which items of `a` and of `b` are in a longest subsequence common to both: the items that
 * stayed, the others being taken out of `a` or put into `b`. Undefined when the lists are too
 * long to compare in order.
 */
export function keptInOrder<T>(
  a: readonly T[],
  b: readonly T[],
): { inA: boolean[]; inB: boolean[] } | undefined {
  const inA = a.map(() => false);
  const inB = b.map(() => false);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) {
    inA[head] = inB[head] = true;
    head += 1;
  }
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    inA[a.length - 1 - tail] = inB[b.length - 1 - tail] = true;
    tail += 1;
  }
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 || m === 0) return { inA, inB };
  if ((n + 1) * (m + 1) > MAX_DIFF_CELLS) return undefined;
  // lengths[i][j]: the longest common subsequence of a's middle from i and b's middle from j.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[head + i] === b[head + j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[head + i] === b[head + j]) {
      inA[head + i] = inB[head + j] = true;
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i += 1;
    else j += 1;
  }
  return { inA, inB };
}

/**
 * The words taken out of a slide and put into it, each in reading order; a word said twice and
 * taken out once is listed once. At most {@link MAX_CHANGED_WORDS} of each.
 */
export function changedWords(
  before: readonly string[],
  after: readonly string[],
): { wordsRemoved: string[]; wordsAdded: string[] } {
  const kept = keptInOrder(before, after);
  if (kept) {
    return {
      wordsRemoved: before.filter((_, i) => !kept.inA[i]).slice(0, MAX_CHANGED_WORDS),
      wordsAdded: after.filter((_, i) => !kept.inB[i]).slice(0, MAX_CHANGED_WORDS),
    };
  }
  // Too long to compare in order: each word counted, the surplus on either side listed.
  const surplus = (from: readonly string[], against: readonly string[]) => {
    const count = new Map<string, number>();
    for (const word of against) count.set(word, (count.get(word) ?? 0) + 1);
    return from
      .filter((word) => {
        const left = count.get(word) ?? 0;
        count.set(word, left - 1);
        return left <= 0;
      })
      .slice(0, MAX_CHANGED_WORDS);
  };
  return { wordsRemoved: surplus(before, after), wordsAdded: surplus(after, before) };
}

const sameSlide = (a: EditedSlide, b: EditedSlide) =>
  JSON.stringify(a.document) === JSON.stringify(b.document);

/**
 * The slides an edited deck adds, removes, moves and changes against `before`, matched by key,
 * numbered from 1 as each deck counts its slides (hidden ones too): first the file's slides in
 * its order, then the slides it removed in the version's order.
 *
 * - `added` lists the new slide's first words as `wordsAdded`, `removed` the old one's as
 *   `wordsRemoved`, so a slide titled alike is still recognised.
 * - `moved`: only the slides that changed place against the others (the fewest that explain the
 *   new order); the slides after an added or removed one are renumbered, not moved.
 * - `changed`: its words taken out and put in; hidden in the file or shown again sets `hidden`
 *   (a slide can change only in that, with no words). A slide moved and changed is listed twice.
 *   A change of look only (a colour, a picture's place) is a change with no words.
 */
export function compareEditedDecks(before: EditedDeck, after: EditedDeck): SlideChange[] {
  const oldPlaces = new Map(before.slides.map((slide, i) => [slide.key, i]));
  const newKeys = new Set(after.slides.map((slide) => slide.key));
  const stayed = (list: readonly EditedSlide[], other: { has(key: string): boolean }) =>
    list.filter((slide) => other.has(slide.key)).map((slide) => slide.key);
  const oldOrder = stayed(before.slides, newKeys);
  const newOrder = stayed(after.slides, oldPlaces);
  // Keys are unique, so there are at most MAX_EDITED_SLIDES of them: always compared in order.
  const kept = keptInOrder(oldOrder, newOrder)!;
  const moved = new Set(newOrder.filter((_, i) => !kept.inB[i]));

  const changes: SlideChange[] = [];
  after.slides.forEach((slide, i) => {
    const number = i + 1;
    const title = editedSlideTitle(slide);
    const place = oldPlaces.get(slide.key);
    if (place === undefined) {
      changes.push({
        kind: 'added',
        number,
        title,
        wordsRemoved: [],
        wordsAdded: editedSlideWords(slide).slice(0, MAX_CHANGED_WORDS),
      });
      return;
    }
    const from = place + 1;
    const previous = before.slides[place]!;
    if (moved.has(slide.key)) {
      changes.push({ kind: 'moved', number, from, title, wordsRemoved: [], wordsAdded: [] });
    }
    const isShownAlike = previous.hidden === slide.hidden;
    if (isShownAlike && sameSlide(previous, slide)) return;
    changes.push({
      kind: 'changed',
      number,
      from,
      title,
      ...changedWords(editedSlideWords(previous), editedSlideWords(slide)),
      ...(isShownAlike ? {} : { hidden: slide.hidden }),
    });
  });
  before.slides.forEach((slide, i) => {
    if (newKeys.has(slide.key)) return;
    changes.push({
      kind: 'removed',
      number: i + 1,
      title: editedSlideTitle(slide),
      wordsRemoved: editedSlideWords(slide).slice(0, MAX_CHANGED_WORDS),
      wordsAdded: [],
    });
  });
  return changes;
}
