/**
 * `text` ending a sentence: a full stop is added unless it already ends in one (or in "!",
 * "?" or "…"), so "Big Buyer Inc." does not become "Big Buyer Inc..".
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A value inserted into a sentence is isolated for the Unicode bidirectional algorithm
 * (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE): its own direction comes from its own first
 * letter, and it moves as one block among the sentence's words, so an Arabic company name
 * never pulls the date after it into "Prepared for …".
 */
export const ISOLATE_START = '\u2068';
export const ISOLATE_END = '\u2069';
/**
 * Right after {@link ISOLATE_START}, a WORD JOINER says the value is a name: the layout keeps
 * it whole on a line whenever it fits one. It never reaches a rendered file.
 */
export const KEEP_WHOLE = '\u2060';

/** The values that are names: a client's, a contact's, a company's, the rep's. */
const NAME_PATHS: ReadonlySet<string> = new Set([
  'client.name',
  'contact.name',
  'rep.name',
  'rep.nameAndTitle',
  'brand.name',
  'brand.legalName',
]);

/**
 * A value as inserted into a slide's text (see {@link ISOLATE_START}): isolated, and kept whole
 * when the binding is a name. An empty value stays empty.
 */
export function insertedValue(path: string, value: string): string {
  if (value === '') return '';
  return `${ISOLATE_START}${NAME_PATHS.has(path) ? KEEP_WHOLE : ''}${value}${ISOLATE_END}`;
}

/** A text with the marks of {@link insertedValue} taken out: what a reader or a search sees. */
export function withoutInsertionMarks(text: string): string {
  return text.replace(/\u2068\u2060?|\u2069/g, '');
}
