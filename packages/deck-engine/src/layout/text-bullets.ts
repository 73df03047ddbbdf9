import { numberLabel } from '@deck-portal/domain';
import { fontSegments, measureText, type FontFace } from './fonts.ts';
import { specFace, type Paragraph, type TextSpec } from './text-spec.ts';

/**
 * How far a bulleted text sits from its bullet: its indent, and for numbered paragraphs at least
 * the widest label and a little room, so "10." never runs into its words.
 */
export function bulletIndentOf(
  spec: TextSpec,
  paragraphs: readonly Paragraph[],
  size: number,
): number {
  if (!spec.bullets) return 0;
  const indent = size * (spec.bulletIndent ?? 1.1);
  if (!spec.numbering) return indent;
  const first = spec.numbering.startAt ?? 1;
  const count = paragraphs.filter((paragraph) => paragraph.text !== '').length;
  let widest = 0;
  for (let number = first; number < first + count; number += 1) {
    const label = numberLabel(spec.numbering.scheme, number);
    widest = Math.max(widest, measureText(label, specFace(spec), size));
  }
  return Math.max(indent, widest + 0.2 * size);
}

/** How wide a paragraph's bullet (drawn in `bulletFace`) or its number's label is drawn. */
export function markWidth(
  spec: TextSpec,
  face: FontFace,
  bulletFace: FontFace | undefined,
  size: number,
  label: string | undefined,
) {
  const markFace = label === undefined ? (bulletFace ?? face) : face;
  return measureText(label ?? spec.bulletChar ?? '•', markFace, size * (spec.bulletSize ?? 1));
}

/** The face a bullet is drawn in when the text's own has no glyph for it (a fallback family's). */
export function bulletFaceOf(bullet: string, face: FontFace): FontFace | undefined {
  const drawn = fontSegments(bullet, face)[0]?.face ?? face;
  return drawn === face ? undefined : drawn;
}
