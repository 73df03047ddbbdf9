/**
 * Tabs in a paragraph. Lines are drawn as runs of text, so for drawing each tab becomes the run
 * of spaces (and hair spaces) that reaches the stop PowerPoint moves to, measured in the words' own fonts: the
 * text's next stop of its own past the words before it, else the next default stop (an inch
 * apart unless the text says otherwise). A right-aligned stop ends the words after the tab
 * there, a centred one centres them on it, a decimal one puts their first full stop on it (or
 * ends them there when they have none). A line break starts again from the paragraph's margin.
 * (The PPTX keeps the tab and its stops: PowerPoint sets them itself.)
 */

export interface TabStop {
  /** Points from the text's left edge. */
  at: number;
  align: 'left' | 'right' | 'center' | 'decimal';
}

/** The alignments as DrawingML names them (`a:tab/@algn`). */
export const DRAWINGML_TAB_ALIGNMENTS = {
  left: 'l',
  right: 'r',
  center: 'ctr',
  decimal: 'dec',
} as const satisfies Record<TabStop['align'], string>;

export interface TabbedRun {
  text: string;
}

export interface TabLayout {
  /** Where the first line's words start and where a line after a break starts, in points. */
  firstLineStart: number;
  lineStart: number;
  stops: readonly TabStop[];
  /** The distance between default stops, in points. */
  defaultStop: number;
  /** How wide a run's words are, in points. */
  measure: (run: number, text: string) => number;
}

type Token =
  | { kind: 'text'; run: number; text: string }
  | { kind: 'tab'; run: number }
  | { kind: 'break'; run: number };

/** The runs' texts with each tab written as spaces (at least one); runs without tabs as they were. */
export function expandTabs(
  runs: readonly TabbedRun[],
  lineBreak: string,
  layout: TabLayout,
): string[] {
  if (!runs.some((run) => run.text.includes('\t'))) return runs.map((run) => run.text);
  const tokens: Token[] = [];
  runs.forEach((run, index) => {
    if (run.text === lineBreak) {
      tokens.push({ kind: 'break', run: index });
      return;
    }
    run.text.split('\t').forEach((text, i) => {
      if (i > 0) tokens.push({ kind: 'tab', run: index });
      if (text !== '') tokens.push({ kind: 'text', run: index, text });
    });
  });
  const out = runs.map(() => '');
  const stops = [...layout.stops].sort((a, b) => a.at - b.at);
  let x = layout.firstLineStart;
  for (const [i, token] of tokens.entries()) {
    if (token.kind === 'break') {
      out[token.run] += lineBreak;
      x = layout.lineStart;
    } else if (token.kind === 'text') {
      out[token.run] += token.text;
      x += layout.measure(token.run, token.text);
    } else {
      const space = Math.max(0.1, layout.measure(token.run, ' '));
      const stop = nextStop(x, stops, layout.defaultStop);
      // The words up to the next tab or line break, for a stop they end at or centre on, and
      // those before their first full stop, for a decimal stop.
      let after = 0;
      let beforePoint: number | undefined;
      for (let j = i + 1; j < tokens.length && tokens[j]!.kind === 'text'; j += 1) {
        const next = tokens[j] as Extract<Token, { kind: 'text' }>;
        const point = next.text.indexOf('.');
        if (point >= 0 && beforePoint === undefined) {
          beforePoint = after + layout.measure(next.run, next.text.slice(0, point));
        }
        after += layout.measure(next.run, next.text);
      }
      const target =
        stop.align === 'left'
          ? stop.at
          : stop.align === 'center'
            ? stop.at - after / 2
            : stop.at - (stop.align === 'decimal' ? (beforePoint ?? after) : after);
      const filler = fill(target - x, space, layout.measure(token.run, HAIR_SPACE));
      out[token.run] += filler.text;
      x += filler.width;
    }
  }
  return out;
}

/** U+200A, a space a tenth of an em or so wide in the bundled families. */
const HAIR_SPACE = '\u200a';

/**
 * What fills `gap` points: spaces, then hair spaces for the rest (a column's figures stand within
 * about a point of their stop, not half a space); never nothing.
 */
function fill(gap: number, space: number, hair: number): { text: string; width: number } {
  const spaces = Math.floor(Math.max(0, gap) / space);
  const rest = Math.max(0, gap) - spaces * space;
  const hairs = hair > 0.05 ? Math.round(rest / hair) : 0;
  if (spaces + hairs === 0) {
    return hair > 0.05 ? { text: HAIR_SPACE, width: hair } : { text: ' ', width: space };
  }
  return {
    text: ' '.repeat(spaces) + HAIR_SPACE.repeat(hairs),
    width: spaces * space + hairs * hair,
  };
}

/** The first stop past `x`: the paragraph's own (in order), else the next default one. */
function nextStop(x: number, stops: readonly TabStop[], defaultStop: number): TabStop {
  const own = stops.find((stop) => stop.at > x + 0.5);
  if (own) return own;
  const step = defaultStop > 1 ? defaultStop : 72;
  return { at: (Math.floor(x / step + 1e-6) + 1) * step, align: 'left' };
}
