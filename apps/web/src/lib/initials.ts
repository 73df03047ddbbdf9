const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A word's first user-perceived character: a whole emoji or accented letter, never half of one. */
function firstGrapheme(word: string): string {
  for (const { segment } of graphemes.segment(word)) return segment;
  return '';
}

/**
 * At most two characters for an avatar (SPEC.md section 9): the first and last names' first
 * characters, taken by grapheme so an emoji or a combining accent stays whole.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? [words[0]!] : [words[0]!, words.at(-1)!];
  return picked.map((word) => firstGrapheme(word).toUpperCase()).join('');
}
