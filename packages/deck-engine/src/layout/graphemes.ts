// A word's graphemes, the pieces font fallback gives a face each.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * Characters that join no character before or after them into one grapheme (Unicode's grapheme
 * break classes Other and Control, neither a mark nor a joiner, nor Hangul): printable ASCII and
 * Latin-1, general punctuation, word joiner and isolates, CJK punctuation, kana (not the combining
 * sound marks), ideographs, full-width forms (not the half-width sound marks). A word of them
 * only is split character by character, as the segmenter would, without it: ~25 µs a word of
 * Japanese, which every new line-so-far of a Japanese text is.
 */
const SINGLE_CHARACTER_GRAPHEMES =
  /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u00FF\u2010-\u2027\u2030-\u205E\u2060\u2066-\u2069\u3000-\u3029\u3030-\u303F\u3041-\u3096\u309B-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF01-\uFF9D\uFFE0-\uFFEE]*$/;

/** A word's graphemes (a letter with its marks, a whole emoji): what is set in one face. */
export function graphemesOf(word: string): string[] {
  if (SINGLE_CHARACTER_GRAPHEMES.test(word)) return word.split('');
  return Array.from(graphemes.segment(word), (piece) => piece.segment);
}
