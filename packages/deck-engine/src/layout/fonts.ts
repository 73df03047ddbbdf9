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

const widthCache = new Map<string, number>();

/** Advance width of `text` at 1 pt, with kerning, from the real font metrics (cached). */
export function unitWidth(text: string, weight: FontWeight): number {
  const key = `${weight}\u0000${text}`;
  let width = widthCache.get(key);
  if (width === undefined) {
    const { font } = getFont(weight);
    width = font.layout(text).advanceWidth / font.unitsPerEm;
    // Words repeat across slides and decks; a bounded cache keeps long-running workers lean.
    if (widthCache.size > 50_000) widthCache.clear();
    widthCache.set(key, width);
  }
  return width;
}

export function measureText(text: string, weight: FontWeight, size: number): number {
  return unitWidth(text, weight) * size;
}
