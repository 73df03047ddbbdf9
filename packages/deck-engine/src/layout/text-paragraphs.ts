import type { RunStyle, StyledSpan } from './model.ts';
import { expandTabs } from './tab-stops.ts';
import { bulletIndentOf } from './text-bullets.ts';
import { RIGHT_TO_LEFT, takeMarks, withIsolates } from './text-direction.ts';
import { specFace, type Paragraph, type TextSpec } from './text-spec.ts';
import { styleSegments, widthAtOf } from './text-styles.ts';
import { LINE_BREAK } from './text-wrap.ts';

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

export function splitParagraphs(spec: TextSpec): Paragraph[] {
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
