import type { TemplateElement } from '@deck-portal/domain';
import { faceOf, type FontWeight } from '../layout/fonts.ts';
import type { ColorContext, Rgba } from './drawingml-color.ts';
import { isMetricTwin, isOfFamily, mapFont, type ImportFont } from './font-map.ts';
import type { PptxPackage, Relationship } from './pptx-package.ts';
import type { TableStyles } from './table-look.ts';
import type { Theme } from './theme.ts';
import type { XmlElement } from './xml-tree.ts';

// The shapes a slide is read into and the context every reader of its parts shares.

/** Something of a slide that did not become an editable element, and what was done instead. */
export interface NotImported {
  kind: string;
  why: string;
  /** How many times, when more than once. */
  count?: number;
}

export interface LeftOut {
  kind: string;
  /** How the report names it (`a chart`). */
  what: string;
  /** The report's reason, as noted when it was left out. */
  why: string;
  box: { x: number; y: number; w: number; h: number };
  /** The index in the slide's elements it would have been drawn at. */
  at: number;
}

export interface SlideReport {
  /** Elements made, by kind (`text`, `rect`, `picture`…). */
  imported: Record<string, number>;
  notImported: NotImported[];
  /** Typefaces the slide names and the bundled family each is drawn in. */
  fonts: { from: string; to: string }[];
}

export interface ReadSlide {
  /** 1-based, in the order the presentation shows its slides. */
  number: number;
  /** The slide's id in the presentation, which stays with it (see `presentationOutline`). */
  slideId?: number;
  part: string;
  /** Hidden in the slide show: offered, not chosen by default. */
  hidden: boolean;
  /** The title placeholder's text, the first text otherwise. */
  title: string;
  background: string;
  elements: TemplateElement[];
  /** The slide's pictures by the address its elements name them with (`pptx:…`). */
  pictures: Map<string, Uint8Array>;
  report: SlideReport;
  /** Charts, SmartArt and objects left out: their box and where in the order they were. */
  leftOut: LeftOut[];
}

/**
 * The library's own font (its brand font), when it has one: what decks are set in where a text
 * names no family. Text in that font keeps it (by the name its files give it), a typeface with no
 * bundled stand-in of its kind is drawn in it rather than in Inter, and lines are measured in it.
 */
export interface HouseFont {
  /** The family's name as its files give it: `Gill Sans MT`. */
  name: string;
  /** The engine family the files are registered as (see `useBrandFonts`). */
  family: string;
}

export interface ReadPresentation {
  /** The file's slide size in points. */
  width: number;
  height: number;
  /** When the presentation was first made, when the file says (see `presentationCreated`). */
  created?: string;
  slides: ReadSlide[];
}

/** A picture to cut and fade before it is stored (done once, after reading). */
export interface PendingPicture {
  src: string;
  bytes: Uint8Array;
  crop?: { left: number; top: number; right: number; bottom: number };
  opacity?: number;
  /** The frame's aspect (width / height): PowerPoint stretches a picture to its frame. */
  aspect: number;
  /** Shown in two colours (`a:duotone`: dark → first, light → second) or in greys. */
  duotone?: [string, string];
  grayscale?: boolean;
  /** A tiled fill: the picture repeated at its own size (scaled) across a frame this big. */
  tile?: { frameWidth: number; frameHeight: number; scaleX: number; scaleY: number };
  /** Cut to this outline (path commands in a 1000 × 1000 square over the picture). */
  mask?: string;
}

/**
 * EMU of the current shape tree → slide points: x' = sx·x + ox (groups compose these), then
 * the turns of the groups it is in, the innermost first.
 */
export interface Transform {
  sx: number;
  ox: number;
  sy: number;
  oy: number;
  turns: GroupTurn[];
}

/** A turned or mirrored group: about its centre in slide points, mirrored first. */
export interface GroupTurn {
  cx: number;
  cy: number;
  rotation: number;
  flipH: boolean;
  flipV: boolean;
}

/** What a master, layout or slide part gives the shapes inside it. */
export interface PartContext {
  part: string;
  rels: Map<string, Relationship>;
  colors: ColorContext;
}

export interface Placeholder {
  type: string;
  idx: string | undefined;
  shape: XmlElement;
}

export interface Master {
  root: XmlElement;
  theme: Theme;
  /** The theme part's own context: a theme style's picture names its file through it. */
  themeContext: PartContext;
  map: Record<string, string>;
  context: PartContext;
  placeholders: Placeholder[];
  titleStyle: XmlElement | undefined;
  bodyStyle: XmlElement | undefined;
  otherStyle: XmlElement | undefined;
}

export interface Layout {
  root: XmlElement;
  master: Master;
  context: PartContext;
  placeholders: Placeholder[];
}

export const hexOf = (color: Rgba) => `#${color.hex}`;
export const round = (value: number) => Math.round(value * 100) / 100;
export const clampCoordinate = (value: number) => Math.min(3_000, Math.max(-2_000, round(value)));
export const clampLength = (value: number) => Math.min(3_000, Math.max(0, round(value)));

/** Where a shape tree is read from: what a master or layout draws, or the slide's own. */
export type TreeSource = 'master' | 'layout' | 'slide';

/** Reads a shape tree into the slide (the coordinator's, so that charts and diagrams may). */
export type TreeReader = (
  read: SlideRead,
  tree: XmlElement | undefined,
  transform: Transform,
  context: PartContext,
  source: TreeSource,
) => void;

/**
 * One slide being read: what it inherits, what it has made so far (elements, pictures, the
 * report) and the few things every part of the reader does with it. The reading itself is done
 * by functions of their own concern (shapes, text, tables, pictures, charts, diagrams).
 */
export class SlideRead {
  readonly elements: TemplateElement[] = [];
  readonly report: SlideReport = { imported: {}, notImported: [], fonts: [] };
  readonly pictures = new Map<string, Uint8Array>();
  readonly leftOut: LeftOut[] = [];
  /** Why the chart being read is not one the engine draws, for the report. */
  chartWhy: string | undefined;
  title = '';
  firstText = '';

  constructor(
    readonly pkg: PptxPackage,
    readonly layout: Layout,
    readonly slideContext: PartContext,
    readonly base: Transform,
    readonly defaultTextStyle: XmlElement | undefined,
    readonly tableStyles: TableStyles,
    readonly pending: PendingPicture[],
    readonly houseFont: HouseFont | undefined,
    private readonly treeReader: TreeReader,
  ) {}

  /** Reads a shape tree (a group's, a chart's drawing, a diagram's) into this slide. */
  readTree(
    tree: XmlElement | undefined,
    transform: Transform,
    context: PartContext,
    source: TreeSource,
  ) {
    this.treeReader(this, tree, transform, context, source);
  }

  count(kind: string) {
    this.report.imported[kind] = (this.report.imported[kind] ?? 0) + 1;
  }

  /** Noted once per kind and reason, with how many times it happened. */
  skip(kind: string, why: string) {
    const known = this.report.notImported.find((n) => n.kind === kind && n.why === why);
    if (known) known.count = (known.count ?? 1) + 1;
    else this.report.notImported.push({ kind, why });
  }

  /** The family a typeface is drawn in: the house font's own name in the deck's family. */
  mapFont(typeface: string): ImportFont {
    // The house font's weights (`Montserrat SemiBold`) are the house font too.
    return this.houseFont && isOfFamily(typeface, this.houseFont.name)
      ? 'Inter'
      : mapFont(typeface);
  }

  /** A family as the editor knows it: the deck's family is the house font, where there is one. */
  fontName(font: ImportFont): string {
    return font === 'Inter' && this.houseFont ? this.houseFont.name : font;
  }

  /** The face a family's text is measured in (the deck's family: the house font, if any). */
  faceOf(font: ImportFont, weight: FontWeight, italic = false) {
    return faceOf(font === 'Inter' ? this.houseFont?.family : font, weight, italic);
  }

  /**
   * Notes, once a slide, which family a typeface is drawn in; true the first time when its lines
   * may break in other places than the original's (drawn in a family of other metrics).
   */
  noteFont(typeface: string, font: ImportFont): boolean {
    if (this.report.fonts.some((f) => f.from === typeface)) return false;
    const drawnIn = this.fontName(font);
    this.report.fonts.push({ from: typeface, to: drawnIn });
    // A weight of a family is drawn in that family's face of the weight.
    const isItself = isOfFamily(typeface, drawnIn);
    // A metric twin stands in for its original, unless the house font stands in for it.
    return !isItself && !(isMetricTwin(typeface) && (font !== 'Inter' || !this.houseFont));
  }

  push(element: TemplateElement) {
    this.elements.push(element);
    this.count(
      element.kind === 'rect' || element.kind === 'ellipse' || element.kind === 'path'
        ? 'shape'
        : element.kind,
    );
  }

  box(box: { x: number; y: number; w: number; h: number }) {
    return {
      x: clampCoordinate(box.x),
      y: clampCoordinate(box.y),
      w: clampLength(box.w),
      h: clampLength(box.h),
    };
  }
}
