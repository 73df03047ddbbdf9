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

describe("a loaded face's post table (its header read first, its glyph names when asked)", () => {
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

  it('names glyphs as fontkit does (what the names are decoded for, when asked)', () => {
    const loaded = getFont('semibold');
    const font = create(loaded.bytes);
    const nameOf = (f: typeof font, id: number) =>
      (f.getGlyph(id) as unknown as { name: string }).name;
    for (const id of [0, 1, 36, 500, 2000]) expect(nameOf(loaded.font, id)).toBe(nameOf(font, id));
  });
});
