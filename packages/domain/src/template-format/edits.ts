import { bindingPattern } from './bindings.ts';
import { paragraphText, type TemplateParagraph, type TemplateTextRun } from './paragraphs.ts';

// The studio's edits of a text's words: typing into styled runs, and styling or linking the words
// a person chose. Each takes a paragraph or runs and gives new ones; nothing is changed in place.

/**
 * Runs with their words edited to read `next`, each word keeping its run's style: what the edit
 * left alone stays where it was, and typed words take the style of the character before them
 * (the first run's at the start), as typing in a word processor does. `caret`, where the caret
 * stands after the edit, tells which of two like characters was typed ("Caring" + " " before
 * " about").
 */
export function editRuns(
  runs: readonly TemplateTextRun[],
  next: string,
  caret?: number,
): TemplateTextRun[] {
  const previous = runs.map((run) => run.text).join('');
  const samePrefix = (bound: number) => {
    let n = 0;
    while (n < bound && previous[n] === next[n]) n += 1;
    return n;
  };
  const sameSuffix = (bound: number) => {
    let n = 0;
    while (n < bound && previous[previous.length - 1 - n] === next[next.length - 1 - n]) n += 1;
    return n;
  };
  const shorter = Math.min(previous.length, next.length);
  // Without a caret the longest unchanged start is kept first; with one, what follows the caret.
  let prefix: number;
  let suffix: number;
  if (caret === undefined) {
    prefix = samePrefix(shorter);
    suffix = sameSuffix(shorter - prefix);
  } else {
    suffix = sameSuffix(Math.min(previous.length, Math.max(0, next.length - caret)));
    prefix = samePrefix(shorter - suffix);
  }
  const typed = next.slice(prefix, next.length - suffix);
  const removedTo = previous.length - suffix;
  const edited: TemplateTextRun[] = [];
  let start = 0;
  let isTypedPlaced = typed === '';
  for (const run of runs) {
    const end = start + run.text.length;
    const kept = (from: number, to: number) =>
      run.text.slice(Math.max(0, from - start), Math.max(0, Math.min(end, to) - start));
    let text = kept(start, prefix);
    if (!isTypedPlaced && (prefix > start || start === 0) && prefix <= end) {
      text += typed;
      isTypedPlaced = true;
    }
    text += kept(Math.max(start, removedTo), end);
    if (text !== '') edited.push({ ...run, text });
    start = end;
  }
  if (!isTypedPlaced) edited.push({ ...runs.at(-1), text: typed });
  return edited.length > 0 ? edited : [{ ...runs[0], text: '' }];
}

/** What the studio sets on chosen words: bold, italic or underlined. */
export type WordStyle = 'bold' | 'italic' | 'underline';

const runHas = (run: TemplateTextRun, style: WordStyle) =>
  style === 'bold' ? run.weight === 'bold' : run[style] === true;

/** Whether two runs look alike (their words aside): one run could hold both. */
export const sameRunLook = (a: Omit<TemplateTextRun, 'text'>, b: Omit<TemplateTextRun, 'text'>) =>
  a.weight === b.weight &&
  a.size === b.size &&
  a.font === b.font &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.color === b.color &&
  a.script === b.script &&
  a.link === b.link;

/** A paragraph's runs cut where a range starts and ends, each piece marked chosen or not. */
function cutRuns(paragraph: TemplateParagraph, range: { from: number; to: number }) {
  const runs =
    typeof paragraph !== 'string' && 'runs' in paragraph
      ? paragraph.runs
      : [{ text: paragraphText(paragraph) }];
  const whole = runs.map((run) => run.text).join('');
  let { from, to } = range;
  // A binding the range cuts into is taken whole.
  for (const match of whole.matchAll(bindingPattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (from > start && from < end) from = start;
    if (to > start && to < end) to = end;
  }
  const pieces: { run: TemplateTextRun; isChosen: boolean }[] = [];
  if (from >= to) return { whole, pieces };
  let at = 0;
  for (const run of runs) {
    const end = at + run.text.length;
    const cuts = [at, ...[from, to].filter((cut) => cut > at && cut < end), end];
    for (let i = 0; i + 1 < cuts.length; i += 1) {
      const text = run.text.slice(cuts[i]! - at, cuts[i + 1]! - at);
      if (text !== '')
        pieces.push({ run: { ...run, text }, isChosen: cuts[i]! >= from && cuts[i + 1]! <= to });
    }
    at = end;
  }
  return { whole, pieces };
}

/**
 * The paragraph with its chosen words changed by `change`: as runs (alike neighbours joined), or
 * as plain text when no word is set apart any more; unchanged when nothing is chosen.
 */
function changeWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
  change: (run: TemplateTextRun, chosen: readonly TemplateTextRun[]) => TemplateTextRun,
): TemplateParagraph {
  const when = typeof paragraph === 'string' ? undefined : paragraph.when;
  const { whole, pieces } = cutRuns(paragraph, range);
  if (pieces.length === 0) return paragraph;
  const chosen = pieces.filter((piece) => piece.isChosen).map((piece) => piece.run);
  const joined: TemplateTextRun[] = [];
  for (const { run, isChosen } of pieces) {
    const changed = isChosen ? change(run, chosen) : run;
    const last = joined.at(-1);
    if (last && sameRunLook(last, changed)) last.text += changed.text;
    else joined.push({ ...changed });
  }
  if (joined.every((run) => Object.keys(run).length === 1)) {
    return when ? { text: whole, when } : whole;
  }
  return { runs: joined, ...(when ? { when } : {}) };
}

/**
 * The paragraph with the words from `from` to `to` (character offsets) made bold, italic or
 * underlined, or made plain again when all of them already are: as runs, or as plain text when no
 * word is styled apart any more. A binding the range cuts into is styled whole.
 */
export function styleWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
  style: WordStyle,
): TemplateParagraph {
  return changeWords(paragraph, range, (run, chosen) => {
    const isOn = chosen.every((piece) => runHas(piece, style));
    const { weight: _weight, ...rest } = run;
    if (style === 'bold') return isOn ? rest : { ...rest, weight: 'bold' as const };
    const { [style]: _old, ...others } = run;
    return isOn ? others : { ...others, [style]: true };
  });
}

/**
 * The paragraph with the words from `from` to `to` linked to `link` (a web page or an e-mail
 * address; underlined, so a reader sees it is one), or no longer linked when `link` is null (their
 * underline stays: the editor takes it off as any other). A binding the range cuts into is
 * linked whole.
 */
export function linkWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
  link: string | null,
): TemplateParagraph {
  return changeWords(paragraph, range, (run) => {
    const { link: _old, ...rest } = run;
    return link === null ? rest : { ...rest, link, underline: true };
  });
}

/** The link every one of the chosen words has, when they have one and the same; else null. */
export function linkOfWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
): string | null {
  const chosen = cutRuns(paragraph, range).pieces.filter((piece) => piece.isChosen);
  const first = chosen[0]?.run.link;
  return first && chosen.every((piece) => piece.run.link === first) ? first : null;
}
