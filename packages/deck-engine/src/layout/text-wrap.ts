import { createRequire } from 'node:module';
import type { Parser } from 'budoux';
import LineBreaker from 'linebreak';
import { unitWidth, type FontFace } from './fonts.ts';
import type { Inserted } from './text-spec.ts';
import type { WidthAt } from './text-styles.ts';

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
export interface WrappedLine {
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
const require = createRequire(import.meta.url);
/**
 * BudouX, read the first time a paragraph in Japanese or Chinese is wrapped: its models and the
 * HTML library it brings cost a Latin deck's process a second of loading on a busy machine.
 */
const budoux = () => require('budoux') as typeof import('budoux');

/**
 * Where BudouX ends a phrase in the paragraph (offsets), for a paragraph in Japanese (any kana)
 * or Chinese (Han alone); none for the other scripts.
 */
function phraseEnds(paragraph: string): Set<number> | undefined {
  if (!CJK.test(paragraph)) return undefined;
  const parser = KANA.test(paragraph)
    ? (japanese ??= budoux().loadDefaultJapaneseParser())
    : (chinese ??= budoux().loadDefaultSimplifiedChineseParser());
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

/**
 * Greedy line breaking with the font's real advance widths: pieces between break opportunities
 * added while the line, measured word by word as the renderers advance the pen, fits; a piece
 * wider than the box alone is cut between characters. `widthAt` measures a styled paragraph.
 */
export function wrapLines(
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
