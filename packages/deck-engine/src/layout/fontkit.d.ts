// fontkit 2 ships no type declarations; this is the small part of its API the engine uses.
declare module 'fontkit' {
  export interface Path {
    toSVG(): string;
  }
  export interface Glyph {
    id: number;
    path: Path;
    advanceWidth: number;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
    /** Ink bounds of the run in font units (y up). */
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    /** From the baseline, in font units (negative: below it). */
    underlinePosition: number;
    underlineThickness: number;
    postscriptName: string;
    familyName: string;
    subfamilyName: string;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    createSubset(): { includeGlyph(glyph: Glyph | number): number; encode(): Uint8Array };
    layout(text: string): GlyphRun;
    getGlyph(id: number): Glyph;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

declare module 'wawoff2' {
  export function decompress(bytes: Uint8Array): Promise<Uint8Array>;
  export function compress(bytes: Uint8Array): Promise<Uint8Array>;
}

// linebreak ships no type declarations either: the Unicode line-breaking rules, break by break.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next place a line may end (`position` is a UTF-16 offset), or null past the end. */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
