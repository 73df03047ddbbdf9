import { ISOLATE_END, ISOLATE_START, KEEP_WHOLE, numberLabel } from '@deck-portal/domain';
import bidiFactory from 'bidi-js';
import { loadDefaultJapaneseParser, loadDefaultSimplifiedChineseParser, type Parser } from 'budoux';
import LineBreaker from 'linebreak';
import {
  activeFontFamily,
  faceCovers,
  faceOf,
  fontSegments,
  getFont,
  measureText,
  RIGHT_TO_LEFT_LETTER,
  shapeWord,
  unitWidth,
  type FontFace,
  type FontWeight,
} from './fonts.ts';
import type {
  Box,
  Hex,
  RunStyle,
  StyledSpan,
  TextAlign,
  TextElement,
  TextLine,
  TextRun,
  VerticalAlign,
} from './model.ts';
import { expandTabs, type TabStop } from './tab-stops.ts';

export interface TextSpec extends Box {
  /** One string (lines split on new lines), or paragraphs: each a string or spans of styles. */
  text: string | (string | StyledSpan[])[];
  name?: string;
  weight?: FontWeight;
  /** A registered font family; the family of {@link activeFontFamily} when left out. */
  family?: string;
  italic?: boolean;
  underline?: boolean;
  /** The size to use when the text fits; shrunk down to `minSize` until it does. */
  size: number;
  minSize?: number;
  color: Hex;
  align?: TextAlign;
  valign?: VerticalAlign;
  /** Line pitch as a multiple of the size. */
  lineHeight?: number;
  /** Space after each paragraph as a multiple of the size. */
  paragraphGap?: number;
  bullets?: boolean;
  /** How far the text sits from its bullet, as a multiple of the size (1.1 when left out). */
  bulletIndent?: number;
  /** A bulleted paragraph's later lines start under its bullet (no hanging indent). */
  wrapUnderBullet?: boolean;
  bulletChar?: string;
  /** The bullet's (or number's) colour when not the text's. */
  bulletColor?: Hex;
  /** The bullet's (or number's) size as a share of the text's. */
  bulletSize?: number;
  /** With `bullets`: each paragraph with words numbered in this scheme, from `startAt` (1). */
  numbering?: { scheme: string; startAt?: number };
  /** At most this many lines (the last one ends with an ellipsis when cut). */
  maxLines?: number;
  /**
   * Keep every empty paragraph where it stands (as a table cell written in PowerPoint shows
   * them), instead of dropping them at the ends and folding runs of them into one.
   */
  keepBlankLines?: boolean;
  /** Keep runs of spaces inside a line as written (an imported slide's spacing), not one each. */
  keepSpaces?: boolean;
  /** Every paragraph read right to left, or left to right; by its first strong letter when absent. */
  rightToLeft?: boolean;
  /** Where a tab moves the words after it: points from the box's left edge, in any order. */
  tabStops?: readonly TabStop[];
  /** The distance between the default tab stops past the text's own, in points (72 when absent). */
  tabSize?: number;
}

const ELLIPSIS = '…';

/**
 * A paragraph as laid out: its text, and when words of it are styled apart, each character's
 * style (undefined where it has the text's own).
 */
interface Paragraph {
  text: string;
  styles?: (RunStyle | undefined)[];
  /** The paragraph as written, tabs and all, when its tabs were set as spaces in `text`. */
  written?: { text: string; styles?: (RunStyle | undefined)[] };
  /** The values inserted into it (see `insertedValue`), where they stand in `text`. */
  inserted?: Inserted[];
  /**
   * The text with its inserted values isolated (FSI…PDI), for the PPTX: only where a
   * right-to-left letter or direction makes the isolation change the order of its words.
   */
  isolated?: string;
}

/** A value inserted into a paragraph: from `start` to `end`, and whether it is a name kept whole. */
interface Inserted {
  start: number;
  end: number;
  keep: boolean;
}

/**
 * White space at either end of a paragraph, except a line break (which adds a line) and tabs
 * that open it (which move its first words to a stop).
 */
const ENDS = /^[^\S\u2028\t]+|[^\S\u2028]+$/g;

/** Runs of spaces as one space (unless spaces are kept), none around a line break or at either end. */
function tidy(text: string, keepSpaces: boolean): string {
  return (keepSpaces ? text : text.replace(/ +/g, ' '))
    .replace(keepSpaces ? / *\u2028 */g : / ?\u2028 ?/g, LINE_BREAK)
    .replace(ENDS, '');
}

/** {@link tidy} for a paragraph of spans, keeping each kept character's style. */
function tidySpans(spans: readonly StyledSpan[], keepSpaces: boolean): Paragraph {
  let text = '';
  const styles: (RunStyle | undefined)[] = [];
  for (const span of spans) {
    const style = Object.keys(span.style).length > 0 ? span.style : undefined;
    for (const char of span.text) {
      const previous = text.at(-1);
      if (char === ' ' && ((previous === ' ' && !keepSpaces) || previous === LINE_BREAK)) continue;
      while (char === LINE_BREAK && text.endsWith(' ')) {
        text = text.slice(0, -1);
        styles.pop();
      }
      text += char;
      for (let i = 0; i < char.length; i += 1) styles.push(style);
    }
  }
  // Trimmed as tidy() trims.
  const first = text.search(/[\S\u2028\t]/);
  if (first < 0) return { text: '' };
  const end = text.length - (/[^\S\u2028]*$/.exec(text)?.[0].length ?? 0);
  text = text.slice(first, end);
  styles.splice(end);
  styles.splice(0, first);
  // Right-to-left words are put in reading order run by run; their styles are left out.
  if (RIGHT_TO_LEFT.test(text) || styles.every((style) => style === undefined)) return { text };
  return { text, styles };
}

function splitParagraphs(spec: TextSpec): Paragraph[] {
  const { text, keepBlankLines = false, keepSpaces = false } = spec;
  const raw = Array.isArray(text) ? text : text.replace(/\r\n?/g, '\n').split('\n');
  const paragraphs = raw.map((p) =>
    withMarksTaken(
      typeof p === 'string' ? { text: tidy(p, keepSpaces) } : tidySpans(p, keepSpaces),
      spec.rightToLeft,
    ),
  );
  let kept: Paragraph[] = [];
  if (keepBlankLines) {
    if (paragraphs.some((p) => p.text !== '')) kept = paragraphs;
  } else {
    // Keep single blank lines as spacing intent, but never leading/trailing or runs of them.
    for (const p of paragraphs) {
      if (p.text === '' && (kept.length === 0 || kept[kept.length - 1]!.text === '')) continue;
      kept.push(p);
    }
    while (kept.length > 0 && kept[kept.length - 1]!.text === '') kept.pop();
  }
  if (!kept.some((p) => p.text.includes('\t'))) return kept;
  const indent = bulletIndentOf(spec, kept, spec.size);
  // Tabs set as spaces move the words: a tabbed paragraph's values are not followed.
  return kept.map((p) =>
    p.text.includes('\t') ? withTabsSet({ text: p.text, ...stylesOf(p) }, spec, indent) : p,
  );
}

const stylesOf = (p: Paragraph) => (p.styles ? { styles: p.styles } : {});

/**
 * A paragraph with the marks of its inserted values (`insertedValue`) taken out of its words and
 * kept as where each value stands. A paragraph that is one value alone has nothing around it to
 * isolate it from, nor a name to keep from its neighbours: it keeps no trace of it.
 */
function withMarksTaken(paragraph: Paragraph, rightToLeft: boolean | undefined): Paragraph {
  if (!/[\u2068\u2069]/.test(paragraph.text)) return paragraph;
  const { text, inserted, kept } = takeMarks(paragraph.text);
  const values = inserted.filter((value) => value.end > value.start);
  const styles = paragraph.styles && kept.map((i) => paragraph.styles![i]);
  const alone = values.length === 1 && values[0]!.start === 0 && values[0]!.end === text.length;
  if (values.length === 0 || alone) return { text, ...(styles ? { styles } : {}) };
  const isolated = rightToLeft || RIGHT_TO_LEFT.test(text) ? withIsolates(text, values) : undefined;
  return {
    text,
    ...(styles ? { styles } : {}),
    inserted: values,
    ...(isolated ? { isolated } : {}),
  };
}

/** A text's words without the marks of inserted values, the values' places and the kept indices. */
function takeMarks(marked: string) {
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
function withIsolates(text: string, inserted: readonly Inserted[]): string {
  let out = '';
  let from = 0;
  for (const value of inserted) {
    out += `${text.slice(from, value.start)}${ISOLATE_START}${text.slice(value.start, value.end)}${ISOLATE_END}`;
    from = value.end;
  }
  return out + text.slice(from);
}

/**
 * A paragraph with its tabs set as the spaces that reach their stops at the text's size (see
 * tab-stops.ts), measured piece by piece in each style's face; the paragraph as written kept.
 * A shrunk text's spaces shrink with its words, so its columns stay aligned.
 */
function withTabsSet(paragraph: Paragraph, spec: TextSpec, indent: number): Paragraph {
  const widthAt = widthAtOf(paragraph, specFace(spec), spec);
  // Pieces of one style, line breaks apart.
  const pieces: { text: string; start: number }[] = [];
  let start = 0;
  for (const segment of styleSegments(paragraph, 0, paragraph.text)) {
    for (const part of segment.text.split(/(\u2028)/)) {
      if (part !== '') pieces.push({ text: part, start });
      start += part.length;
    }
  }
  const firstLineStart = spec.bullets ? indent : 0;
  const set = expandTabs(pieces, LINE_BREAK, {
    firstLineStart,
    lineStart: spec.wrapUnderBullet ? 0 : firstLineStart,
    stops: spec.tabStops ?? [],
    defaultStop: spec.tabSize ?? 72,
    measure: (piece, text) => widthAt(pieces[piece]!.start, text) * spec.size,
  });
  const styles = paragraph.styles
    ? pieces.flatMap((piece, i) =>
        Array<RunStyle | undefined>(set[i]!.length).fill(paragraph.styles![piece.start]),
      )
    : undefined;
  return {
    text: set.join(''),
    ...(styles ? { styles } : {}),
    written: { text: paragraph.text, ...(paragraph.styles ? { styles: paragraph.styles } : {}) },
  };
}

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
function lineScale(paragraph: Paragraph | undefined, start: number, text: string): number {
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
function styleSegments(paragraph: Pick<Paragraph, 'styles'>, start: number, text: string) {
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
type WidthAt = (start: number, text: string) => number;

function widthAtOf(paragraph: Paragraph, face: FontFace, spec: TextSpec): WidthAt {
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
 * Breaks a word wider than the box into pieces that fit, character by character; `widthOf`
 * measures a piece from where it starts in the word.
 */
function breakWord(
  word: string,
  widthOf: (start: number, text: string) => number,
  limit: number,
): string[] {
  const pieces: string[] = [];
  let current = '';
  let start = 0;
  for (const char of word) {
    if (current !== '' && widthOf(start, current + char) > limit) {
      pieces.push(current);
      start += current.length;
      current = char;
    } else {
      current += char;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * A line break inside a paragraph (U+2028, PowerPoint's soft return): the text goes on on the
 * next line, with no bullet and no paragraph gap.
 */
export const LINE_BREAK = '\u2028';

/** A wrapped line, and what joined it to the next in its paragraph: a space, nothing, a break. */
interface WrappedLine {
  text: string;
  joiner: '' | ' ' | typeof LINE_BREAK;
  /** Where the line's text starts in its paragraph. */
  start: number;
}

/**
 * A stretch of a paragraph between two places a line may end, with its trailing space or break.
 * A name kept whole or a phrase of Japanese or Chinese is one piece; `parts` are the finer
 * pieces it breaks into when it is wider than a line.
 */
interface Piece {
  text: string;
  parts?: Piece[];
}

/**
 * Where a line may end, by the Unicode line-breaking rules: after a space, after a hyphen, and
 * (for the scripts that have no spaces) between characters, Japanese and Chinese only between
 * phrases; never inside a name kept whole (`keep`); it must end at a line break.
 */
function breakablePieces(paragraph: string, keep: readonly Inserted[] = []): Piece[] {
  // Fitting tries a text at size after size: its break opportunities are found once.
  const key = keep.length === 0 ? paragraph : `${paragraph}\u0000${JSON.stringify(keep)}`;
  let pieces = piecesCache.get(key);
  if (!pieces) {
    pieces = joinPieces(paragraph, findPieces(paragraph), keep);
    if (piecesCache.size > 5_000) piecesCache.clear();
    piecesCache.set(key, pieces);
  }
  return pieces;
}

const piecesCache = new Map<string, Piece[]>();

/** Han, kana and their punctuation: the characters a phrase segmenter reads. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF01-\uFF60\u30FC]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
let japanese: Parser | undefined;
let chinese: Parser | undefined;

/**
 * Where BudouX ends a phrase in the paragraph (offsets), for a paragraph in Japanese (any kana)
 * or Chinese (Han alone); none for the other scripts.
 */
function phraseEnds(paragraph: string): Set<number> | undefined {
  if (!CJK.test(paragraph)) return undefined;
  const parser = KANA.test(paragraph)
    ? (japanese ??= loadDefaultJapaneseParser())
    : (chinese ??= loadDefaultSimplifiedChineseParser());
  return new Set(parser.parseBoundaries(paragraph));
}

/**
 * The Unicode pieces joined where a line must not end: inside a name kept whole, and between two
 * characters of Japanese or Chinese that one phrase holds (a phrase's parts keep its names whole).
 */
function joinPieces(paragraph: string, fine: string[], keep: readonly Inserted[]): Piece[] {
  let pieces: Piece[] = fine.map((text) => ({ text }));
  const names = keep.filter((value) => value.keep);
  if (names.length > 0) {
    pieces = joinWhere(pieces, (at) => names.some((name) => name.start < at && at < name.end));
  }
  const phrases = phraseEnds(paragraph);
  if (phrases) {
    pieces = joinWhere(
      pieces,
      (at) => CJK.test(paragraph[at - 1]!) && CJK.test(paragraph[at]!) && !phrases.has(at),
    );
  }
  return pieces;
}

/** Pieces joined at every place between them where `isJoined` (an offset) says so. */
function joinWhere(pieces: readonly Piece[], isJoined: (at: number) => boolean): Piece[] {
  const joined: Piece[] = [];
  let group: Piece[] = [];
  let at = 0;
  for (const [i, piece] of pieces.entries()) {
    group.push(piece);
    at += piece.text.length;
    if (i < pieces.length - 1 && isJoined(at)) continue;
    joined.push(
      group.length === 1 ? piece : { text: group.map((part) => part.text).join(''), parts: group },
    );
    group = [];
  }
  return joined;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const THAI = /\p{Script=Thai}/u;
const thaiWords = new Intl.Segmenter('th', { granularity: 'word' });

function findPieces(paragraph: string): string[] {
  const breaker = new LineBreaker(paragraph);
  const pieces: string[] = [];
  let last = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    if (next.position > last) pieces.push(paragraph.slice(last, next.position));
    last = next.position;
  }
  if (last < paragraph.length) pieces.push(paragraph.slice(last));
  const split = pieces.flatMap(afterWordHyphens);
  return THAI.test(paragraph) ? split.flatMap(thaiPieces) : split;
}

/** A hyphen after a letter and before a figure (`PreK-18`, `COVID-19`). */
const WORD_HYPHEN_FIGURE = /(?<=\p{L}-)(?=\p{Nd})/u;

/**
 * The Unicode rules keep a hyphen with the figure after it (a minus sign); after a word it is a
 * hyphen, and office suites end a line there when the whole does not fit: so does this layout.
 */
function afterWordHyphens(piece: string): string[] {
  return WORD_HYPHEN_FIGURE.test(piece) ? piece.split(WORD_HYPHEN_FIGURE) : [piece];
}

/**
 * Thai writes no spaces between words, and the line-breaking rules leave its breaks to a
 * dictionary: a Thai piece is split where the word segmenter ends a word, its spaces and closing
 * punctuation kept on the word before.
 */
function thaiPieces(piece: string): string[] {
  if (!THAI.test(piece)) return [piece];
  const out: string[] = [];
  for (const { segment } of thaiWords.segment(piece)) {
    if (out.length > 0 && /^[\s\p{Pe}\p{Pf}\p{Po}\u2028]+$/u.test(segment))
      out[out.length - 1] += segment;
    else out.push(segment);
  }
  return out;
}

const bidi = bidiFactory();
/** Hebrew, Arabic and the other right-to-left scripts' letters. */
const RIGHT_TO_LEFT =
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

function readsRightToLeft(text: string, inserted: readonly Inserted[]): boolean {
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
function insertedIn(
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
function lineRuns(
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

/**
 * Greedy line breaking with the font's real advance widths: pieces between break opportunities
 * added while the line, measured word by word as the renderers advance the pen, fits; a piece
 * wider than the box alone is cut between characters. `widthAt` measures a styled paragraph.
 */
function wrapLines(
  paragraph: string,
  weight: FontFace,
  size: number,
  maxWidth: number,
  widthAt: WidthAt = (_, text) => unitWidth(text, weight),
  firstLineWidth = maxWidth,
  keep: readonly Inserted[] = [],
): WrappedLine[] {
  if (paragraph === '') return [{ text: '', joiner: '', start: 0 }];
  // The first line may be narrower or wider than the rest (a bullet's words beside it).
  const limitOf = () => (lines.length === 0 ? firstLineWidth : maxWidth) / size;
  const lines: WrappedLine[] = [];
  // The line so far, where it starts, its width without trailing spaces, and its last word
  // (which a piece that does not follow a space, after a hyphen or between CJK characters,
  // lengthens). A line in progress ends where the next piece starts.
  let line = '';
  let lineStart = 0;
  let width = 0;
  let lastWord = '';
  let pieceStart = 0;
  const start = (text: string, at: number) => {
    line = text;
    lineStart = at;
    width = widthAt(at, text.trimEnd());
    lastWord = text.trimEnd().split(' ').pop() ?? '';
  };
  const close = (joiner?: WrappedLine['joiner']) => {
    const text = line.trimEnd();
    lines.push({ text, joiner: joiner ?? (text !== line ? ' ' : ''), start: lineStart });
    start('', lineStart + line.length);
  };
  /** The width of the line with `content` added (measured word by word, as drawn). */
  const widthWith = (content: string) => {
    const word = content.trimEnd();
    if (word.includes(' ')) return widthAt(lineStart, (line + content).trimEnd());
    const spaces = line.length - line.trimEnd().length;
    if (spaces > 0) {
      // The spaces as written (a tab's hair spaces among them).
      const gap = widthAt(pieceStart - spaces, line.slice(line.length - spaces));
      return width + gap + widthAt(pieceStart, word);
    }
    const wordStart = pieceStart - lastWord.length;
    return width - widthAt(wordStart, lastWord) + widthAt(wordStart, lastWord + word);
  };
  const pieces = [...breakablePieces(paragraph, keep)];
  for (let i = 0; i < pieces.length; i += 1) {
    const { text: piece, parts } = pieces[i]!;
    const isBreak = piece.endsWith(LINE_BREAK);
    const content = isBreak ? piece.slice(0, -LINE_BREAK.length) : piece;
    const added = line === '' ? Infinity : widthWith(content);
    if (parts && added > limitOf() && widthAt(pieceStart, content.trimEnd()) > limitOf()) {
      // A name or a phrase wider than a whole line breaks where its own words may.
      pieces.splice(i + 1, 0, ...parts);
      continue;
    }
    if (added <= limitOf()) {
      const word = content.trimEnd();
      if (word.includes(' ')) start(line + content, lineStart);
      else {
        lastWord = /\s$/.test(line) ? word : lastWord + word;
        line += content;
        // A piece of white space alone (a hair space) is a trailing space until words follow.
        if (word !== '') width = added;
      }
    } else {
      if (line !== '') close();
      const word = content.trimEnd();
      if (widthAt(pieceStart, word) <= limitOf()) {
        start(content, pieceStart);
      } else {
        const cut = breakWord(word, (start, text) => widthAt(pieceStart + start, text), limitOf());
        const rest = cut.pop() ?? '';
        let at = pieceStart;
        for (const text of cut) {
          lines.push({ text, joiner: '', start: at });
          at += text.length;
        }
        start(rest + content.slice(word.length), at);
      }
    }
    pieceStart += piece.length;
    if (isBreak) close(LINE_BREAK);
  }
  if (line !== '' || lines.length === 0 || lines[lines.length - 1]!.joiner === LINE_BREAK) close();
  lines[lines.length - 1]!.joiner = '';
  return lines;
}

/** A paragraph's lines in a box `maxWidth` points wide (see {@link wrapLines}). */
export function wrapParagraph(
  paragraph: string,
  weight: FontFace,
  size: number,
  maxWidth: number,
): string[] {
  return wrapLines(paragraph, weight, size, maxWidth).map((line) => line.text);
}

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

/** The face a spec is set in: its weight, in its family or the active one. */
function specFace(spec: TextSpec): FontFace {
  return faceOf(spec.family ?? activeFontFamily(), spec.weight ?? 'regular', spec.italic);
}

/**
 * How far a bulleted text sits from its bullet: its indent, and for numbered paragraphs at least
 * the widest label and a little room, so "10." never runs into its words.
 */
function bulletIndentOf(spec: TextSpec, paragraphs: readonly Paragraph[], size: number): number {
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
    const wrapped = wrapLines(
      paragraph.text,
      weight,
      size,
      spec.wrapUnderBullet ? spec.w : spec.w - indent,
      paragraph.styles && widthAtOf(paragraph, weight, spec),
      spec.w - indent,
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

/** The height a text takes at its size, wrapped in its box's width (never shrunk or cut). */
export function measureTextHeight(spec: TextSpec): number {
  return tryLayout(spec, splitParagraphs(spec), spec.size).height;
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

/** How wide a paragraph's bullet (drawn in `bulletFace`) or its number's label is drawn. */
function markWidth(
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
function bulletFaceOf(bullet: string, face: FontFace): FontFace | undefined {
  const drawn = fontSegments(bullet, face)[0]?.face ?? face;
  return drawn === face ? undefined : drawn;
}

/**
 * Lays text out in its box: wraps at word boundaries, shrinks the size in half-point steps
 * until every line fits (never below `minSize`), and as a last resort cuts lines with an
 * ellipsis, so text never leaves its box.
 */
export function layoutText(spec: TextSpec): TextElement {
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
  const bulletFace = spec.bullets ? bulletFaceOf(spec.bulletChar ?? '•', weight) : undefined;
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
    const lineIndent = spec.wrapUnderBullet && !line.firstOfParagraph ? 0 : indent;
    const available = spec.w - lineIndent;
    let x = isRtl ? spec.x : spec.x + lineIndent;
    if (align === 'center') x += (available - width) / 2;
    if (align === 'right') x += available - width;
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
    ...(spec.bullets && spec.bulletChar ? { bulletChar: spec.bulletChar } : {}),
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
 * A line of a styled paragraph as runs, left to right from `x`: one per style, split further
 * where a fallback family draws characters the style's face lacks. Each run carries its look.
 */
function styledRuns(
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
function spansOf(paragraph: Pick<Paragraph, 'text' | 'styles'>): StyledSpan[] {
  return styleSegments(paragraph, 0, paragraph.text).map((segment) => ({
    text: segment.text,
    style: segment.style ?? {},
  }));
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
