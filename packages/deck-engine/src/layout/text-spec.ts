import { activeFontFamily, faceOf, type FontFace, type FontWeight } from './fonts.ts';
import type { Box, Hex, RunStyle, StyledSpan, TextAlign, VerticalAlign } from './model.ts';
import type { TabStop } from './tab-stops.ts';

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
  /**
   * Paragraphs set in from the box's left and hung from a bullet of their own (a table cell's
   * list levels), one entry for each paragraph as split (with `keepBlankLines`, each line of
   * the text); a paragraph without one is the text's own.
   */
  paragraphIndents?: readonly (ParagraphIndent | null | undefined)[];
}

/** A paragraph's own indent: its words `indent` points right of the box's left, its bullet `hanging` points before them. */
export interface ParagraphIndent {
  indent: number;
  bullet?: string;
  hanging?: number;
}

/** How far a paragraph's words sit right of its box's left of its own (see `paragraphIndents`). */
export function ownIndentOf(spec: TextSpec, paragraph: number): number {
  return Math.max(0, spec.paragraphIndents?.[paragraph]?.indent ?? 0);
}

/**
 * A paragraph as laid out: its text, and when words of it are styled apart, each character's
 * style (undefined where it has the text's own).
 */
export interface Paragraph {
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
export interface Inserted {
  start: number;
  end: number;
  keep: boolean;
}

/** The face a spec is set in: its weight, in its family or the active one. */
export function specFace(spec: TextSpec): FontFace {
  return faceOf(spec.family ?? activeFontFamily(), spec.weight ?? 'regular', spec.italic);
}
