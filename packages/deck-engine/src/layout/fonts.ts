// fontkit ships no types; the reference carries our declaration into every program that
// compiles this file (the bench and the server too), which an `include` pattern cannot.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import {
  Blob as HbBlob,
  Buffer as HbBuffer,
  Direction as HbDirection,
  Face as HbFace,
  Font as HbFont,
  shape,
} from 'harfbuzzjs';
import { graphemesOf } from './graphemes.ts';

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

/**
 * A face the engine draws with: a weight of the built-in family (`bold`), or a weight of a
 * family registered by {@link registerFontFamily} (`font-3fa2…/bold`); a family's italics are
 * the family named with {@link ITALIC} (`Arimo+italic/bold`).
 */
export type FontFace = FontWeight | `${string}/${FontWeight}`;

/** What a family's name ends with to name its italic faces. */
export const ITALIC = '+italic';
const BUILT_IN_FAMILY = 'Inter';

/** The face of `weight` in `family` (the built-in family when there is none), italic or not. */
export function faceOf(family: string | undefined, weight: FontWeight, italic = false): FontFace {
  if (italic) return `${family ?? BUILT_IN_FAMILY}${ITALIC}/${weight}`;
  return family ? `${family}/${weight}` : weight;
}

export interface LoadedFont {
  weight: FontWeight;
  /** The family's name as its file gives it (`Inter` for the built-in family). */
  familyName: string;
  bytes: Buffer;
  /** The font as fontkit parsed it: what pdfkit embeds and subsets, and the glyph outlines. */
  font: Font;
  /** The same font in HarfBuzz: what shapes the words. */
  shaper: HbFont;
  unitsPerEm: number;
  /** Ascent and descent per point of font size (descent negative). */
  ascent: number;
  descent: number;
}

const require = createRequire(import.meta.url);
const loaded = new Map<FontFace, LoadedFont>();

/** The parts of fontkit 2's TrueType font the `post` shortcut below relies on. */
interface FontkitTables {
  _tables?: Record<string, unknown>;
  directory?: { tables?: Record<string, { tag: string; offset: number; length: number }> };
  _decodeTable?: (entry: unknown) => Record<string, unknown>;
}

/** The glyph-name fields of a `post` table (versions 2, 2.5 and 4), after its header. */
const POST_NAME_FIELDS = ['numberOfGlyphs', 'glyphNameIndex', 'names', 'offsets', 'map'];

/**
 * fontkit decodes a face's whole `post` table, with a name for each of Inter's 2,679 glyphs,
 * the first time anything reads it; pdfkit reads only its header when it embeds the face (the
 * italic angle, fixed pitch) and {@link underlineOf} the underline's place: ~12 ms a face on a
 * fresh process. The table is given its header, read from the file as fontkit reads it (fixed
 * 16.16, int16, uint32), and fontkit decodes the glyph names when first asked for them. Only
 * for a plain TrueType or OpenType file, where the table's offset is into `bytes`.
 */
function postHeaderFirst(font: Font, bytes: Buffer): void {
  const tables = font as unknown as FontkitTables;
  const entry = tables.directory?.tables?.post;
  const decode = tables._decodeTable;
  if (!isSfnt(bytes) || !tables._tables || 'post' in tables._tables || typeof decode !== 'function')
    return;
  if (!entry || entry.length < 32 || entry.offset + 32 > bytes.length) return;
  const at = entry.offset;
  let whole: Record<string, unknown> | undefined;
  const post: Record<string, unknown> = {
    version: bytes.readInt32BE(at) / 65536,
    italicAngle: bytes.readInt32BE(at + 4) / 65536,
    underlinePosition: bytes.readInt16BE(at + 8),
    underlineThickness: bytes.readInt16BE(at + 10),
    isFixedPitch: bytes.readUInt32BE(at + 12),
    minMemType42: bytes.readUInt32BE(at + 16),
    maxMemType42: bytes.readUInt32BE(at + 20),
    minMemType1: bytes.readUInt32BE(at + 24),
    maxMemType1: bytes.readUInt32BE(at + 28),
  };
  for (const field of POST_NAME_FIELDS) {
    Object.defineProperty(post, field, {
      get: () => (whole ??= decode.call(font, entry))[field],
      enumerable: true,
    });
  }
  tables._tables.post = post;
}

/**
 * fontkit reads a glyph's advance and side bearing through a lazily decoded array of
 * structures: on a fresh process each first read costs a structure decode (the PDF's subsets
 * read one per glyph drawn, ~200 a face). The `hmtx` table is read from the file instead, the
 * same two numbers per glyph (uint16 advance, int16 bearing; then int16 bearings), which is all
 * fontkit reads of it. Only for a plain TrueType or OpenType file, as {@link postHeaderFirst}.
 */
function metricsFromFile(font: Font, bytes: Buffer): void {
  const tables = font as unknown as FontkitTables & {
    hhea?: { numberOfMetrics?: number };
    maxp?: { numGlyphs?: number };
  };
  const entry = tables.directory?.tables?.hmtx;
  if (!isSfnt(bytes) || !tables._tables || 'hmtx' in tables._tables || !entry) return;
  const count = tables.hhea?.numberOfMetrics ?? 0;
  const glyphs = tables.maxp?.numGlyphs ?? 0;
  const at = entry.offset;
  if (count === 0 || glyphs < count || at + count * 4 + (glyphs - count) * 2 > bytes.length) return;
  const read: Array<{ advance: number; bearing: number }> = [];
  tables._tables.hmtx = {
    metrics: {
      length: count,
      get: (i: number) =>
        i < 0 || i >= count
          ? undefined
          : (read[i] ??= {
              advance: bytes.readUInt16BE(at + i * 4),
              bearing: bytes.readInt16BE(at + i * 4 + 2),
            }),
    },
    bearings: {
      length: glyphs - count,
      get: (i: number) =>
        i < 0 || i >= glyphs - count ? undefined : bytes.readInt16BE(at + count * 4 + i * 2),
    },
  };
}

/** A plain TrueType or OpenType file (not a collection, WOFF or WOFF2). */
function isSfnt(bytes: Buffer): boolean {
  const kind = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
  return kind === 0x00010000 || kind === 0x74727565 || kind === 0x4f54544f;
}

function loadFont(weight: FontWeight, bytes: Buffer): LoadedFont {
  const font = create(bytes);
  postHeaderFirst(font, bytes);
  metricsFromFile(font, bytes);
  return {
    weight,
    familyName: font.familyName,
    bytes,
    font,
    shaper: new HbFont(new HbFace(new HbBlob(bytes))),
    unitsPerEm: font.unitsPerEm,
    ascent: font.ascent / font.unitsPerEm,
    descent: font.descent / font.unitsPerEm,
  };
}

/** Registered families' files, by family and weight (not parsed until drawn with). */
const families = new Map<string, Partial<Record<FontWeight, Buffer>>>();

/** Which weight stands in for a missing one: the nearest, heavier first for the bold ones. */
const standIns: Record<FontWeight, FontWeight[]> = {
  regular: ['regular', 'medium', 'semibold', 'bold'],
  medium: ['medium', 'regular', 'semibold', 'bold'],
  semibold: ['semibold', 'bold', 'medium', 'regular'],
  bold: ['bold', 'semibold', 'medium', 'regular'],
};

/**
 * Makes a family of uploaded font files (TTF or OTF, already checked) drawable under `family`:
 * a weight it lacks is drawn with its nearest one. Registering the same family again is free.
 */
export function registerFontFamily(
  family: string,
  files: Partial<Record<FontWeight, Uint8Array>>,
): void {
  if (families.has(family)) return;
  const buffers: Partial<Record<FontWeight, Buffer>> = {};
  for (const weight of FONT_WEIGHTS) {
    const file = files[weight];
    if (!file) continue;
    buffers[weight] = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    // Parsed now, so a file that is not a font is refused here rather than mid-deck.
    create(buffers[weight]);
  }
  if (Object.keys(buffers).length === 0) throw new Error(`font family ${family} has no files`);
  families.set(family, buffers);
}

/**
 * Families bundled beside Inter for imported PowerPoint files: metric-compatible stand-ins for
 * the fonts Office decks are set in (Arimo for Arial and Helvetica, Carlito for Calibri, Tinos
 * for Times New Roman, Caladea for Cambria), so an imported slide's lines break where the original's do;
 * and DejaVu Sans, nearest in width to Lucida Sans and Verdana. Loaded the first time a slide
 * draws with them.
 */
const bundledFamilies: Readonly<Record<string, Partial<Record<FontWeight, string>>>> = {
  Arimo: {
    regular: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
    bold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  },
  Carlito: {
    regular: '@expo-google-fonts/carlito/400Regular/Carlito_400Regular.ttf',
    bold: '@expo-google-fonts/carlito/700Bold/Carlito_700Bold.ttf',
  },
  Tinos: {
    regular: '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
    bold: '@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf',
  },
  Caladea: {
    regular: '@expo-google-fonts/caladea/400Regular/Caladea_400Regular.ttf',
    bold: '@expo-google-fonts/caladea/700Bold/Caladea_700Bold.ttf',
  },
  // The wide humanist sans of Lucida Sans and Verdana's proportions (Bitstream Vera licence).
  'DejaVu Sans': {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  },
};
/** Families whose italic files are not named as Google Fonts' packages name them. */
const ownItalics: Readonly<Record<string, Partial<Record<FontWeight, string>>>> = {
  'DejaVu Sans': {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
  },
};
const italicFiles = (family: string, weights: Partial<Record<FontWeight, string>>) =>
  Object.fromEntries(
    Object.entries(weights).map(([weight, style]) => [
      weight,
      `@expo-google-fonts/${family.toLowerCase()}/${style}_Italic/${family}_${style}_Italic.ttf`,
    ]),
  );
const bundledItalics: Readonly<Record<string, Partial<Record<FontWeight, string>>>> = {
  [`${BUILT_IN_FAMILY}${ITALIC}`]: italicFiles(BUILT_IN_FAMILY, {
    regular: '400Regular',
    medium: '500Medium',
    semibold: '600SemiBold',
    bold: '700Bold',
  }),
  ...Object.fromEntries(
    Object.keys(bundledFamilies).map((family) => [
      `${family}${ITALIC}`,
      ownItalics[family] ?? italicFiles(family, { regular: '400Regular', bold: '700Bold' }),
    ]),
  ),
};
export const BUNDLED_FONT_FAMILIES = Object.keys(bundledFamilies);

/**
 * The families that draw what a text's own font has no glyph for (Noto, OFL), each character
 * going to the first that has it: the East Asian scripts, the complex scripts, emoji, then Noto
 * Sans for the rest (Latin, Greek and Cyrillic extras). A file is read the first time a text
 * needs it, so a Latin deck never loads one.
 */
const fallbackPackages: Readonly<Record<string, string>> = {
  'Noto Sans JP': 'noto-sans-jp',
  'Noto Sans SC': 'noto-sans-sc',
  'Noto Sans TC': 'noto-sans-tc',
  'Noto Sans KR': 'noto-sans-kr',
  'Noto Sans Arabic': 'noto-sans-arabic',
  'Noto Sans Hebrew': 'noto-sans-hebrew',
  'Noto Sans Devanagari': 'noto-sans-devanagari',
  'Noto Sans Thai': 'noto-sans-thai',
  'Noto Emoji': 'noto-emoji',
  'Noto Sans Symbols 2': 'noto-sans-symbols-2',
  'Noto Sans': 'noto-sans',
};
/** Fallback families drawn in one weight only (bold text takes it too). */
const REGULAR_ONLY = new Set(['Noto Sans Symbols 2']);
export const FALLBACK_FONT_FAMILIES = Object.keys(fallbackPackages);
/** The characters a fallback family is for: it is not read to look for any other. */
const EAST_ASIAN_RANGE =
  /[\u1100-\u11FF\u2E80-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;
const fallbackRanges: Readonly<Record<string, RegExp>> = {
  'Noto Sans JP': EAST_ASIAN_RANGE,
  'Noto Sans SC': EAST_ASIAN_RANGE,
  'Noto Sans TC': EAST_ASIAN_RANGE,
  'Noto Sans KR': EAST_ASIAN_RANGE,
  'Noto Sans Arabic': /\p{Script_Extensions=Arabic}/u,
  'Noto Sans Hebrew': /\p{Script_Extensions=Hebrew}/u,
  'Noto Sans Devanagari': /\p{Script_Extensions=Devanagari}/u,
  'Noto Sans Thai': /\p{Script_Extensions=Thai}/u,
  'Noto Emoji': /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u20E3/u,
  // Arrows, technical signs, geometric shapes, symbols and dingbats: a symbol font's bullets
  // (a Wingdings arrowhead is ➢) and the marks people type between words.
  'Noto Sans Symbols 2':
    /[\u2190-\u21FF\u2300-\u23FF\u25A0-\u27BF\u27F0-\u27FF\u2900-\u297F\u2B00-\u2BFF]/u,
  'Noto Sans': /./su,
};
const fallbackFamilies: Readonly<Record<string, Partial<Record<FontWeight, string>>>> =
  Object.fromEntries(
    Object.entries(fallbackPackages).map(([family, pkg]) => {
      const file = (style: string) =>
        `@expo-google-fonts/${pkg}/${style}/${family.replace(/ /g, '')}_${style}.ttf`;
      return [
        family,
        REGULAR_ONLY.has(family)
          ? { regular: file('400Regular') }
          : { regular: file('400Regular'), bold: file('700Bold') },
      ];
    }),
  );

function bundledFamilyFiles(family: string) {
  const files = bundledFamilies[family] ?? bundledItalics[family] ?? fallbackFamilies[family];
  if (!files) return undefined;
  registerFontFamily(
    family,
    Object.fromEntries(
      Object.entries(files).map(([weight, path]) => [weight, readFileSync(require.resolve(path))]),
    ),
  );
  return families.get(family);
}

export function isFontFamilyRegistered(family: string): boolean {
  return families.has(family);
}

/** The families whose files this process has read (a Latin deck reads no fallback family). */
export function loadedFontFamilies(): string[] {
  return [...families.keys()];
}

/** The family of a face (`Noto Sans JP/bold` → `Noto Sans JP`; the built-in family's: Inter). */
export function familyOf(face: FontFace): string {
  const slash = face.lastIndexOf('/');
  return slash === -1 ? BUILT_IN_FAMILY : face.slice(0, slash);
}

/**
 * Single line spacing as a share of the size: 1.2, or the font's own line where it is taller
 * (Calibri's 1.22, as office suites set it). A shorter own line (Arial's 1.15) is not followed:
 * 1.2 measures far closer to the office suite's drawing of imported slides (ADR 026).
 */
export function singleSpacing(face: FontFace): number {
  const { ascent, descent } = getFont(face);
  return Math.max(1.2, ascent - descent);
}

/** Loads (once per process or worker) and answers one face: built in, or of a registered family. */
export function getFont(face: FontFace): LoadedFont {
  let entry = loaded.get(face);
  if (!entry) {
    const slash = face.lastIndexOf('/');
    const weight = (slash === -1 ? face : face.slice(slash + 1)) as FontWeight;
    if (slash === -1) {
      entry = loadFont(weight, readFileSync(require.resolve(FONT_FILES[weight])));
    } else {
      const family = face.slice(0, slash);
      const files = families.get(family) ?? bundledFamilyFiles(family);
      const file = files && standIns[weight].map((w) => files[w]).find(Boolean);
      const upright = family.endsWith(ITALIC) ? family.slice(0, -ITALIC.length) : undefined;
      // A family without italics draws them upright; a family not registered here (its files
      // did not arrive) draws in the built-in one.
      entry = file
        ? { ...loadFont(weight, file), weight }
        : upright !== undefined
          ? getFont(faceOf(upright === BUILT_IN_FAMILY ? undefined : upright, weight))
          : getFont(weight);
    }
    loaded.set(face, entry);
  }
  return entry;
}

export interface ShapedGlyph {
  id: number;
  /** Pen position of the glyph within its word, offsets applied, in font units. */
  x: number;
  y: number;
  /** Advance after shaping (kerning applied), in font units. */
  advance: number;
  /** The glyph's own advance from the font's metrics table, in font units. */
  nominalAdvance: number;
  /**
   * The characters this glyph stands for (copy and search in the PDF): a cluster's characters
   * spread in order over its glyphs that advance (none on a mark drawn over its letter).
   */
  codePoints: number[];
}

export interface ShapedWord {
  /** Advance at 1 pt. */
  width: number;
  /** Advance in font units. */
  advance: number;
  glyphs: ShapedGlyph[];
  /** Characters the font has no glyph for: they are drawn as empty boxes. */
  missing: string[];
}

/**
 * Where a face's underline is drawn, per point of size: its top edge below the baseline, and its
 * thickness (the font's own figures; a font without them gets a twentieth of the size).
 */
export function underlineOf(face: FontFace): { offset: number; thickness: number } {
  const { font, unitsPerEm } = getFont(face);
  const thickness = font.underlineThickness > 0 ? font.underlineThickness / unitsPerEm : 0.05;
  const position = font.underlinePosition < 0 ? -font.underlinePosition / unitsPerEm : 0.1;
  return { offset: position - thickness / 2, thickness };
}

// Shaped words by face, then by word: no key is built per lookup (a deck looks words up
// hundreds of thousands of times: the layout, the PDF and the SVG).
const wordCache = new Map<FontFace, Map<string, ShapedWord>>();
let cachedWords = 0;
// One HarfBuzz buffer, refilled for every word: shaping is synchronous, so it is never shared.
let buffer: HbBuffer | undefined;

/** A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko). */
export const RIGHT_TO_LEFT_LETTER =
  /(?=\p{L}|\p{M})[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * A right-to-left glyph's characters backwards: text tools read right-to-left glyphs from the
 * right and reverse what they find, so a letter and its vowel mark come out in order.
 */
function inReadingOrder(codePoints: number[], isRightToLeft: boolean): number[] {
  return isRightToLeft && codePoints.length > 1 ? [...codePoints].reverse() : codePoints;
}

/** A cluster's glyphs (their places in the shaped buffer), its characters, and their carriers. */
type ClusterOf = { glyphs: number[]; characters: number[]; carriers?: number[] };

/**
 * The glyphs of a cluster its characters go to: those that advance, one each and the rest on the
 * last, in order: no glyph with width is left without text (a copied word would gain a space
 * there), a mark carries none (text tools place it by its origin, after its letter), and the
 * characters still read in order (a vowel sign drawn before its letter).
 */
function carriersOf(glyphs: number[], advanceOf: (glyph: number) => number): number[] {
  const advancing = glyphs.filter((glyph) => advanceOf(glyph) !== 0);
  return advancing.length > 0 ? advancing : glyphs.slice(0, 1);
}

function codePointsOf(text: string): number[] {
  return Array.from(text, (char) => char.codePointAt(0)!);
}

/**
 * One word shaped by HarfBuzz (substitutions, contextual alternates and kerning) with the real
 * font, cached per process. Text is shaped word by word everywhere, so the layout, the PDF and
 * the SVG agree on every advance and a word is shaped once however often it repeats.
 */
export function shapeWord(word: string, face: FontFace): ShapedWord {
  let words = wordCache.get(face);
  if (!words) {
    words = new Map();
    wordCache.set(face, words);
  }
  let shaped = words.get(word);
  if (!shaped) {
    const { shaper, unitsPerEm } = getFont(face);
    buffer ??= new HbBuffer();
    buffer.clearContents();
    buffer.addText(word);
    buffer.guessSegmentProperties();
    // Right to left only for a word with a right-to-left letter: Arabic-Indic figures are
    // Arabic script but read left to right.
    const isRightToLeft = RIGHT_TO_LEFT_LETTER.test(word);
    buffer.setDirection(isRightToLeft ? HbDirection.RTL : HbDirection.LTR);
    shape(shaper, buffer);
    // Read as two arrays of plain objects: the combined reading defines four properties on each
    // glyph's object, which costs more than shaping a short word.
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    // Clusters are UTF-16 offsets into the word; a cluster's characters run up to the next
    // cluster's start (in either writing direction). Each cluster's glyphs, carriers and
    // characters are gathered once: a long word of Japanese (a line so far, as the wrapping
    // measures it) has as many clusters as characters.
    const clusters = new Map<number, ClusterOf>();
    for (const [i, info] of infos.entries()) {
      const known = clusters.get(info.cluster);
      if (known) known.glyphs.push(i);
      else clusters.set(info.cluster, { glyphs: [i], characters: [] });
    }
    const starts = [...clusters.keys()].sort((a, b) => a - b);
    for (const [i, start] of starts.entries()) {
      const cluster = clusters.get(start)!;
      cluster.characters = codePointsOf(word.slice(start, starts[i + 1] ?? word.length));
    }
    const advanceOf = (i: number) => positions[i]?.xAdvance ?? 0;
    let pen = 0;
    const glyphs = infos.map((info, i) => {
      const cluster = clusters.get(info.cluster)!;
      cluster.carriers ??= carriersOf(cluster.glyphs, advanceOf);
      const { characters, carriers } = cluster;
      const carried = carriers.indexOf(i);
      const glyph: ShapedGlyph = {
        id: info.codepoint,
        x: pen + (positions[i]?.xOffset ?? 0),
        y: positions[i]?.yOffset ?? 0,
        advance: advanceOf(i),
        nominalAdvance: shaper.glyphHAdvance(info.codepoint),
        codePoints:
          carried === -1
            ? []
            : inReadingOrder(
                characters.slice(
                  carried,
                  carried === carriers.length - 1 ? undefined : carried + 1,
                ),
                isRightToLeft,
              ),
      };
      pen += glyph.advance;
      return glyph;
    });
    // A cluster with an empty box: name the characters the font's character map lacks.
    const missing = new Set<string>();
    for (const info of infos) {
      if (info.codepoint !== 0) continue;
      const { characters } = clusters.get(info.cluster)!;
      const lacking = characters.filter((cp) => shaper.nominalGlyph(cp) === undefined);
      for (const cp of lacking.length > 0 ? lacking : characters) {
        missing.add(String.fromCodePoint(cp));
      }
    }
    shaped = { width: pen / unitsPerEm, advance: pen, glyphs, missing: [...missing] };
    // Bounded, so a long-running worker stays lean.
    if (cachedWords > 50_000) {
      for (const known of wordCache.values()) known.clear();
      cachedWords = 0;
    }
    words.set(word, shaped);
    cachedWords += 1;
  }
  return shaped;
}
/** A piece of a word set in one face: the text's own, or the fallback family that has its characters. */
export interface FontSegment {
  text: string;
  face: FontFace;
}

/** Characters a font need not map: joiners and variation selectors steer the glyphs around them. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Characters of no one script (figures, punctuation, spaces, marks): they stay in the face before them. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const EAST_ASIAN = ['Noto Sans JP', 'Noto Sans SC', 'Noto Sans TC', 'Noto Sans KR'];

/**
 * Per face, whether it draws a character: its character map has it, or it is one a font need not
 * map. Asked of every character of every new word with a fallback face (a line of Japanese as the
 * wrapping measures it, ever longer), so each answer is kept: the character map is asked once.
 */
const drawable = new Map<FontFace, Map<number, boolean>>();

function hasGlyphs(face: FontFace, cluster: string): boolean {
  let known = drawable.get(face);
  if (!known) {
    known = new Map();
    drawable.set(face, known);
  }
  for (const char of cluster) {
    const code = char.codePointAt(0)!;
    let has = known.get(code);
    if (has === undefined) {
      has = IGNORABLE.test(char) || getFont(face).shaper.nominalGlyph(code) !== undefined;
      known.set(code, has);
    }
    if (!has) return false;
  }
  return true;
}

const EAST_ASIAN_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The fallback families in the order a word tries them: its East Asian characters all in one
 * family (Japanese when it has kana, Korean when it has hangul, else the first that has them all),
 * so a name is never set in two designs of the same script.
 */
function fallbackOrder(lacking: readonly string[], weight: FontWeight): string[] {
  const text = lacking.join('');
  const preferred = KANA.test(text) ? ['Noto Sans JP'] : HANGUL.test(text) ? ['Noto Sans KR'] : [];
  const eastAsian = [...preferred, ...EAST_ASIAN.filter((family) => !preferred.includes(family))];
  const needed = lacking.filter((cluster) => EAST_ASIAN_SCRIPT.test(cluster));
  const first = eastAsian.find((family) =>
    needed.every((cluster) => hasGlyphs(faceOf(family, weight), cluster)),
  );
  const order = first ? [first, ...eastAsian.filter((family) => family !== first)] : eastAsian;
  return FALLBACK_FONT_FAMILIES.flatMap((family) =>
    family === EAST_ASIAN[0] ? order : EAST_ASIAN.includes(family) ? [] : [family],
  );
}

// Split words by face, then by word (no key built per lookup, as the shaped words').
const segmentCache = new Map<FontFace, Map<string, readonly FontSegment[]>>();
let cachedSegments = 0;

/**
 * Whether a face draws all of a word (its shaping has no empty box). A word new to the face with
 * an ideograph the face lacks is not shaped in it to find out: HarfBuzz draws such a character as
 * the empty box (a CJK unified ideograph has no decomposition a face could draw instead, and no
 * font's substitutions start from its empty box). Every line-so-far of a Japanese text set in
 * Inter is such a word, and is then shaped in Noto Sans JP only.
 */
function isWhole(word: string, face: FontFace): boolean {
  const shaped = wordCache.get(face)?.get(word);
  if (shaped) return shaped.missing.length === 0;
  if (lacksAnIdeograph(word, face)) return false;
  return shapeWord(word, face).missing.length === 0;
}

const IDEOGRAPHS = /[\u3400-\u4DBF\u4E00-\u9FFF]/g;
const lacksAnIdeograph = (word: string, face: FontFace) =>
  word.match(IDEOGRAPHS)?.some((char) => !hasGlyphs(face, char)) ?? false;

/**
 * A word (no spaces) split into the faces that draw it: the text's face wherever it has the
 * characters, else the first fallback family that has them (its figures and punctuation staying
 * with it); a character no family has stays in the text's face, where it shows as a box.
 */
export function fontSegments(word: string, face: FontFace): readonly FontSegment[] {
  if (isWhole(word, face)) return [{ text: word, face }];
  let words = segmentCache.get(face);
  if (!words) {
    words = new Map();
    segmentCache.set(face, words);
  }
  const known = words.get(word);
  if (known) return known;
  const weight = getFont(face).weight;
  const clusters = graphemesOf(word);
  const isOwn = clusters.map((cluster) => hasGlyphs(face, cluster));
  const lacking = clusters.filter((_, i) => !isOwn[i]);
  const fallbacks = fallbackOrder(lacking, weight).map((family) => ({
    face: faceOf(family, weight),
    range: fallbackRanges[family]!,
  }));
  const segments: FontSegment[] = [];
  let current: FontSegment | undefined;
  for (const [i, cluster] of clusters.entries()) {
    let chosen: FontFace;
    if (isOwn[i]) chosen = face;
    else if (
      current &&
      current.face !== face &&
      SHARED.test(cluster) &&
      hasGlyphs(current.face, cluster)
    )
      chosen = current.face;
    else {
      chosen =
        fallbacks.find(
          (fallback) => fallback.range.test(cluster) && hasGlyphs(fallback.face, cluster),
        )?.face ?? face;
    }
    if (current?.face === chosen) current.text += cluster;
    else {
      current = { text: cluster, face: chosen };
      segments.push(current);
    }
  }
  // Bounded, so a long-running worker stays lean.
  if (cachedSegments >= 20_000) {
    for (const kept of segmentCache.values()) kept.clear();
    cachedSegments = 0;
  }
  words.set(word, segments);
  cachedSegments += 1;
  return segments;
}

const coverage = new Map<FontFace, Map<number, boolean>>();

/** Whether a face's character map has every character of `text` (each answer kept). */
export function faceCovers(face: FontFace, text: string): boolean {
  let known = coverage.get(face);
  if (!known) {
    known = new Map();
    coverage.set(face, known);
  }
  for (let i = 0; i < text.length; i += 1) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i += 1;
    let has = known.get(code);
    if (has === undefined) {
      has = getFont(face).shaper.nominalGlyph(code) !== undefined;
      known.set(code, has);
    }
    if (!has) return false;
  }
  return true;
}

/** A word's advance at 1 pt, each of its pieces in the face that draws it. */
function wordWidth(word: string, face: FontFace): number {
  if (isWhole(word, face)) return shapeWord(word, face).width;
  let width = 0;
  for (const segment of fontSegments(word, face))
    width += shapeWord(segment.text, segment.face).width;
  return width;
}

/**
 * The characters of `text` that neither its face nor any fallback family can draw (each once,
 * in order of appearance), split into words as the layout and the renderers split them.
 */
export function missingCharacters(text: string, face: FontFace): string[] {
  const missing = new Set<string>();
  for (const word of text.split(' ')) {
    if (word === '') continue;
    for (const segment of fontSegments(word, face)) {
      for (const char of shapeWord(segment.text, segment.face).missing) missing.add(char);
    }
  }
  return [...missing];
}

/** The characters of `text` its face itself has no glyph for (a fallback family may have them). */
export function charactersTheFaceLacks(text: string, face: FontFace): string[] {
  const missing = new Set<string>();
  for (const word of text.split(' ')) {
    if (word !== '') for (const char of shapeWord(word, face).missing) missing.add(char);
  }
  return [...missing];
}

/** Advance width of `text` at 1 pt: its words' shaped advances plus the spaces between them. */
export function unitWidth(text: string, face: FontFace): number {
  if (!text.includes(' ')) return wordWidth(text, face);
  const space = shapeWord(' ', face).width;
  const words = text.split(' ');
  let width = space * (words.length - 1);
  for (const word of words) if (word !== '') width += wordWidth(word, face);
  return width;
}

export function measureText(text: string, face: FontFace, size: number): number {
  return unitWidth(text, face) * size;
}

let activeFamily: string | undefined;

/**
 * Runs `draw` (synchronous: a deck's or a slide's layout) with text set in `family`, a registered
 * family, or the built-in one when undefined; the family before is back afterwards.
 */
export function withFontFamily<T>(family: string | undefined, draw: () => T): T {
  const before = activeFamily;
  activeFamily = family;
  try {
    return draw();
  } finally {
    activeFamily = before;
  }
}

/** The family text is laid out in now (see {@link withFontFamily}). */
export function activeFontFamily(): string | undefined {
  return activeFamily;
}

/**
 * The characters of `texts` the deck's font cannot draw, once each, readable (invisible ones as
 * `U+000B`): what a rep is told as they type, before a deck shows empty boxes.
 */
export function charactersTheFontLacks(texts: readonly string[]): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    for (const line of text.split(/\r?\n/)) {
      for (const char of missingCharacters(line, 'regular')) missing.add(char);
    }
  }
  return [...missing].map((char) =>
    /[\p{L}\p{N}\p{P}\p{S}]/u.test(char)
      ? char
      : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
