import { ISOLATE_END, ISOLATE_START, KEEP_WHOLE } from '@deck-portal/domain';
import bidiFactory from 'bidi-js';
import {
  faceCovers,
  fontSegments,
  RIGHT_TO_LEFT_LETTER,
  shapeWord,
  type FontFace,
} from './fonts.ts';
import type { TextRun } from './model.ts';
import type { Inserted, Paragraph } from './text-spec.ts';

/** A text's words without the marks of inserted values, the values' places and the kept indices. */
export function takeMarks(marked: string) {
  let text = '';
  const inserted: Inserted[] = [];
  const kept: number[] = [];
  let open: Inserted | undefined;
  for (let i = 0; i < marked.length; i += 1) {
    const char = marked[i]!;
    if (char === ISOLATE_START) {
      const keep = marked[i + 1] === KEEP_WHOLE;
      if (keep) i += 1;
      open = { start: text.length, end: text.length, keep };
    } else if (char === ISOLATE_END) {
      if (open) inserted.push({ ...open, end: text.length });
      open = undefined;
    } else {
      text += char;
      kept.push(i);
    }
  }
  return { text, inserted, kept };
}

/** The text with each inserted value between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. */
export function withIsolates(text: string, inserted: readonly Inserted[]): string {
  let out = '';
  let from = 0;
  for (const value of inserted) {
    out += `${text.slice(from, value.start)}${ISOLATE_START}${text.slice(value.start, value.end)}${ISOLATE_END}`;
    from = value.end;
  }
  return out + text.slice(from);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const bidi = bidiFactory();
/** Hebrew, Arabic and the other right-to-left scripts' letters. */
export const RIGHT_TO_LEFT =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * Whether a paragraph reads right to left: its first letter with a direction is (Unicode rule
 * P2), inserted values (isolated, see `insertedValue`) passed over, as the rule passes over
 * isolates; a paragraph with no such letter but in its values reads as its first value does.
 */
export function isRightToLeft(paragraph: string): boolean {
  if (!RIGHT_TO_LEFT.test(paragraph)) return false;
  const { text, inserted } = takeMarks(paragraph);
  return readsRightToLeft(text, inserted);
}

export function readsRightToLeft(text: string, inserted: readonly Inserted[]): boolean {
  if (!RIGHT_TO_LEFT.test(text)) return false;
  const outside = inserted.reduceRight(
    (rest, value) => rest.slice(0, value.start) + rest.slice(value.end),
    text,
  );
  const firstStrong = bidi.getEmbeddingLevels(/\p{L}/u.test(outside) ? outside : text, 'auto');
  return firstStrong.paragraphs[0]?.level === 1;
}

/**
 * The bidirectional levels of a line's characters and the place each is drawn at (0 leftmost),
 * its inserted values isolated (`inserted`: where they stand in the line).
 */
function bidiOrder(text: string, inserted: readonly Inserted[], rightToLeft: boolean) {
  let marked = '';
  const at: number[] = [];
  for (let i = 0; i <= text.length; i += 1) {
    for (const value of inserted) if (value.end === i) marked += ISOLATE_END;
    if (i === text.length) break;
    for (const value of inserted) if (value.start === i) marked += ISOLATE_START;
    at.push(marked.length);
    marked += text[i];
  }
  const levels = bidi.getEmbeddingLevels(marked, rightToLeft ? 'rtl' : 'ltr');
  const visual = bidi.getReorderedIndices(marked, levels);
  const rank = new Array<number>(marked.length);
  visual.forEach((logical, place) => {
    rank[logical] = place;
  });
  return {
    levels: Uint8Array.from(at, (i) => levels.levels[i]!),
    visualOf: at.map((i) => rank[i]!),
  };
}

interface LinePiece {
  /** Offset in the line's text. */
  start: number;
  text: string;
  face: FontFace;
  level: number;
}

/** The values inserted into a paragraph that stand in one of its lines, where they do in it. */
export function insertedIn(
  paragraph: Paragraph | undefined,
  line: { start: number; text: string },
): Inserted[] {
  const end = line.start + line.text.length;
  return (paragraph?.inserted ?? []).flatMap((value) =>
    value.end <= line.start || value.start >= end
      ? []
      : [
          {
            ...value,
            start: Math.max(0, value.start - line.start),
            end: Math.min(line.text.length, value.end - line.start),
          },
        ],
  );
}

/** Splits pieces where their bidi level changes (never inside a surrogate pair). */
function splitByLevel(pieces: readonly LinePiece[], levels: Uint8Array): LinePiece[] {
  const out: LinePiece[] = [];
  for (const piece of pieces) {
    let from = 0;
    for (let i = 1; i <= piece.text.length; i += 1) {
      const isLowSurrogate = i < piece.text.length && /[\uDC00-\uDFFF]/.test(piece.text[i]!);
      if (
        i < piece.text.length &&
        (isLowSurrogate || levels[piece.start + i] === levels[piece.start + from])
      )
        continue;
      out.push({
        ...piece,
        start: piece.start + from,
        text: piece.text.slice(from, i),
        level: levels[piece.start + from]!,
      });
      from = i;
    }
  }
  return out;
}

/**
 * A line's words as drawn, when it needs more than its face: the pieces a fallback family draws,
 * and right-to-left words put in reading order by the Unicode bidirectional algorithm (HarfBuzz
 * joins and orders the letters inside each). In visual order, left to right from `x`; undefined
 * when the whole line is left to right in its own face.
 */
export function lineRuns(
  text: string,
  face: FontFace,
  size: number,
  x: number,
  rightToLeft: boolean,
  inserted: readonly Inserted[] = [],
): TextRun[] | undefined {
  const hasRightToLeft = RIGHT_TO_LEFT.test(text);
  // Most lines: left to right, every character in the text's own face.
  if (!hasRightToLeft && !rightToLeft && faceCovers(face, text)) return undefined;
  let pieces: LinePiece[] = [];
  let offset = 0;
  let isFallback = false;
  for (const [i, word] of text.split(' ').entries()) {
    if (i > 0) {
      pieces.push({ start: offset, text: ' ', face, level: 0 });
      offset += 1;
    }
    if (word === '') continue;
    for (const segment of fontSegments(word, face)) {
      isFallback ||= segment.face !== face;
      pieces.push({ start: offset, text: segment.text, face: segment.face, level: 0 });
      offset += segment.text.length;
    }
  }
  if (!isFallback && !hasRightToLeft && !rightToLeft) return undefined;
  if (hasRightToLeft || rightToLeft) {
    const { levels, visualOf } = bidiOrder(text, inserted, rightToLeft);
    pieces = splitByLevel(pieces, levels);
    const firstSeen = (piece: LinePiece) =>
      Math.min(...Array.from({ length: piece.text.length }, (_, i) => visualOf[piece.start + i]!));
    pieces = pieces
      .map((piece) => ({ piece, at: firstSeen(piece) }))
      .sort((a, b) => a.at - b.at)
      .map(({ piece }) => piece);
  }
  const runs: TextRun[] = [];
  let pen = x;
  // Left-to-right words of one face, with only spaces of that face between them, are one run.
  let spaces = '';
  let joinable: { face: FontFace; level: number } | undefined;
  for (const piece of pieces) {
    // HarfBuzz orders and mirrors a right-to-left word's characters; right-to-left punctuation
    // with no letter to tell it so ("?!" after a Hebrew word) is reversed and mirrored here.
    const drawn =
      piece.level % 2 === 1 && !RIGHT_TO_LEFT_LETTER.test(piece.text)
        ? Array.from(graphemes.segment(piece.text), ({ segment }) =>
            Array.from(segment, (char) => bidi.getMirroredCharacter(char) ?? char).join(''),
          )
            .reverse()
            .join('')
        : piece.text;
    const width = shapeWord(drawn, piece.face).width * size;
    if (piece.text === ' ') {
      spaces += ' ';
      if (joinable?.face !== piece.face) joinable = undefined;
    } else {
      const last = runs.at(-1);
      if (last && joinable?.face === piece.face && joinable.level === piece.level) {
        last.text += spaces + drawn;
      } else {
        runs.push({ text: drawn, face: piece.face, x: pen });
      }
      spaces = '';
      joinable = piece.level % 2 === 0 ? { face: piece.face, level: piece.level } : undefined;
    }
    pen += width;
  }
  return runs;
}
