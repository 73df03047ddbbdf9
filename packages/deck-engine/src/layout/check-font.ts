// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./fontkit.d.ts" />
import { create, type Font } from 'fontkit';

/** A font file as the library keeps it: TrueType or OpenType outlines, ready to shape and embed. */
export interface CheckedFont {
  /** The file as stored: a WOFF2 file is unpacked to the TrueType or OpenType inside it. */
  bytes: Buffer;
  format: 'ttf' | 'otf';
  /** The family and style names the file gives itself (PowerPoint names the font by the family). */
  familyName: string;
  subfamilyName: string;
  glyphCount: number;
}

export type FontCheck = { ok: true; font: CheckedFont } | { ok: false; reason: string };

/** The font file formats an editor may upload, by their first four bytes. */
function formatOf(bytes: Buffer): 'ttf' | 'otf' | 'woff2' | undefined {
  const tag = bytes.subarray(0, 4).toString('latin1');
  if (tag === '\u0000\u0001\u0000\u0000' || tag === 'true') return 'ttf';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'wOF2') return 'woff2';
  return undefined;
}

/** Letters and digits every deck needs: a font without them cannot set a slide. */
const needed = 'AaBbEeOoRrSsTt0123456789';

/**
 * Checks that an uploaded file is a font the engine can set text in: a TrueType, OpenType or
 * WOFF2 file that parses, has outlines and has the Latin letters and digits decks use. WOFF2 is
 * unpacked (HarfBuzz and the PDF need the font inside). Never throws.
 */
export async function checkFont(file: Uint8Array): Promise<FontCheck> {
  let bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const format = formatOf(bytes);
  if (!format) return { ok: false, reason: 'is not a TrueType, OpenType or WOFF2 font' };
  if (format === 'woff2') {
    try {
      const { decompress } = await import('wawoff2');
      bytes = Buffer.from(await decompress(bytes));
    } catch {
      return { ok: false, reason: 'is a WOFF2 file that could not be unpacked' };
    }
  }
  let font: Font;
  try {
    font = create(bytes);
  } catch {
    return { ok: false, reason: 'could not be read as a font' };
  }
  const inner = formatOf(bytes);
  if (!(inner === 'ttf' || inner === 'otf') || !(font.numGlyphs >= 2)) {
    return { ok: false, reason: 'could not be read as a font' };
  }
  let lacking: string[];
  try {
    lacking = [...needed].filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!));
  } catch {
    return { ok: false, reason: 'has no character map, so no letter can be found in it' };
  }
  if (lacking.length > 0) {
    return { ok: false, reason: `has no letters for ${lacking.slice(0, 6).join(' ')}` };
  }
  return {
    ok: true,
    font: {
      bytes,
      format: inner,
      familyName: font.familyName,
      subfamilyName: font.subfamilyName,
      glyphCount: font.numGlyphs,
    },
  };
}
