import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONT_FAMILIES, FONT_WEIGHTS, faceOf, getFont } from './fonts.ts';

/** A face's `post` table as fontkit decodes it whole, from the same file. */
function decodedWhole(bytes: Buffer) {
  return (create(bytes) as unknown as { post: Record<string, unknown> }).post;
}

const FIELDS = [
  'version',
  'italicAngle',
  'underlinePosition',
  'underlineThickness',
  'isFixedPitch',
  'minMemType42',
  'maxMemType42',
  'minMemType1',
  'maxMemType1',
  'numberOfGlyphs',
  'glyphNameIndex',
  'names',
  'offsets',
  'map',
];

describe("a loaded face's tables read from its file (post's header first, glyph names when asked; hmtx)", () => {
  const faces = [
    ...FONT_WEIGHTS,
    ...BUNDLED_FONT_FAMILIES.flatMap((family) => [
      faceOf(family, 'regular'),
      faceOf(family, 'bold'),
    ]),
    faceOf('Arimo', 'bold', true),
  ];

  it.each(faces)('%s: every field as fontkit decodes it', (face) => {
    const loaded = getFont(face);
    const post = (loaded.font as unknown as { post: Record<string, unknown> }).post;
    const whole = decodedWhole(loaded.bytes);
    for (const field of FIELDS) expect(post[field], field).toEqual(whole[field]);
    const font = create(loaded.bytes);
    expect([loaded.font.underlinePosition, loaded.font.underlineThickness]).toEqual([
      font.underlinePosition,
      font.underlineThickness,
    ]);
    expect((loaded.font as unknown as { italicAngle: number }).italicAngle).toBe(
      (font as unknown as { italicAngle: number }).italicAngle,
    );
  });

  it.each(faces)('%s: every glyph advance and side bearing as fontkit decodes them', (face) => {
    const loaded = getFont(face);
    const font = create(loaded.bytes);
    // What fontkit reads of hmtx for a glyph (its advance and bearing; `_getMetrics` goes on to
    // vertical metrics and outlines, which this is not about).
    type Glyph = { _getTableMetrics(table: unknown): { advance: number; bearing: number } };
    const metricsOf = (f: typeof font, id: number) =>
      (f.getGlyph(id) as unknown as Glyph)._getTableMetrics(
        (f as unknown as { hmtx: unknown }).hmtx,
      );
    for (let id = 0; id < font.numGlyphs; id += 7) {
      expect(metricsOf(loaded.font, id), `glyph ${id}`).toEqual(metricsOf(font, id));
    }
    const last = font.numGlyphs - 1;
    expect(metricsOf(loaded.font, last)).toEqual(metricsOf(font, last));
  });

  it('names glyphs as fontkit does (what the names are decoded for, when asked)', () => {
    const loaded = getFont('semibold');
    const font = create(loaded.bytes);
    const nameOf = (f: typeof font, id: number) =>
      (f.getGlyph(id) as unknown as { name: string }).name;
    for (const id of [0, 1, 36, 500, 2000]) expect(nameOf(loaded.font, id)).toBe(nameOf(font, id));
  });
});
