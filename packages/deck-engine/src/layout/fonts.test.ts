import { describe, expect, it } from 'vitest';
import { missingCharacters, shapeWord } from './fonts.ts';

const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0)!);

describe('shapeWord', () => {
  it('gives every character to exactly one glyph, in order (copying text from the PDF)', () => {
    for (const word of ['Frostline', '$5,500.00', 'q\u0303', 'e\u0301te\u0301', '10:30', '->']) {
      const glyphs = shapeWord(word, 'regular').glyphs;
      expect(
        glyphs.flatMap((glyph) => glyph.codePoints),
        word,
      ).toEqual(codePoints(word));
    }
  });

  it('gives each glyph its own character when a cluster has one glyph per character', () => {
    const glyphs = shapeWord('Frostline', 'bold').glyphs;
    expect(glyphs.map((glyph) => glyph.codePoints.length)).toEqual(Array(9).fill(1));
  });

  it('measures with kerning: "AV" is narrower than "A" and "V" apart', () => {
    const pair = shapeWord('AV', 'regular').advance;
    expect(pair).toBeLessThan(
      shapeWord('A', 'regular').advance + shapeWord('V', 'regular').advance,
    );
  });
});

describe('missingCharacters', () => {
  it('names characters the font cannot draw, marks inside a cluster and odd spaces included', () => {
    expect(missingCharacters('東京 Foods', 'regular')).toEqual(['東', '京']);
    expect(missingCharacters('a\u0308\u0345\u1dff', 'regular')).toEqual(['\u0345']);
    expect(missingCharacters('line\u000bbreak', 'bold')).toEqual(['\u000b']);
  });

  it("finds nothing in accented Latin, figures and the deck's punctuation", () => {
    expect(missingCharacters('Café Ørsted Łódź — $5,500.00 • “quoted” …', 'semibold')).toEqual([]);
  });
});
