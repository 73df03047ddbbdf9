import { describe, expect, it } from 'vitest';
import { graphemesOf } from './graphemes.ts';

describe('graphemesOf', () => {
  it('splits a word into the graphemes the segmenter finds, by its shortcut or not', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const segmented = (text: string) => Array.from(segmenter.segment(text), (p) => p.segment);
    // Every character the shortcut takes stands alone after a letter, before one and beside
    // itself: a mark, a joiner, a prepended sign, a regional indicator or a Hangul jamo among
    // them would join a neighbour.
    let taken = 0;
    const joined: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      const word = `a${char}${char}a`;
      if (graphemesOf(word).length !== 4) continue;
      taken += 1;
      if (segmented(word).length !== 4) joined.push(`U+${code.toString(16)}`);
    }
    expect(joined).toEqual([]);
    expect(taken).toBeGreaterThan(30_000);
    for (const word of [
      '株式会社トヨタ自動車、東京本社「第2棟」',
      '\u2068\u2060株式会社\u2069様',
      'か\u3099き\u309Aｶﾞ',
      'e\u0301te\u0301',
      '👍🏽🇯🇵👨‍👩‍👧',
      '한국어',
      'कि\r\n',
    ]) {
      expect(graphemesOf(word), word).toEqual(segmented(word));
    }
  });
});
