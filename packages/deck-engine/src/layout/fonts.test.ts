import { describe, expect, it } from 'vitest';
import {
  charactersTheFaceLacks,
  faceOf,
  fontSegments,
  getFont,
  measureText,
  missingCharacters,
  shapeWord,
  type FontFace,
} from './fonts.ts';

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
  it('names characters no font can draw, odd spaces included', () => {
    expect(missingCharacters('東京 \u0378Foods', 'regular')).toEqual(['\u0378']);
    expect(missingCharacters('line\u000bbreak', 'bold')).toEqual(['\u000b']);
  });

  it('leaves out what a fallback family draws', () => {
    expect(missingCharacters('東京 شركة 삼성 🎉 a\u0308\u0345', 'regular')).toEqual([]);
    expect(charactersTheFaceLacks('東京 a\u0308\u0345', 'regular')).toEqual(['東', '京', '\u0345']);
  });

  it("finds nothing in accented Latin, figures and the deck's punctuation", () => {
    expect(missingCharacters('Café Ørsted Łódź — $5,500.00 • “quoted” …', 'semibold')).toEqual([]);
  });
});

describe('fontSegments', () => {
  const families = (word: string, face: FontFace = 'regular') =>
    fontSegments(word, face).map((segment) => [segment.text, segment.face]);

  it("keeps a word the text's face has whole", () => {
    expect(families('Ørsted')).toEqual([['Ørsted', 'regular']]);
  });

  it('gives each script to the family that has it, at the same weight', () => {
    expect(families('Acme東京', 'bold')).toEqual([
      ['Acme', 'bold'],
      ['東京', 'Noto Sans JP/bold'],
    ]);
    expect(families('삼성전자')).toEqual([['삼성전자', 'Noto Sans KR/regular']]);
    expect(families('شركة')).toEqual([['شركة', 'Noto Sans Arabic/regular']]);
    expect(families('टाटा')).toEqual([['टाटा', 'Noto Sans Devanagari/regular']]);
    expect(families('🍦🎉')).toEqual([['🍦🎉', 'Noto Emoji/regular']]);
    expect(families('1\uFE0F\u20E3')).toEqual([['1\uFE0F\u20E3', 'Noto Emoji/regular']]);
  });

  it('sets Chinese with characters Japanese fonts lack in the Chinese family, all of it', () => {
    expect(families('华为技术')).toEqual([['华为技术', 'Noto Sans SC/regular']]);
  });

  it('keeps punctuation with the script before it, and figures in the text’s face', () => {
    expect(families('東京、大阪。2026年')).toEqual([
      ['東京、大阪。', 'Noto Sans JP/regular'],
      ['2026', 'regular'],
      ['年', 'Noto Sans JP/regular'],
    ]);
  });

  it('leaves a character no family has in the text’s face', () => {
    expect(families('a\u0378')).toEqual([['a\u0378', 'regular']]);
  });

  it('draws as an empty box every ideograph a face lacks, as its shortcut for new words assumes', () => {
    // A word with an ideograph its face lacks is split without being shaped in that face first.
    for (const face of ['regular', 'bold', 'Arimo/regular', 'DejaVu Sans/bold'] as FontFace[]) {
      const drawnOtherwise: string[] = [];
      for (const [from, to] of [
        [0x3400, 0x4dbf],
        [0x4e00, 0x9fff],
      ] as const) {
        for (let code = from; code <= to; code += 1) {
          const char = String.fromCharCode(code);
          if (getFont(face).shaper.nominalGlyph(code) !== undefined) continue;
          if (shapeWord(`a${char}1`, face).missing.length === 0) drawnOtherwise.push(char);
        }
      }
      expect(drawnOtherwise, face).toEqual([]);
    }
    expect(fontSegments('第5支店', 'regular').map((segment) => segment.face)).toEqual([
      'Noto Sans JP/regular',
      'regular',
      'Noto Sans JP/regular',
    ]);
  });

  it('answers a word asked again from what it kept, and keeps a bounded number of words', () => {
    const first = fontSegments('東京本社', 'regular');
    // A second deck's same text finds the same split, not a new one.
    expect(fontSegments('東京本社', 'regular')).toBe(first);
    for (let i = 0; i < 20_000; i += 1) fontSegments(`${i}支店`, 'regular');
    // Twenty thousand other words later it was let go, and is split anew the same way.
    const again = fontSegments('東京本社', 'regular');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('the bundled stand-in for wide humanist sans faces', () => {
  it('sets DejaVu Sans wider than the built-in family, in its own bold and oblique faces', () => {
    const text = 'Caring about students and their support';
    const dejaVu = measureText(text, faceOf('DejaVu Sans', 'regular'), 20);
    expect(dejaVu).toBeGreaterThan(measureText(text, 'regular', 20) * 1.04);
    expect(getFont(faceOf('DejaVu Sans', 'bold')).familyName).toBe('DejaVu Sans');
    expect(getFont(faceOf('DejaVu Sans', 'regular', true)).familyName).toBe('DejaVu Sans');
    expect(getFont(faceOf('DejaVu Sans', 'regular', true)).font.postscriptName).toBe(
      'DejaVuSans-Oblique',
    );
  });
});
