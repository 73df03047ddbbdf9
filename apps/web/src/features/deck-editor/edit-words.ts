import type { TemplateParagraph } from '@deck-portal/domain';

type TextValue = string | TemplateParagraph[];

/**
 * A text's words as one string to type into: a string as it is; a list of paragraphs with a
 * blank line between them (as the studio shows a list).
 */
export function wordsOf(text: TextValue): string {
  if (typeof text === 'string') return text;
  return text.map(paragraphWords).join('\n\n');
}

function paragraphWords(paragraph: TemplateParagraph): string {
  if (typeof paragraph === 'string') return paragraph;
  return 'runs' in paragraph ? paragraph.runs.map((run) => run.text).join('') : paragraph.text;
}

/**
 * The text with its words changed to `next`, keeping what it can of how they are written: a
 * string stays a string; a list keeps each paragraph's runs (their weights, colours, links),
 * the typed change going into the run where it begins. A paragraph typed in or out (a blank
 * line added or removed) makes the list follow, new paragraphs plain.
 */
export function withWords(text: TextValue, next: string): TextValue {
  if (typeof text === 'string') return next;
  const typed = next.split(/\n{2,}/);
  if (typed.length !== text.length) {
    // Paragraphs added or removed: those that still read the same keep their runs.
    return typed.map((words, i) =>
      text[i] !== undefined && paragraphWords(text[i]) === words ? text[i] : words,
    );
  }
  return text.map((paragraph, i) => withParagraphWords(paragraph, typed[i]!));
}

function withParagraphWords(paragraph: TemplateParagraph, next: string): TemplateParagraph {
  const before = paragraphWords(paragraph);
  if (before === next) return paragraph;
  if (typeof paragraph === 'string') return next;
  if (!('runs' in paragraph)) return { ...paragraph, text: next };
  // The changed stretch: what lies between the words both keep at the start and at the end.
  let start = 0;
  while (start < before.length && start < next.length && before[start] === next[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < next.length - start &&
    before[before.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  const removedTo = before.length - end;
  const inserted = next.slice(start, next.length - end);
  let at = 0;
  let isInserted = false;
  const runs = paragraph.runs.map((run) => {
    const from = at;
    const to = at + run.text.length;
    at = to;
    // What of the changed stretch this run held goes; the typed words go where it begins.
    const keepHead = run.text.slice(0, Math.max(0, Math.min(start, to) - from));
    const keepTail = run.text.slice(Math.max(0, Math.min(to, Math.max(removedTo, from)) - from));
    // Words typed right after a run's words are written as that run (as PowerPoint types them).
    const isHere = !isInserted && (start === 0 ? from === 0 : start > from && start <= to);
    if (isHere) isInserted = true;
    return { ...run, text: keepHead + (isHere ? inserted : '') + keepTail };
  });
  const kept = runs.filter((run) => run.text !== '');
  return { ...paragraph, runs: kept.length > 0 ? kept : [{ ...runs[0]!, text: '' }] };
}
