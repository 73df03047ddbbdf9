import { describe, expect, it } from 'vitest';
import { shapeWord } from './fonts.ts';

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
