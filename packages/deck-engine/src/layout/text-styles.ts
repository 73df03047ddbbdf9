import {
  activeFontFamily,
  faceOf,
  fontSegments,
  shapeWord,
  unitWidth,
  type FontFace,
} from './fonts.ts';
import type { RunStyle, StyledSpan, TextRun } from './model.ts';
import type { Paragraph, TextSpec } from './text-spec.ts';

/** Raised and lowered words are set at this share of the size. */
const SCRIPT_SCALE = 2 / 3;
/** How far a raised (super) or lowered (sub) word's baseline moves, as a share of the size. */
const SCRIPT_RISE = { super: 0.3, sub: -0.25 } as const;

/** A style's size as a share of its text's: its own share, two-thirds of it when raised or lowered. */
function sizeScale(style: RunStyle | undefined): number {
  return (style?.scale ?? 1) * (style?.script ? SCRIPT_SCALE : 1);
}

/**
 * How tall a line is as a share of its text's line pitch: as tall as its largest words (a raised
 * or lowered word sits in the line of its own size), as office suites set a line of mixed sizes.
 */
export function lineScale(paragraph: Paragraph | undefined, start: number, text: string): number {
  if (!paragraph?.styles) return 1;
  let scale = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== ' ') scale = Math.max(scale, paragraph.styles[start + i]?.scale ?? 1);
  }
  return scale > 0 ? scale : 1;
}

/** The face a character of a styled paragraph is set in. */
function styleFace(base: FontFace, spec: TextSpec, style: RunStyle | undefined): FontFace {
  if (
    !style ||
    (style.weight === undefined && style.italic === undefined && style.family === undefined)
  ) {
    return base;
  }
  return faceOf(
    style.family ?? spec.family ?? activeFontFamily(),
    style.weight ?? spec.weight ?? 'regular',
    style.italic ?? spec.italic,
  );
}

/** A paragraph's text from `start` as pieces of one style each. */
export function styleSegments(paragraph: Pick<Paragraph, 'styles'>, start: number, text: string) {
  const segments: { text: string; style: RunStyle | undefined }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const style = paragraph.styles?.[start + i];
    const last = segments.at(-1);
    if (last && last.style === style) last.text += text[i];
    else segments.push({ text: text[i]!, style });
  }
  return segments;
}

/**
 * How wide a piece of a paragraph is, in units of the size, from where it starts in the
 * paragraph: in the face alone, or for a styled paragraph style by style.
 */
export type WidthAt = (start: number, text: string) => number;

export function widthAtOf(paragraph: Paragraph, face: FontFace, spec: TextSpec): WidthAt {
  if (!paragraph.styles) return (_, text) => unitWidth(text, face);
  return (start, text) => {
    let width = 0;
    for (const segment of styleSegments(paragraph, start, text)) {
      width +=
        unitWidth(segment.text, styleFace(face, spec, segment.style)) * sizeScale(segment.style);
    }
    return width;
  };
}

/**
 * A line of a styled paragraph as runs, left to right from `x`: one per style, split further
 * where a fallback family draws characters the style's face lacks. Each run carries its look.
 */
export function styledRuns(
  paragraph: Paragraph,
  line: { text: string; start: number },
  at: { spec: TextSpec; face: FontFace; size: number; x: number },
): TextRun[] {
  const { spec, face, size } = at;
  const runs: TextRun[] = [];
  let pen = at.x;
  for (const segment of styleSegments(paragraph, line.start, line.text)) {
    const style = segment.style;
    const script = style?.script;
    const look = {
      color: style?.color ?? spec.color,
      size: size * sizeScale(style),
      rise: script ? SCRIPT_RISE[script] * size * (style?.scale ?? 1) : 0,
      underline: style?.underline ?? spec.underline ?? false,
      ...(style?.link ? { link: style.link } : {}),
    };
    for (const piece of fontSegments(segment.text, styleFace(face, spec, style))) {
      runs.push({ text: piece.text, face: piece.face, x: pen, look });
      pen += shapeWord(piece.text, piece.face).width * look.size;
    }
  }
  return runs;
}

/** A styled paragraph as spans of one style each (the text's own: an empty style). */
export function spansOf(paragraph: Pick<Paragraph, 'text' | 'styles'>): StyledSpan[] {
  return styleSegments(paragraph, 0, paragraph.text).map((segment) => ({
    text: segment.text,
    style: segment.style ?? {},
  }));
}
