// fontkit ships no types; the reference carries our declaration into every program that
// compiles this file (the bench and the server too), which an `include` pattern cannot.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/** The weights the deck uses; every renderer draws with these exact TTF files (Inter, OFL). */
export type FontWeight = 'regular' | 'medium' | 'semibold' | 'bold';
export const FONT_WEIGHTS: readonly FontWeight[] = ['regular', 'medium', 'semibold', 'bold'];

const FONT_FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  medium: '@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf',
  semibold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
};

/** The family and weight names PowerPoint needs to pick the same face when Inter is installed. */
export const PPTX_FONT_FACE: Record<FontWeight, { face: string; bold: boolean }> = {
  regular: { face: 'Inter', bold: false },
  medium: { face: 'Inter Medium', bold: false },
  semibold: { face: 'Inter SemiBold', bold: false },
  bold: { face: 'Inter', bold: true },
};

export interface LoadedFont {
  weight: FontWeight;
  bytes: Buffer;
  font: Font;
  /** Ascent and descent per point of font size (descent negative). */
  ascent: number;
  descent: number;
}

const require = createRequire(import.meta.url);
const loaded = new Map<FontWeight, LoadedFont>();

/** Loads (once per process or worker) and answers one weight of the bundled font. */
export function getFont(weight: FontWeight): LoadedFont {
  let entry = loaded.get(weight);
  if (!entry) {
    const bytes = readFileSync(require.resolve(FONT_FILES[weight]));
    const font = create(bytes);
    entry = {
      weight,
      bytes,
      font,
      ascent: font.ascent / font.unitsPerEm,
      descent: font.descent / font.unitsPerEm,
    };
    loaded.set(weight, entry);
  }
  return entry;
}

export interface ShapedGlyph {
  id: number;
  /** Pen position of the glyph within its word, in font units. */
  x: number;
}

export interface ShapedWord {
  /** Advance at 1 pt. */
  width: number;
  /** Advance in font units. */
  advance: number;
  glyphs: ShapedGlyph[];
}

const wordCache = new Map<string, ShapedWord>();

/**
 * One word shaped (substitutions and kerning) with the real font, cached per process. Text is
 * shaped word by word everywhere, as pdfkit does, so the layout, the PDF and the SVG agree on
 * every advance and a word is shaped once however many lines, slides and decks repeat it.
 */
export function shapeWord(word: string, weight: FontWeight): ShapedWord {
  const key = `${weight}\u0000${word}`;
  let shaped = wordCache.get(key);
  if (!shaped) {
    const { font } = getFont(weight);
    const run = font.layout(word);
    let pen = 0;
    const glyphs = run.glyphs.map((glyph, i) => {
      const position = run.positions[i];
      const x = pen + (position?.xOffset ?? 0);
      pen += position?.xAdvance ?? glyph.advanceWidth;
      return { id: glyph.id, x };
    });
    shaped = { width: pen / font.unitsPerEm, advance: pen, glyphs };
    // Bounded, so a long-running worker stays lean.
    if (wordCache.size > 50_000) wordCache.clear();
    wordCache.set(key, shaped);
  }
  return shaped;
}

/** Advance width of `text` at 1 pt: its words' shaped advances plus the spaces between them. */
export function unitWidth(text: string, weight: FontWeight): number {
  if (!text.includes(' ')) return shapeWord(text, weight).width;
  const space = shapeWord(' ', weight).width;
  const words = text.split(' ');
  let width = space * (words.length - 1);
  for (const word of words) if (word !== '') width += shapeWord(word, weight).width;
  return width;
}

export function measureText(text: string, weight: FontWeight, size: number): number {
  return unitWidth(text, weight) * size;
}
