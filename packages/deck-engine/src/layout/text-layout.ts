import { numberLabel } from '@deck-portal/domain';
import {
  activeFontFamily,
  faceCovers,
  fontSegments,
  getFont,
  measureText,
  type FontFace,
} from './fonts.ts';
import type { TextElement, TextLine } from './model.ts';
import { bulletFaceOf, bulletIndentOf, markWidth } from './text-bullets.ts';
import { insertedIn, lineRuns, readsRightToLeft } from './text-direction.ts';
import { splitParagraphs } from './text-paragraphs.ts';
import { ownIndentOf, specFace, type Paragraph, type TextSpec } from './text-spec.ts';
import { lineScale, spansOf, styledRuns, widthAtOf } from './text-styles.ts';
import { wrapLines, type WrappedLine } from './text-wrap.ts';

export type { TextSpec } from './text-spec.ts';
export { isRightToLeft } from './text-direction.ts';
export { LINE_BREAK, wrapParagraph } from './text-wrap.ts';

const ELLIPSIS = '…';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The text cut, a character (a whole emoji, a letter and its marks) at a time, to fit with `…`. */
function ellipsize(text: string, weight: FontFace, size: number, maxWidth: number): string {
  const characters = Array.from(graphemes.segment(text.trimEnd()), ({ segment }) => segment);
  let cut = characters.join('');
  while (cut.length > 0 && measureText(cut + ELLIPSIS, weight, size) > maxWidth) {
    characters.pop();
    cut = characters.join('').trimEnd();
  }
  return cut + ELLIPSIS;
}

interface Trial {
  size: number;
  /** Each line, with its pitch as a share of the text's (see {@link lineScale}). */
  lines: Array<WrappedLine & { paragraph: number; firstOfParagraph: boolean; scale: number }>;
  height: number;
}
/**
 * A text's line pitch as a share of its size: its own, or the glyph band (ascent to descent) of
 * a fallback family that draws letters of it and reaches deeper below the baseline than the
 * text's face. Office suites set an exact pitch from the drawing font's own metrics, all its
 * leading above the glyphs, so a deeper descent lifts the line: under a pitch tighter than Noto
 * Sans Arabic's 2.1 em band, LibreOffice lifted an Arabic name out of its box onto the words
 * above it, by as much as the fonts the machine has made it. Japanese, Chinese and Korean
 * faces reach 0.05 em deeper than Inter, which office suites set as they set Latin: no change.
 */
function pitchOf(spec: TextSpec, paragraphs: readonly Paragraph[]): number {
  const face = specFace(spec);
  const depth = -getFont(face).descent;
  let pitch = spec.lineHeight ?? 1.2;
  for (const paragraph of paragraphs) {
    if (faceCovers(face, paragraph.text)) continue;
    for (const word of paragraph.text.split(/\s+/)) {
      for (const segment of fontSegments(word, face)) {
        if (segment.face === face || !/\p{L}/u.test(segment.text)) continue;
        const { ascent, descent } = getFont(segment.face);
        if (-descent - depth > DEEPER) pitch = Math.max(pitch, ascent - descent);
      }
    }
  }
  return pitch;
}

/** How much deeper than the text's face (in em) a fallback face's descent must reach to count. */
const DEEPER = 0.1;

function tryLayout(
  spec: TextSpec,
  paragraphs: Paragraph[],
  size: number,
  pitch = pitchOf(spec, paragraphs),
): Trial {
  const weight = specFace(spec);
  const lineHeight = pitch * size;
  const gap = (spec.paragraphGap ?? 0) * size;
  const indent = bulletIndentOf(spec, paragraphs, size);
  const lines: Trial['lines'] = [];
  // Tight line pitches: the font's ascent–descent band must still stay inside the box.
  let height = 2 * bandOverflow(weight, size, lineHeight);
  paragraphs.forEach((paragraph, index) => {
    const own = ownIndentOf(spec, index);
    const wrapped = wrapLines(
      paragraph.text,
      weight,
      size,
      (spec.wrapUnderBullet ? spec.w : spec.w - indent) - own,
      paragraph.styles && widthAtOf(paragraph, weight, spec),
      spec.w - indent - own,
      paragraph.inserted,
    );
    wrapped.forEach((line, i) => {
      const scale = lineScale(paragraph, line.start, line.text);
      lines.push({ ...line, paragraph: index, firstOfParagraph: i === 0, scale });
      height += scale * lineHeight;
    });
    if (index < paragraphs.length - 1) height += gap;
  });
  return { size, lines, height };
}

// Measured heights by the spec and the family in force: a table measures every cell at each size
// it tries, and most cells (labels, product names) are the same from deck to deck.
const measuredHeights = new Map<string, number>();

/** The height a text takes at its size, wrapped in its box's width (never shrunk or cut). */
export function measureTextHeight(spec: TextSpec): number {
  const key = `${activeFontFamily() ?? ''}\u0000${JSON.stringify(spec)}`;
  let height = measuredHeights.get(key);
  if (height === undefined) {
    height = tryLayout(spec, splitParagraphs(spec), spec.size).height;
    // Bounded: a long-running worker keeps the heights of its recent decks' cells.
    if (measuredHeights.size >= 8_000) measuredHeights.clear();
    measuredHeights.set(key, height);
  }
  return height;
}

/**
 * How far right of its box's left edge a text's widest line ends, laid out at its size in its
 * box's width (bullet indents included): the width an unwrapped text takes.
 */
export function measureTextWidth(spec: TextSpec): number {
  const laid = layoutText({ ...spec, h: Number.MAX_SAFE_INTEGER, align: 'left' });
  return Math.max(0, ...laid.lines.map((line) => line.x + line.width - spec.x));
}

/**
 * How far a text's glyph band pokes out above its first line and below its last when its line
 * pitch is tighter than its font's band: what stacks of texts overlap by to keep one pitch.
 */
export function textBandOverflow(spec: TextSpec): number {
  return bandOverflow(specFace(spec), spec.size, (spec.lineHeight ?? 1.2) * spec.size);
}

/**
 * How much lower each baseline sits when a line's leading (its pitch less the font's glyph band)
 * is all above the glyphs, as office suites set it, than where this layout centres the band.
 */
export function textLeadingShift(spec: TextSpec): number {
  const { ascent, descent } = getFont(specFace(spec));
  return (((spec.lineHeight ?? 1.2) - (ascent - descent)) * spec.size) / 2;
}

/** How far the glyph band pokes out of the first and last line when the pitch is tighter. */
function bandOverflow(weight: FontFace, size: number, lineHeight: number): number {
  const { ascent, descent } = getFont(weight);
  return Math.max(0, ((ascent - descent) * size - lineHeight) / 2);
}
// Laid-out texts by their spec and the family in force, frozen: most of a deck's texts are the
// library's own and come back in every deck (about four in five of a deck for another client,
// its figures and names changed, are laid out as in the one before).
const laidOut = new Map<string, TextElement>();

/** Every object a spec holds (its spans' styles, its tab stops): the caller's own. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !into.has(value)) {
    into.add(value);
    for (const inner of Object.values(value)) objectsOf(inner, into);
  }
  return into;
}

/**
 * Freezes what the layout made, all the way down; an object of the caller's it holds (a span's
 * style, a tab stop) is copied and the copy frozen, so the caller's objects stay theirs to change
 * and the element kept stays as it was laid out.
 */
function freezeOwn<T>(value: T, callers: ReadonlySet<object>): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const own = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(own)) {
    if (typeof inner !== 'object' || inner === null) continue;
    own[key] = freezeOwn(callers.has(inner) ? structuredClone(inner) : inner, callers);
  }
  return Object.freeze(value);
}

/**
 * Lays text out in its box: wraps at word boundaries, shrinks the size in half-point steps
 * until every line fits (never below `minSize`), and as a last resort cuts lines with an
 * ellipsis, so text never leaves its box. The element is frozen: the same spec gives the same
 * element, kept for the next deck.
 */
export function layoutText(spec: TextSpec): TextElement {
  const key = `${activeFontFamily() ?? ''}\u0000${JSON.stringify(spec)}`;
  let element = laidOut.get(key);
  if (!element) {
    element = freezeOwn(layoutTextAnew(spec), objectsOf(spec));
    // Bounded: a long-running worker keeps the texts of its recent decks.
    if (laidOut.size >= 4_000) laidOut.clear();
    laidOut.set(key, element);
  }
  return element;
}

function layoutTextAnew(spec: TextSpec): TextElement {
  const family = spec.family ?? activeFontFamily();
  const weight = specFace(spec);
  const paragraphs = splitParagraphs(spec);
  const minSize = Math.min(spec.minSize ?? spec.size, spec.size);
  const fits = (t: Trial) =>
    t.height <= spec.h + 0.01 && (spec.maxLines === undefined || t.lines.length <= spec.maxLines);

  const fitted = (pitch: number) => {
    let trial = tryLayout(spec, paragraphs, spec.size, pitch);
    for (let size = spec.size - 0.5; !fits(trial) && size >= minSize - 1e-9; size -= 0.5) {
      trial = tryLayout(spec, paragraphs, size, pitch);
    }
    return trial;
  };
  // A fallback family's taller pitch, unless the box is too low for it at any size it may take
  // (a footer's one line): then the text's own, rather than words cut.
  let pitch = pitchOf(spec, paragraphs);
  let trial = fitted(pitch);
  if (!fits(trial) && pitch > (spec.lineHeight ?? 1.2)) {
    pitch = spec.lineHeight ?? 1.2;
    trial = fitted(pitch);
  }

  const size = trial.size;
  const lineHeight = pitch * size;
  const gap = (spec.paragraphGap ?? 0) * size;
  const indent = bulletIndentOf(spec, paragraphs, size);
  let truncated = false;
  let laid = trial.lines;
  const overflow = bandOverflow(weight, size, lineHeight);
  if (!fits(trial)) {
    // Keep the lines that fit, counting paragraph gaps, and mark the cut with an ellipsis.
    let used = 2 * overflow;
    let keep = 0;
    for (const [i, line] of laid.entries()) {
      const extra = (i > 0 && line.firstOfParagraph ? gap : 0) + line.scale * lineHeight;
      if (used + extra > spec.h + 0.01) break;
      if (spec.maxLines !== undefined && keep >= spec.maxLines) break;
      used += extra;
      keep += 1;
    }
    keep = Math.max(keep, Math.min(1, laid.length));
    const kept = laid.slice(0, keep);
    const last = kept[kept.length - 1];
    if (last) {
      kept[kept.length - 1] = {
        ...last,
        text: ellipsize(last.text, weight, size, spec.w - indent),
      };
    }
    laid = kept;
    truncated = true;
  }

  const { ascent, descent } = getFont(weight);
  let contentHeight = 0;
  laid.forEach((line, i) => {
    contentHeight += line.scale * lineHeight + (i > 0 && line.firstOfParagraph ? gap : 0);
  });
  const valign = spec.valign ?? 'top';
  let top = spec.y + overflow;
  if (valign === 'middle') top = spec.y + (spec.h - contentHeight) / 2;
  if (valign === 'bottom') top = spec.y + spec.h - contentHeight - overflow;
  // Centre the glyphs' ascent–descent band in each line pitch, as PowerPoint does (a line of
  // larger or smaller words: in its own pitch, scaled alike).
  const baselineOffset = (lineHeight - (ascent - descent) * size) / 2 + ascent * size;

  const align = spec.align ?? 'left';
  const hasOwnBullets = spec.paragraphIndents?.some((own) => own?.bullet) ?? false;
  const bulletFace =
    spec.bullets || hasOwnBullets ? bulletFaceOf(spec.bulletChar ?? '•', weight) : undefined;
  const lines: TextLine[] = [];
  const directions = new Map<number, boolean>();
  // Numbered paragraphs count on from the first number; an empty paragraph has none.
  const numbers = new Map<number, number>();
  let next = spec.numbering?.startAt ?? 1;
  paragraphs.forEach((paragraph, index) => {
    if (paragraph.text !== '') numbers.set(index, next++);
  });
  let cursor = top;
  laid.forEach((line, i) => {
    if (i > 0 && line.firstOfParagraph) cursor += gap;
    const paragraph = paragraphs[line.paragraph];
    const isStyled = paragraph?.styles !== undefined;
    const width = isStyled
      ? widthAtOf(paragraph, weight, spec)(line.start, line.text) * size
      : measureText(line.text, weight, size);
    if (!directions.has(line.paragraph)) {
      directions.set(
        line.paragraph,
        spec.rightToLeft ?? readsRightToLeft(paragraph?.text ?? '', paragraph?.inserted ?? []),
      );
    }
    const isRtl = directions.get(line.paragraph)!;
    // Without a hanging indent, a paragraph's later lines start under its bullet. A paragraph
    // read right to left is indented from the right, its bullet there.
    const own = ownIndentOf(spec, line.paragraph);
    const lineIndent = (spec.wrapUnderBullet && !line.firstOfParagraph ? 0 : indent) + own;
    const available = spec.w - lineIndent;
    let x = isRtl ? spec.x : spec.x + lineIndent;
    if (align === 'center') x += (available - width) / 2;
    if (align === 'right') x += available - width;
    // A paragraph with a bullet of its own hangs it before its first word (a cell's list).
    const ownBullet = spec.paragraphIndents?.[line.paragraph]?.bullet;
    const hasOwnBullet = ownBullet !== undefined && line.firstOfParagraph && line.text !== '';
    const isBulleted = spec.bullets && line.firstOfParagraph && line.text !== '';
    const number = isBulleted && spec.numbering ? numbers.get(line.paragraph) : undefined;
    const label = number !== undefined ? numberLabel(spec.numbering!.scheme, number) : undefined;
    const runs = isStyled
      ? styledRuns(paragraph, line, { spec, face: weight, size, x })
      : lineRuns(line.text, weight, size, x, isRtl, insertedIn(paragraph, line));
    lines.push({
      text: line.text,
      x,
      baseline: cursor + line.scale * baselineOffset,
      width,
      // The bullet leads its text: at the box's left for left-aligned text, just before the
      // first word of a centred or right-aligned line; for text read right to left, mirrored
      // (its right edge as far right of the text's end as the indent).
      ...(isBulleted
        ? {
            bulletX: isRtl
              ? x + width + indent - markWidth(spec, weight, bulletFace, size, label)
              : x - indent,
          }
        : {}),
      ...(label !== undefined ? { label } : {}),
      ...(hasOwnBullet && !isBulleted
        ? {
            bulletX: x - (spec.paragraphIndents?.[line.paragraph]?.hanging ?? 0),
            // The text's own bullet is drawn in its fallback face where it has one; another is a label.
            ...(ownBullet !== (spec.bulletChar ?? '•') ? { label: ownBullet } : {}),
          }
        : {}),
      ...(runs ? { runs } : {}),
    });
    cursor += line.scale * lineHeight;
  });

  return {
    kind: 'text',
    ...(spec.name ? { name: spec.name } : {}),
    x: spec.x,
    y: spec.y,
    w: spec.w,
    h: spec.h,
    weight: spec.weight ?? 'regular',
    ...(family ? { family } : {}),
    ...(spec.italic ? { italic: true } : {}),
    ...(spec.underline ? { underline: true } : {}),
    size,
    color: spec.color,
    align,
    valign,
    lineHeight,
    paragraphGap: gap,
    bullets: spec.bullets ?? false,
    ...(spec.bullets && (spec.bulletIndent !== undefined || spec.numbering)
      ? { bulletIndent: indent }
      : {}),
    ...(spec.bullets && spec.wrapUnderBullet ? { wrapUnderBullet: true } : {}),
    ...(spec.rightToLeft !== undefined ? { rightToLeft: spec.rightToLeft } : {}),
    ...((spec.bullets || hasOwnBullets) && spec.bulletChar ? { bulletChar: spec.bulletChar } : {}),
    ...(spec.bulletChar && bulletFace ? { bulletFace } : {}),
    ...(spec.bullets && spec.bulletColor && spec.bulletColor !== spec.color
      ? { bulletColor: spec.bulletColor }
      : {}),
    ...(spec.bullets && spec.bulletSize !== undefined && spec.bulletSize !== 1
      ? { bulletSize: spec.bulletSize }
      : {}),
    ...(spec.bullets && spec.numbering
      ? { numbering: { scheme: spec.numbering.scheme, startAt: spec.numbering.startAt ?? 1 } }
      : {}),
    // The PPTX gets the paragraphs as written, tabs and their stops included.
    paragraphs: truncated
      ? paragraphsOf(laid)
      : paragraphs.map((p) => p.isolated ?? (p.written ?? p).text),
    ...(!truncated && paragraphs.some((p) => p.styles)
      ? { spans: paragraphs.map((p) => (p.styles ? spansOf(p.written ?? p) : null)) }
      : {}),
    ...(!truncated && paragraphs.some((p) => p.written) && spec.tabStops?.length
      ? { tabStops: [...spec.tabStops].sort((a, b) => a.at - b.at) }
      : {}),
    ...(!truncated && paragraphs.some((p) => p.written) && spec.tabSize !== undefined
      ? { tabSize: spec.tabSize }
      : {}),
    lines,
    truncated,
    ...(size < spec.size ? { shrunkFrom: spec.size } : {}),
  };
}
/**
 * Boxes that sit side by side as one row (figures under each other's eye): each is fitted, then
 * all are laid out at the smallest size any of them needed, so a longer value is never set
 * smaller than its neighbours.
 */
export function layoutTextRow(specs: readonly TextSpec[]): TextElement[] {
  const size = Math.min(...specs.map((spec) => layoutText(spec).size));
  return specs.map((spec) =>
    layoutText({
      ...spec,
      size: Math.min(spec.size, size),
      minSize: Math.min(spec.minSize ?? spec.size, size),
    }),
  );
}

/** When lines were cut, the PPTX must show the same cut text, so rebuild paragraphs from lines. */
function paragraphsOf(lines: Trial['lines']): string[] {
  const out: string[] = [];
  let previous: Trial['lines'][number] | undefined;
  for (const line of lines) {
    if (line.firstOfParagraph || out.length === 0) out.push(line.text);
    else out[out.length - 1] += `${previous?.joiner ?? ''}${line.text}`;
    previous = line;
  }
  return out;
}
