/**
 * `text` ending a sentence: a full stop is added unless it already ends in one (or in "!",
 * "?" or "…"), so "Big Buyer Inc." does not become "Big Buyer Inc..".
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
