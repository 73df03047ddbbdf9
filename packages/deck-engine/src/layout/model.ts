import type {
  ChartMarkerShape,
  ChartNumber,
  ChartType,
  FixedScale,
  LineEnd,
  SlideProductShare,
} from '@deck-portal/domain';
import type { FontFace, FontWeight } from './fonts.ts';
import type { TabStop } from './tab-stops.ts';
import type { ParagraphIndent } from './text-spec.ts';

/**
 * The laid-out deck: every position is final, in points, on a 960 × 540 pt slide
 * (13.333 × 7.5 in). The PPTX, PDF and SVG renderers draw from this one model.
 */
export const SLIDE_WIDTH = 960;
export const SLIDE_HEIGHT = 540;
export const POINTS_PER_INCH = 72;

/** Points as inches, the unit pptxgenjs places things in. */
export const inches = (pt: number) => pt / POINTS_PER_INCH;

/** `RRGGBB`, no `#`. */
export type Hex = string;

export type TextAlign = 'left' | 'center' | 'right';
export type VerticalAlign = 'top' | 'middle' | 'bottom';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * How an element is turned about its box's centre: mirrored first (`flipH` left to right,
 * `flipV` top to bottom), then `rotation` degrees clockwise. Absent: level and unmirrored.
 */
export interface Turn {
  rotation?: number;
  flipH?: boolean;
  flipV?: boolean;
}

export interface GradientStop {
  at: number;
  color: Hex;
  opacity: number;
}

/**
 * A shape's gradient (`fill` stands in for it where a renderer has none): linear at `angle`
 * degrees clockwise from left-to-right, or radial about (`cx`, `cy`), fractions of the box,
 * out to its farthest corner.
 */
export type Gradient =
  | { kind: 'linear'; angle: number; stops: GradientStop[] }
  | { kind: 'radial'; cx: number; cy: number; stops: GradientStop[] };

/**
 * A piece of a line drawn apart from the rest: characters a fallback family draws, or a word of
 * right-to-left text in its reading place. Its glyphs are drawn left to right from `x`.
 */
export interface TextRun {
  text: string;
  face: FontFace;
  /** Absolute left edge. */
  x: number;
  /**
   * On a line with words styled apart (see {@link RunStyle}), each run's look in full: its
   * colour, size, how far its baseline is raised (negative: lowered) and whether it is underlined.
   */
  look?: { color: Hex; size: number; rise: number; underline: boolean; link?: string };
}

/** How words of a paragraph differ from their text's style; what is left out, they take from it. */
export interface RunStyle {
  weight?: FontWeight;
  /** The words' size as a share of their text's (a raised or lowered word's is two-thirds of it). */
  scale?: number;
  /** A registered font family the words are set in, when not their text's. */
  family?: string;
  italic?: boolean;
  underline?: boolean;
  color?: Hex;
  /** Raised or lowered at two-thirds of the size. */
  script?: 'super' | 'sub';
  /** A web or e-mail address the words link to (the PDF and the PPTX open it). */
  link?: string;
}

/** A piece of a paragraph's text in one style. */
export interface StyledSpan {
  text: string;
  style: RunStyle;
}

export interface TextLine {
  text: string;
  /** Absolute left edge of the line's text, after alignment and bullet indent. */
  x: number;
  /** Absolute alphabetic baseline. */
  baseline: number;
  width: number;
  /** Where to draw a bullet for the first line of a bulleted paragraph. */
  bulletX?: number;
  /** A numbered paragraph's label (`3.`), drawn at `bulletX` in place of the bullet. */
  label?: string;
  /**
   * The line's pieces in visual order, when it is not all drawn left to right in the text's face
   * (fallback fonts, right-to-left words); `text` stays the line in reading order.
   */
  runs?: TextRun[];
}

export interface TextElement extends Box {
  kind: 'text';
  /** A stable name tests and the web view can find a box by (e.g. `client-name`). */
  name?: string;
  weight: FontWeight;
  /** The registered font family it is set in; the built-in family when absent. */
  family?: string;
  italic?: boolean;
  underline?: boolean;
  /** Font size in points after shrink-to-fit. */
  size: number;
  color: Hex;
  align: TextAlign;
  valign: VerticalAlign;
  /** Line pitch in points. */
  lineHeight: number;
  /** Extra space after each paragraph, in points. */
  paragraphGap: number;
  bullets: boolean;
  /** The text's distance from its bullet in points, when not the usual 1.1 × the size. */
  bulletIndent?: number;
  /** A bulleted paragraph's later lines start under its bullet, at the box's left. */
  wrapUnderBullet?: boolean;
  /** Every paragraph's direction, when set apart from what its letters say. */
  rightToLeft?: boolean;
  /** The bullet when not `•`. */
  bulletChar?: string;
  /** The face the bullet is drawn in, when the text's own lacks it (a symbol's fallback family). */
  bulletFace?: FontFace;
  /** The bullet's (or number's) colour when not the text's. */
  bulletColor?: Hex;
  /** The bullet's (or number's) size as a share of the text's, when not 1. */
  bulletSize?: number;
  /** Numbered paragraphs: the scheme (PowerPoint's name, `arabicPeriod`) and the first number. */
  numbering?: { scheme: string; startAt: number };
  /** The source paragraphs (the PPTX gets these as editable paragraphs, tabs included). */
  paragraphs: string[];
  /**
   * Where the paragraphs' tabs stop, in points from the box's left (the lines have them set as
   * spaces); present when a paragraph has a tab and the text sets stops of its own.
   */
  tabStops?: TabStop[];
  /** The distance between default tab stops in points, when a paragraph has a tab and it is set. */
  tabSize?: number;
  /**
   * The paragraphs written with words styled apart, as spans that join to the paragraph's text
   * (null for a paragraph in the text's style alone); absent when none is, or lines were cut.
   */
  spans?: (StyledSpan[] | null)[];
  lines: TextLine[];
  /** True when even the smallest size could not hold the text and lines were cut. */
  truncated: boolean;
  /** The size it was given, when it was shrunk to fit its box (what preflight judges). */
  shrunkFrom?: number;
  /** Degrees clockwise the laid-out box is turned about its centre. */
  rotation?: number;
  /** 0–1, how solid the text is drawn (PDF and SVG only); opaque when absent. */
  opacity?: number;
}

export interface ShapeElement extends Box, Turn {
  kind: 'rect' | 'ellipse' | 'path';
  /** A `path` shape's outline: `M`, `L`, `C`, `Z` in a 1000 × 1000 square over the box. */
  path?: string;
  gradient?: Gradient;
  fill?: Hex;
  /** 0–1; 1 is opaque. */
  fillOpacity?: number;
  stroke?: { color: Hex; width: number; dash?: boolean; opacity?: number };
  /** Corner radius in points (rect only). */
  radius?: number;
  /** A soft shadow behind the shape, falling `dx`, `dy` points on the slide. */
  shadow?: Shadow;
}

export interface Shadow {
  color: Hex;
  /** 0–1. */
  opacity: number;
  /** How far the shadow's edge blurs, in points. */
  blur: number;
  dx: number;
  dy: number;
}

export interface LineElement {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: Hex;
  width: number;
  dash?: boolean;
  opacity?: number;
  /** The mark at (x1, y1) and at (x2, y2); a plain end when absent. */
  startArrow?: LineEnd;
  endArrow?: LineEnd;
}

export interface ImageElement extends Box, Turn {
  kind: 'image';
  /** The picture's URL as the rep typed it; resolved to bytes before rendering. */
  src: string;
  fit: 'cover' | 'contain';
  alt: string;
  /** A soft shadow behind the picture as drawn (its box: the frame, or the fitted picture). */
  shadow?: Shadow;
}

/** Room between a cell's edges and its text, in points. */
export interface CellPadding {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface TableCell {
  text: TextElement;
  fill?: Hex;
  /** A merged cell: how many columns and rows it spans (its text is laid out across them). */
  span?: { columns: number; rows: number };
  /** Under a merged cell: not drawn, and left out of a written table. */
  covered?: true;
  /** Room around this cell's text in points, when it is not the table's `padding`. */
  padding?: CellPadding;
  /** Its paragraphs' own indents and bullets (a cell's list levels), paragraph by paragraph. */
  paragraphIndents?: readonly (ParagraphIndent | null | undefined)[];
}

/** One segment of a table's grid lines. */
export interface TableLine {
  color: Hex;
  width: number;
}

/**
 * A table's grid lines segment by segment: `horizontal[r][c]` along the top of row r over
 * column c (r = the row count: the bottom edge), `vertical[r][c]` down the left of column c
 * along row r (c = the column count: the right edge); null where there is none.
 */
export interface TableBorders {
  horizontal: (TableLine | null)[][];
  vertical: (TableLine | null)[][];
}

export interface TableElement extends Box {
  kind: 'table';
  name?: string;
  columnWidths: number[];
  rowHeights: number[];
  rows: TableCell[][];
  /** The rule under each row, when the table has no `borders`. */
  borderColor: Hex;
  borders?: TableBorders;
  /** Room around each cell's text in points, when not the engine's 8 by 5. */
  padding?: { x: number; y: number };
}

/** A chart's data and look with every colour resolved: what a native PowerPoint chart is written from. */
export interface ChartData {
  type: ChartType;
  stacked: boolean;
  title?: string;
  categories: string[];
  series: {
    name: string;
    values: (number | null)[];
    color: Hex;
    asLine: boolean;
    markers: boolean;
    /** The markers' shape (a circle when absent) and size across in points (Office's 7). */
    markerShape?: ChartMarkerShape;
    markerSize?: number;
    /** False: a line series drawn as its markers alone. */
    line: boolean;
    outline?: Hex;
  }[];
  /** A pie's or doughnut's slice colours, one per category. */
  pointColors: Hex[];
  legend?: 'right' | 'bottom' | 'top' | 'left';
  dataLabels: boolean;
  dataLabelSize: number;
  dataLabelBold: boolean;
  percentLabels: boolean;
  number?: ChartNumber;
  gridlines: boolean;
  gridColor: Hex;
  scale?: FixedScale;
  /** The plot's and the legend's place in the box, as shares of it. */
  plot?: { x: number; y: number; w: number; h: number };
  legendArea?: { x: number; y: number; w: number; h: number };
  /** The title's top left corner, as shares of the box. */
  titleAt?: { x: number; y: number };
  categoryTurn?: 0 | 45 | 90;
  titleSize: number;
  titleBold: boolean;
  /** The labels in bold. */
  bold: boolean;
  legendSize: number;
  legendBold: boolean;
  /** The value axis's figures written beside it, in their own size and weight. */
  valueLabels: boolean;
  valueSize: number;
  valueBold: boolean;
  /** The labels' size: the category names', and the others' unless they have their own. */
  size: number;
  color: Hex;
  /** A registered family; the active one when absent. */
  family?: string;
  /** How figures are written (`1,234.5`, `1.234,5`). */
  locale?: string;
}

/**
 * A chart: its data for the PowerPoint, and the same chart drawn as shapes, lines and texts
 * (`parts`, laid out in its box) for the PDF, the web view and the thumbnails.
 */
export interface ChartElement extends Box {
  kind: 'chart';
  name?: string;
  data: ChartData;
  /** The value axis as drawn, from its least to its greatest figure in steps (charts with axes). */
  axis?: { min: number; max: number; step: number };
  parts: ChartPart[];
}

/** What a chart is drawn with. */
export type ChartPart = TextElement | ShapeElement | LineElement;

export type SlideElement =
  TextElement | ShapeElement | LineElement | ImageElement | TableElement | ChartElement;

export type SlideKind = 'template' | 'pricing' | 'custom';

/**
 * A picture frame of a slide whose address came out empty for this deck: nothing is drawn, but
 * preflight names it. `at`: the index of the element it would have been drawn before.
 */
export interface EmptyPicture extends Box {
  at: number;
}

export interface Slide {
  /** Template slide id, `pricing-<product>` or the custom slide id. */
  id: string;
  kind: SlideKind;
  title: string;
  background: Hex;
  elements: SlideElement[];
  /** Picture frames left empty (not drawn). */
  emptyPictures?: EmptyPicture[];
  /**
   * The library texts a deck in another language draws in the library's own for want of a
   * translation (issue 50): the language, and the texts as the library writes them.
   */
  untranslated?: { language: string; texts: string[] };
}

export interface Deck {
  title: string;
  clientName: string;
  /** The presentation date as written in the draft (`YYYY-MM-DD`); fixes file dates too. */
  date: string;
  author: string;
  company: string;
  slides: Slide[];
  /** Problems found while building (unknown slide ids, unknown layouts): never fatal. */
  warnings: string[];
  /**
   * Each slide's key and whether its figures are the deck's quote (a pricing slide, a slide
   * computing from the quote), in order; keys are the slides' ids, priced none, when left out.
   */
  slidePlan?: { key: string; priced: boolean }[];
  /**
   * Which products each slide is about, with each one's share of its time, in order (issue 51):
   * none for a slide about no product, and for every slide when left out (an edited deck).
   */
  slideProducts?: SlideProductShare[][];
}

/** The elements as drawn: each chart's parts in its place. */
export function drawnElements<T extends { kind: string }>(
  elements: readonly (T | ChartElement)[],
): (T | ChartPart)[] {
  return elements.flatMap((element): (T | ChartPart)[] =>
    element.kind === 'chart' ? (element as ChartElement).parts : [element as T],
  );
}
