// The glyphs of a PDF's embedded font subsets, written as fontkit writes them with less work.

/** The parts of fontkit 2's TrueType subset the glyph records below rely on. */
interface FontkitTtfSubset {
  font?: { _variationProcessor?: unknown };
  cff?: unknown;
  _addGlyph?: (gid: number) => number;
  glyf?: Uint8Array[];
  loca?: { offsets: number[] };
  hmtx?: { metrics: { advance: number; bearing: number }[] };
  offset?: number;
}

/** A simple glyph as a subset writes it: its bytes in the font's `glyf` table and its metrics. */
interface GlyphRecord {
  bytes: Uint8Array;
  advance: number;
  bearing: number;
}

// Simple glyphs' records by font (its parse, one per font file) and glyph id, kept for the
// process: fontkit decodes each glyph's whole outline for every subset it writes, only to tell
// whether it is made of others.
const glyphRecords = new WeakMap<object, Map<number, GlyphRecord>>();

/**
 * A TrueType subset that takes a simple glyph (one not made of others) from the glyphs it or
 * another subset of the face wrote before instead of decoding it again: the same bytes and
 * metrics. A composite glyph, a variable font and anything but fontkit 2's TTF subset are left
 * to fontkit.
 */
export function keepGlyphRecords(target: unknown): void {
  const subset = target as FontkitTtfSubset;
  const { font, _addGlyph: add } = subset;
  if (typeof add !== 'function' || !font || subset.cff || font._variationProcessor) return;
  let records = glyphRecords.get(font);
  if (!records) {
    records = new Map();
    glyphRecords.set(font, records);
  }
  const kept = records;
  subset._addGlyph = (gid: number) => {
    const { glyf, loca, hmtx } = subset;
    if (!glyf || !loca || !hmtx || typeof subset.offset !== 'number') return add.call(subset, gid);
    const record = kept.get(gid);
    if (record) {
      glyf.push(record.bytes);
      loca.offsets.push(subset.offset);
      hmtx.metrics.push({ advance: record.advance, bearing: record.bearing });
      subset.offset += record.bytes.length;
      return glyf.length - 1;
    }
    const index = add.call(subset, gid);
    const bytes = glyf[index];
    const metrics = hmtx.metrics[index];
    // A glyph's data starts with its number of contours, below zero for a composite glyph.
    const isSimple = bytes !== undefined && (bytes.length < 2 || (bytes[0]! & 0x80) === 0);
    if (isSimple && metrics && index === glyf.length - 1) {
      if (kept.size >= 20_000) kept.clear();
      kept.set(gid, { bytes, advance: metrics.advance, bearing: metrics.bearing });
    }
    return index;
  };
}
