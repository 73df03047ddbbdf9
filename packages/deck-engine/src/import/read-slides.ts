import { createHash } from 'node:crypto';
import {
  isLinkAddress,
  lineEnds,
  MAX_TAB_STOPS,
  numberLabel,
  numberSchemes,
  templateElementSchema,
  type LineEnd,
  type NumberScheme,
  type TemplateElement,
  type TemplateGradient,
  type TemplateShadow,
} from '@deck-portal/domain';
import {
  faceOf,
  measureText,
  missingCharacters,
  singleSpacing,
  withFontFamily,
  type FontWeight,
} from '../layout/fonts.ts';
import { lineMarkSize } from '../layout/line-ends.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH, type Box } from '../layout/model.ts';
import {
  isRightToLeft,
  LINE_BREAK,
  measureTextHeight,
  measureTextWidth,
  textBandOverflow,
  textLeadingShift,
  type TextSpec,
} from '../layout/text-layout.ts';
import { placePath, svgPathData } from '../render/shape-path.ts';
import { declaredResolution, isOpaqueImage, sniffImage } from '../images/sniff-image.ts';
import {
  averageColor,
  gradientStops,
  resolveColor,
  resolveColorIn,
  type ColorContext,
  type Rgba,
} from './drawingml-color.ts';
import {
  bulletCharacter,
  isMetricTwin,
  isOfFamily,
  mapFont,
  typefaceWeight,
  type ImportFont,
} from './font-map.ts';
import {
  connectorRoute,
  curvePath,
  customPath,
  flipPath,
  presetPath,
  type Point,
} from './geometry.ts';
import {
  EMU_PER_POINT,
  presentationCreated,
  presentationOutline,
  relationshipsOf,
  type PptxPackage,
  type Relationship,
} from './pptx-package.ts';
import {
  mergeBodyLooks,
  mergeParagraphLooks,
  readBodyLook,
  readListStyle,
  readParagraphLook,
  readRunLook,
  joinRuns,
  spansOf,
  styleApart,
  type DrawnLook,
  type ParagraphLook,
  type RunLook,
} from './text-body.ts';
import {
  columnAlignment,
  readTableLook,
  readTableStyles,
  tableStyleOf,
  type TableLineLook,
  type TableStyles,
} from './table-look.ts';
import type { TabStop } from '../layout/tab-stops.ts';
import { readChart } from './read-chart.ts';
import { readTheme, type Theme } from './theme.ts';
import {
  booleanAttr,
  child,
  childrenNamed,
  numberAttr,
  pathOf,
  readXmlTree,
  type XmlElement,
} from './xml-tree.ts';

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

/** A chart part as read: its tree and its relationships (its theme, its drawing). */
interface ChartPart {
  space: XmlElement | undefined;
  rels: Map<string, Relationship>;
}

/** A picture to cut and fade before it is stored (done once, after reading). */
interface PendingPicture {
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
interface Transform {
  sx: number;
  ox: number;
  sy: number;
  oy: number;
  turns: GroupTurn[];
}

/** A turned or mirrored group: about its centre in slide points, mirrored first. */
interface GroupTurn {
  cx: number;
  cy: number;
  rotation: number;
  flipH: boolean;
  flipV: boolean;
}

/** What a master, layout or slide part gives the shapes inside it. */
interface PartContext {
  part: string;
  rels: Map<string, Relationship>;
  colors: ColorContext;
}

interface Placeholder {
  type: string;
  idx: string | undefined;
  shape: XmlElement;
}

interface Master {
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

interface Layout {
  root: XmlElement;
  master: Master;
  context: PartContext;
  placeholders: Placeholder[];
}

const defaultTypeOf = (shape: XmlElement) => {
  const ph =
    pathOf(shape, 'p:nvSpPr', 'p:nvPr', 'p:ph') ?? pathOf(shape, 'p:nvPicPr', 'p:nvPr', 'p:ph');
  return ph;
};

function placeholderOf(shape: XmlElement): Placeholder | undefined {
  const ph = defaultTypeOf(shape);
  if (!ph) return undefined;
  return { type: ph.attrs.type ?? 'obj', idx: ph.attrs.idx, shape };
}

function placeholdersIn(root: XmlElement | undefined): Placeholder[] {
  return childrenNamed(pathOf(root, 'p:cSld', 'p:spTree'), 'p:sp').flatMap((shape) => {
    const placeholder = placeholderOf(shape);
    return placeholder ? [placeholder] : [];
  });
}

/** The master's kind for a placeholder type: what its text style and position come from. */
function masterType(type: string): string {
  if (type === 'ctrTitle' || type === 'title') return 'title';
  if (type === 'dt' || type === 'ftr' || type === 'sldNum') return type;
  return 'body';
}

function findLayoutPlaceholder(layout: Layout, placeholder: Placeholder) {
  const byIdx =
    placeholder.idx !== undefined
      ? layout.placeholders.find((p) => p.idx === placeholder.idx)
      : undefined;
  return (
    byIdx ??
    layout.placeholders.find((p) => p.type === placeholder.type) ??
    layout.placeholders.find(
      (p) => masterType(p.type) === masterType(placeholder.type) && masterType(p.type) === 'title',
    )
  );
}

function findMasterPlaceholder(master: Master, type: string) {
  return master.placeholders.find((p) => masterType(p.type) === masterType(type));
}

function colorMap(element: XmlElement | undefined): Record<string, string> {
  return { ...(element?.attrs ?? {}) };
}

function relsOf(pkg: PptxPackage, part: string) {
  return new Map(relationshipsOf(pkg, part).map((rel) => [rel.id, rel]));
}

/**
 * Reads every slide of a presentation into the template format, with what it inherits from
 * its layout, master and theme drawn in, placed on the 960 × 540 pt slide (a slide of another
 * shape is scaled to fit and centred). Pictures are cut and faded as PowerPoint shows them.
 */
export async function readSlides(
  pkg: PptxPackage,
  {
    onProgress,
    houseFont,
  }: {
    /** Told after each slide is read, with how many there are. */
    onProgress?: (done: number, total: number) => void;
    houseFont?: HouseFont;
  } = {},
): Promise<ReadPresentation> {
  const outline = presentationOutline(pkg);
  const scale = Math.min(SLIDE_WIDTH / outline.width, SLIDE_HEIGHT / outline.height);
  const base: Transform = {
    sx: scale / EMU_PER_POINT,
    ox: (SLIDE_WIDTH - outline.width * scale) / 2,
    sy: scale / EMU_PER_POINT,
    oy: (SLIDE_HEIGHT - outline.height * scale) / 2,
    turns: [],
  };
  const presentation = readXmlTree(pkg, 'ppt/presentation.xml');
  const defaultTextStyle = child(presentation, 'p:defaultTextStyle');
  const tableStylesPart =
    relationshipsOf(pkg, 'ppt/presentation.xml').find((r) => r.type === 'tableStyles')?.part ??
    'ppt/tableStyles.xml';
  const tableStyles = readTableStyles(readXmlTree(pkg, tableStylesPart));

  const masters = new Map<string, Master>();
  const layouts = new Map<string, Layout>();
  const loadMaster = (part: string): Master => {
    const known = masters.get(part);
    if (known) return known;
    const root = readXmlTree(pkg, part);
    if (!root) throw new Error(`${part} is missing`);
    const rels = relsOf(pkg, part);
    const themePart = [...rels.values()].find((r) => r.type === 'theme')?.part;
    const theme = readTheme(themePart ? readXmlTree(pkg, themePart) : undefined);
    const map = colorMap(child(root, 'p:clrMap'));
    const txStyles = child(root, 'p:txStyles');
    const master: Master = {
      root,
      theme,
      themeContext: {
        part: themePart ?? part,
        rels: themePart ? relsOf(pkg, themePart) : new Map(),
        colors: { theme: theme.colors, map },
      },
      map,
      context: { part, rels, colors: { theme: theme.colors, map } },
      placeholders: placeholdersIn(root),
      titleStyle: child(txStyles, 'p:titleStyle'),
      bodyStyle: child(txStyles, 'p:bodyStyle'),
      otherStyle: child(txStyles, 'p:otherStyle'),
    };
    masters.set(part, master);
    return master;
  };
  const loadLayout = (part: string): Layout => {
    const known = layouts.get(part);
    if (known) return known;
    const root = readXmlTree(pkg, part);
    if (!root) throw new Error(`${part} is missing`);
    const rels = relsOf(pkg, part);
    const masterPart = [...rels.values()].find((r) => r.type === 'slideMaster')?.part;
    if (!masterPart) throw new Error(`${part} names no slide master`);
    const master = loadMaster(masterPart);
    const layout: Layout = {
      root,
      master,
      context: {
        part,
        rels,
        colors: { theme: master.theme.colors, map: overriddenMap(root, master.map) },
      },
      placeholders: placeholdersIn(root),
    };
    layouts.set(part, layout);
    return layout;
  };

  const slides: ReadSlide[] = [];
  const pending: PendingPicture[] = [];
  for (const [index, { part, id }] of outline.slides.entries()) {
    const root = readXmlTree(pkg, part);
    if (!root) continue;
    const rels = relsOf(pkg, part);
    const layoutPart = [...rels.values()].find((r) => r.type === 'slideLayout')?.part;
    if (!layoutPart) continue;
    const layout = loadLayout(layoutPart);
    const context: PartContext = {
      part,
      rels,
      colors: {
        theme: layout.master.theme.colors,
        map: overriddenMap(root, layout.context.colors.map),
      },
    };
    const reader = new SlideReader(
      pkg,
      layout,
      context,
      base,
      defaultTextStyle,
      tableStyles,
      pending,
      houseFont,
    );
    // Text is measured in the family decks will set it in.
    const slide = withFontFamily(houseFont?.family, () =>
      reader.read(index + 1, root, {
        width: outline.width * scale,
        height: outline.height * scale,
      }),
    );
    slides.push(id === undefined ? slide : { ...slide, slideId: id });
    onProgress?.(index + 1, outline.slides.length);
  }
  await preparePictures(pending, slides);
  const created = presentationCreated(pkg);
  return { width: outline.width, height: outline.height, ...(created ? { created } : {}), slides };
}

function overriddenMap(root: XmlElement, inherited: Record<string, string>) {
  const override = pathOf(root, 'p:clrMapOvr', 'a:overrideClrMapping');
  return override ? colorMap(override) : inherited;
}

const hexOf = (color: Rgba) => `#${color.hex}`;

/** What the effects the engine does not draw are called in a report. */
const effectNames: Readonly<Record<string, string>> = {
  'a:innerShdw': 'an inner shadow',
  'a:prstShdw': 'a preset shadow',
  'a:glow': 'a glow',
  'a:softEdge': 'a soft edge',
  'a:reflection': 'a reflection',
  'a:blur': 'a blur',
  'a:fillOverlay': 'a fill overlay',
};
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * How far LibreOffice indents each list level, and hangs a bullet's text, where the file sets
 * no margin (0.6 cm, in points): files it wrote leave them out.
 */
const UNSET_LEVEL_STEP = 17.0079;
const clampCoordinate = (value: number) => Math.min(3_000, Math.max(-2_000, round(value)));
const clampLength = (value: number) => Math.min(3_000, Math.max(0, round(value)));

/** The preset shapes drawn as themselves; the rest are drawn as their bounding box. */
const rectangles = new Set([
  'rect',
  'snip1Rect',
  'snip2SameRect',
  'flowChartProcess',
  'frame',
  'plaque',
]);
const lines = new Set([
  'line',
  'straightConnector1',
  'bentConnector2',
  'bentConnector3',
  'bentConnector4',
  'curvedConnector3',
]);

class SlideReader {
  private readonly elements: TemplateElement[] = [];
  private readonly report: SlideReport = { imported: {}, notImported: [], fonts: [] };
  private readonly pictures = new Map<string, Uint8Array>();
  private readonly leftOut: LeftOut[] = [];
  /** Why the chart being read is not one the engine draws, for the report. */
  private chartWhy: string | undefined;
  private title = '';
  private firstText = '';

  constructor(
    private readonly pkg: PptxPackage,
    private readonly layout: Layout,
    private readonly slideContext: PartContext,
    private readonly base: Transform,
    private readonly defaultTextStyle: XmlElement | undefined,
    private readonly tableStyles: TableStyles,
    private readonly pending: PendingPicture[],
    private readonly houseFont: HouseFont | undefined,
  ) {}

  read(number: number, root: XmlElement, size: { width: number; height: number }): ReadSlide {
    const master = this.layout.master;
    const background = this.readBackground(root, size);
    const showMaster = (element: XmlElement) => booleanAttr(element, 'showMasterSp') !== false;
    if (showMaster(root)) {
      if (showMaster(this.layout.root)) {
        this.readTree(
          pathOf(master.root, 'p:cSld', 'p:spTree'),
          this.base,
          // What a master or layout draws takes this slide's colour map.
          { ...master.context, colors: this.slideContext.colors },
          'master',
        );
      }
      this.readTree(
        pathOf(this.layout.root, 'p:cSld', 'p:spTree'),
        this.base,
        { ...this.layout.context, colors: this.slideContext.colors },
        'layout',
      );
    }
    this.readTree(pathOf(root, 'p:cSld', 'p:spTree'), this.base, this.slideContext, 'slide');
    return {
      number,
      part: this.slideContext.part,
      hidden: booleanAttr(root, 'show') === false,
      title: (this.title || this.firstText || `Slide ${number}`).slice(0, 120),
      background,
      elements: this.elements.slice(0, 400),
      pictures: this.pictures,
      report: this.report,
      leftOut: this.leftOut,
    };
  }

  private count(kind: string) {
    this.report.imported[kind] = (this.report.imported[kind] ?? 0) + 1;
  }

  /** Noted once per kind and reason, with how many times it happened. */
  private skip(kind: string, why: string) {
    const known = this.report.notImported.find((n) => n.kind === kind && n.why === why);
    if (known) known.count = (known.count ?? 1) + 1;
    else this.report.notImported.push({ kind, why });
  }

  /** The family a typeface is drawn in: the house font's own name in the deck's family. */
  private mapFont(typeface: string): ImportFont {
    // The house font's weights (`Montserrat SemiBold`) are the house font too.
    return this.houseFont && isOfFamily(typeface, this.houseFont.name)
      ? 'Inter'
      : mapFont(typeface);
  }

  /** A family as the editor knows it: the deck's family is the house font, where there is one. */
  private fontName(font: ImportFont): string {
    return font === 'Inter' && this.houseFont ? this.houseFont.name : font;
  }

  /** The face a family's text is measured in (the deck's family: the house font, if any). */
  private faceOf(font: ImportFont, weight: FontWeight, italic = false) {
    return faceOf(font === 'Inter' ? this.houseFont?.family : font, weight, italic);
  }

  /**
   * Notes, once a slide, which family a typeface is drawn in; true the first time when its lines
   * may break in other places than the original's (drawn in a family of other metrics).
   */
  private noteFont(typeface: string, font: ImportFont): boolean {
    if (this.report.fonts.some((f) => f.from === typeface)) return false;
    const drawnIn = this.fontName(font);
    this.report.fonts.push({ from: typeface, to: drawnIn });
    // A weight of a family is drawn in that family's face of the weight.
    const isItself = isOfFamily(typeface, drawnIn);
    // A metric twin stands in for its original, unless the house font stands in for it.
    return !isItself && !(isMetricTwin(typeface) && (font !== 'Inter' || !this.houseFont));
  }

  /**
   * A run's link, when it opens a web page or an e-mail, with the look PowerPoint gives a link
   * where the run has none of its own: the theme's link colour, underlined. A link to another
   * slide, a file or a program is reported (its words are kept).
   */
  private linkLook(properties: XmlElement | undefined, context: PartContext): Partial<RunLook> {
    const click = child(properties, 'a:hlinkClick');
    if (!click) return {};
    const address = context.rels.get(click.attrs['r:id'] ?? '')?.external;
    if (!address || !isLinkAddress(address)) {
      if (address || click.attrs.action) {
        this.skip(
          'text',
          'a link to another slide, a file or a program is not kept (its words are)',
        );
      }
      return {};
    }
    const linkColor = context.colors.theme.hlink;
    return {
      link: address,
      ...(!child(properties, 'a:solidFill') && linkColor
        ? { color: { hex: linkColor, alpha: 1 } }
        : {}),
      ...(properties?.attrs.u === undefined ? { underline: true } : {}),
    };
  }

  private push(element: TemplateElement) {
    this.elements.push(element);
    this.count(
      element.kind === 'rect' || element.kind === 'ellipse' || element.kind === 'path'
        ? 'shape'
        : element.kind,
    );
  }

  /** The slide's background: its own, else its layout's, else its master's. */
  private readBackground(root: XmlElement, size: { width: number; height: number }): string {
    const sources: [XmlElement, PartContext][] = [
      [root, this.slideContext],
      [this.layout.root, { ...this.layout.context, colors: this.slideContext.colors }],
      [
        this.layout.master.root,
        { ...this.layout.master.context, colors: this.slideContext.colors },
      ],
    ];
    for (const [source, context] of sources) {
      const bg = pathOf(source, 'p:cSld', 'p:bg');
      if (!bg) continue;
      const properties = child(bg, 'p:bgPr');
      let fill = properties?.children.find((c) => c.name.endsWith('Fill'));
      let colors = context.colors;
      let pictureContext = context;
      const reference = child(bg, 'p:bgRef');
      if (!fill && reference) {
        const idx = numberAttr(reference, 'idx') ?? 0;
        const theme = this.layout.master.theme;
        fill = idx >= 1001 ? theme.backgroundFillStyles[idx - 1001] : theme.fillStyles[idx - 1];
        const placeholder = resolveColorIn(reference, context.colors);
        colors = { ...context.colors, ...(placeholder ? { placeholder } : {}) };
        // A theme's background picture is one of the theme part's files.
        pictureContext = { ...this.layout.master.themeContext, colors };
      }
      if (!fill) continue;
      const box = {
        x: (SLIDE_WIDTH - size.width) / 2,
        y: (SLIDE_HEIGHT - size.height) / 2,
        w: size.width,
        h: size.height,
      };
      const fullSlide = box.w >= SLIDE_WIDTH - 0.5 && box.h >= SLIDE_HEIGHT - 0.5;
      if (fill.name === 'a:blipFill') {
        this.readBlip(fill, box, pictureContext, 'background picture');
        return '#FFFFFF';
      }
      const flat = this.flatFill(fill, colors, 'background');
      if (!flat) return '#FFFFFF';
      const gradient = readGradient(fill, colors);
      if (fullSlide && !gradient) return hexOf(flat);
      // A gradient, or a slide narrower than ours: drawn as a shape over the slide's area.
      this.push({
        kind: 'rect',
        ...this.box(box),
        fill: hexOf(flat),
        ...(gradient ? { gradient } : {}),
      });
      return fullSlide ? hexOf(flat) : '#FFFFFF';
    }
    return '#FFFFFF';
  }

  private box(box: { x: number; y: number; w: number; h: number }) {
    return {
      x: clampCoordinate(box.x),
      y: clampCoordinate(box.y),
      w: clampLength(box.w),
      h: clampLength(box.h),
    };
  }

  /** One flat colour for a fill: solid as is, a gradient as its stops' average (reported). */
  private flatFill(
    fill: XmlElement | undefined,
    colors: ColorContext,
    what: string,
  ): Rgba | undefined {
    if (!fill) return undefined;
    switch (fill.name) {
      case 'a:solidFill':
        return resolveColorIn(fill, colors);
      case 'a:gradFill': {
        const stops = gradientStops(fill, colors);
        const varies = stops.length > 1 && new Set(stops.map((s) => s.color.hex)).size > 1;
        // A linear or circular gradient is drawn as one (the average stands in where it
        // cannot be); a rectangular or shaped one as a circular one about its centre.
        const shade = child(fill, 'a:path')?.attrs.path;
        if (varies && shade !== undefined && shade !== 'circle') {
          this.skip('gradient', `the ${what}'s ${shade}-shaped gradient is drawn as a round one`);
        }
        return averageColor(stops.map((s) => s.color));
      }
      case 'a:pattFill': {
        this.skip('pattern', `the ${what}'s pattern is drawn in its foreground colour`);
        return resolveColorIn(child(fill, 'a:fgClr'), colors);
      }
      default:
        return undefined;
    }
  }

  private readTree(
    tree: XmlElement | undefined,
    transform: Transform,
    context: PartContext,
    source: 'master' | 'layout' | 'slide',
  ) {
    for (const node of tree?.children ?? []) this.readNode(node, transform, context, source);
  }

  private readNode(
    node: XmlElement,
    transform: Transform,
    context: PartContext,
    source: 'master' | 'layout' | 'slide',
  ) {
    const hidden = booleanAttr(
      node.children
        .find((c) => c.name.startsWith('p:nv'))
        ?.children.find((c) => c.name === 'p:cNvPr'),
      'hidden',
    );
    if (hidden) return;
    switch (node.name) {
      case 'p:sp':
        this.readShape(node, transform, context, source);
        return;
      case 'p:cxnSp':
        this.readConnector(node, transform, context);
        return;
      case 'p:pic':
        if (source !== 'slide' && placeholderOf(node)) return;
        this.readPicture(node, transform, context);
        return;
      case 'p:grpSp':
        this.readTree(node, this.groupTransform(node, transform), context, source);
        return;
      case 'p:graphicFrame':
        this.readGraphicFrame(node, transform, context);
        return;
      case 'mc:AlternateContent': {
        const fallback = child(node, 'mc:Fallback');
        if (fallback && fallback.children.length > 0)
          this.readTree(fallback, transform, context, source);
        else this.skip('content', 'content written for a newer PowerPoint was left out');
        return;
      }
      case 'p:contentPart':
        this.skip('ink', 'ink drawing left out');
        return;
      default:
        return;
    }
  }

  private groupTransform(group: XmlElement, parent: Transform): Transform {
    const xfrm = pathOf(group, 'p:grpSpPr', 'a:xfrm');
    const off = child(xfrm, 'a:off');
    const ext = child(xfrm, 'a:ext');
    const chOff = child(xfrm, 'a:chOff');
    const chExt = child(xfrm, 'a:chExt');
    if (!off || !ext || !chOff || !chExt) return parent;
    const turn = this.groupTurn(xfrm, off, ext, parent);
    const ratio = (a: number | undefined, b: number | undefined) => (b ? (a ?? 0) / b : 1);
    const kx = ratio(numberAttr(ext, 'cx'), numberAttr(chExt, 'cx'));
    const ky = ratio(numberAttr(ext, 'cy'), numberAttr(chExt, 'cy'));
    // child x → group x: off + (x − chOff)·k; then the parent's mapping.
    const gx = (numberAttr(off, 'x') ?? 0) - (numberAttr(chOff, 'x') ?? 0) * kx;
    const gy = (numberAttr(off, 'y') ?? 0) - (numberAttr(chOff, 'y') ?? 0) * ky;
    return {
      sx: parent.sx * kx,
      ox: parent.ox + parent.sx * gx,
      sy: parent.sy * ky,
      oy: parent.oy + parent.sy * gy,
      turns: turn ? [turn, ...parent.turns] : parent.turns,
    };
  }

  /**
   * A turned or mirrored group's turn, which its shapes take on about its centre. Only where the
   * groups around it keep shapes' proportions (a turn does not survive a stretch); elsewhere its
   * shapes stay level, and that is reported.
   */
  private groupTurn(
    xfrm: XmlElement | undefined,
    off: XmlElement,
    ext: XmlElement,
    parent: Transform,
  ): GroupTurn | undefined {
    const rotation = normalDegrees((numberAttr(xfrm, 'rot') ?? 0) / 60_000);
    const flipH = booleanAttr(xfrm, 'flipH') === true;
    const flipV = booleanAttr(xfrm, 'flipV') === true;
    if (rotation === 0 && !flipH && !flipV) return undefined;
    if (Math.abs(parent.sx - parent.sy) > 1e-6 * Math.max(parent.sx, parent.sy)) {
      this.skip('rotation', "a turned group's shapes are drawn level");
      return undefined;
    }
    const x = numberAttr(off, 'x') ?? 0;
    const y = numberAttr(off, 'y') ?? 0;
    const cx = parent.sx * (x + (numberAttr(ext, 'cx') ?? 0) / 2) + parent.ox;
    const cy = parent.sy * (y + (numberAttr(ext, 'cy') ?? 0) / 2) + parent.oy;
    if (!Number.isFinite(cx) || !Number.isFinite(cy)) return undefined;
    return { cx, cy, rotation, flipH, flipV };
  }

  /**
   * A shape's frame in slide points, and its rotation (degrees clockwise, 0 to 360) and flips,
   * its groups' turns taken in: each moves the frame's centre and adds to its turn.
   */
  private frame(xfrm: XmlElement | undefined, transform: Transform) {
    const off = child(xfrm, 'a:off');
    const ext = child(xfrm, 'a:ext');
    if (!off || !ext) return undefined;
    const frame = {
      x: transform.sx * (numberAttr(off, 'x') ?? 0) + transform.ox,
      y: transform.sy * (numberAttr(off, 'y') ?? 0) + transform.oy,
      w: transform.sx * (numberAttr(ext, 'cx') ?? 0),
      h: transform.sy * (numberAttr(ext, 'cy') ?? 0),
      rotation: normalDegrees((numberAttr(xfrm, 'rot') ?? 0) / 60_000),
      flipH: booleanAttr(xfrm, 'flipH') === true,
      flipV: booleanAttr(xfrm, 'flipV') === true,
    };
    for (const turn of transform.turns) {
      let cx = frame.x + frame.w / 2;
      let cy = frame.y + frame.h / 2;
      // Mirrored within the group, a shape turns the other way.
      if (turn.flipH) {
        cx = 2 * turn.cx - cx;
        frame.rotation = -frame.rotation;
        frame.flipH = !frame.flipH;
      }
      if (turn.flipV) {
        cy = 2 * turn.cy - cy;
        frame.rotation = -frame.rotation;
        frame.flipV = !frame.flipV;
      }
      [cx, cy] = turnPoint(cx, cy, turn);
      frame.rotation = normalDegrees(frame.rotation + turn.rotation);
      frame.x = cx - frame.w / 2;
      frame.y = cy - frame.h / 2;
    }
    return frame;
  }

  /** The theme style a shape's `p:style` reference names, with its colour for `phClr`. */
  private styleReference(
    shape: XmlElement,
    name: string,
    list: XmlElement[],
    context: PartContext,
  ) {
    const reference = pathOf(shape, 'p:style', name);
    const idx = numberAttr(reference, 'idx') ?? 0;
    if (!reference || idx <= 0) return undefined;
    const placeholder = resolveColorIn(reference, context.colors);
    return {
      element: list[idx - 1],
      colors: { ...context.colors, ...(placeholder ? { placeholder } : {}) },
      color: placeholder,
    };
  }

  private fillOf(
    shape: XmlElement,
    properties: XmlElement | undefined,
    context: PartContext,
    what: string,
  ) {
    const own = properties?.children.find((c) => c.name.endsWith('Fill'));
    if (own?.name === 'a:noFill') return { kind: 'none' as const };
    if (own?.name === 'a:blipFill') return { kind: 'picture' as const, element: own, context };
    if (own) {
      const color = this.flatFill(own, context.colors, what);
      const gradient = readGradient(own, context.colors);
      return color
        ? { kind: 'color' as const, color, ...(gradient ? { gradient } : {}) }
        : { kind: 'none' as const };
    }
    const reference = this.styleReference(
      shape,
      'a:fillRef',
      this.layout.master.theme.fillStyles,
      context,
    );
    if (!reference) return { kind: 'none' as const };
    const color = reference.element
      ? this.flatFill(reference.element, reference.colors, what)
      : reference.color;
    const gradient = reference.element && readGradient(reference.element, reference.colors);
    return color
      ? { kind: 'color' as const, color, ...(gradient ? { gradient } : {}) }
      : { kind: 'none' as const };
  }

  private outlineOf(shape: XmlElement, properties: XmlElement | undefined, context: PartContext) {
    const own = child(properties, 'a:ln');
    const reference = this.styleReference(
      shape,
      'a:lnRef',
      this.layout.master.theme.lineStyles,
      context,
    );
    const styled = reference?.element;
    const fillOf = (ln: XmlElement | undefined) =>
      ln?.children.find((c) => c.name.endsWith('Fill'));
    const ownFill = fillOf(own);
    if (ownFill?.name === 'a:noFill') return undefined;
    const color =
      (ownFill && resolveColorIn(ownFill, context.colors)) ??
      (reference && (resolveColorIn(fillOf(styled), reference.colors) ?? reference.color));
    // An outline nothing of shows is none.
    if (!color || color.alpha === 0) return undefined;
    const widthEmu = numberAttr(own, 'w') ?? numberAttr(styled, 'w') ?? 9_525;
    const dash = child(own, 'a:prstDash')?.attrs.val ?? child(styled, 'a:prstDash')?.attrs.val;
    // The marks at its ends: the head at the start, the tail at the end, as PowerPoint names them.
    const mark = (name: string) => {
      const type = (child(own, name) ?? child(styled, name))?.attrs.type;
      return (lineEnds as readonly string[]).includes(type ?? '') ? (type as LineEnd) : undefined;
    };
    const [startArrow, endArrow] = [mark('a:headEnd'), mark('a:tailEnd')];
    return {
      color: hexOf(color),
      width: Math.min(100, round(widthEmu * this.base.sx)),
      ...(dash && dash !== 'solid' ? { dash: true } : {}),
      ...(color.alpha < 1 ? { opacity: round(color.alpha) } : {}),
      ...(startArrow ? { startArrow } : {}),
      ...(endArrow ? { endArrow } : {}),
    };
  }

  private readShape(
    shape: XmlElement,
    transform: Transform,
    context: PartContext,
    source: 'master' | 'layout' | 'slide',
  ) {
    const placeholder = placeholderOf(shape);
    if (placeholder && source !== 'slide') return;
    const inherited = placeholder ? this.inheritedPlaceholders(placeholder) : [];
    const properties = inheritedProperties(
      child(shape, 'p:spPr'),
      inherited.map((p) => child(p.shape, 'p:spPr')),
    );
    const xfrm = child(properties, 'a:xfrm');
    const frame = this.frame(xfrm, transform);
    if (!frame) return;
    const geometry =
      child(properties, 'a:prstGeom')?.attrs.prst ??
      (child(properties, 'a:custGeom') ? 'custom' : 'rect');
    const box = this.box(frame);
    const hasWords = childrenNamed(child(shape, 'p:txBody'), 'a:p').some(
      (paragraph) => paragraphText(paragraph).trim() !== '',
    );
    if (isClickable(pathOf(shape, 'p:nvSpPr', 'p:cNvPr'))) {
      this.skip('shape', 'a link or action on a whole shape is not kept');
    }
    if (lines.has(geometry)) {
      this.pushLine(frame, this.outlineOf(shape, properties, context));
      this.readEffects(shape, properties, context, 'line');
    } else {
      const fill = this.fillOf(shape, properties, context, 'shape');
      const stroke = this.endlessOutlineOf(shape, properties, context, geometry);
      const {
        ellipse,
        outline,
        radius: radiusFromFormula,
      } = shapeOutline(geometry, properties, box);
      const isPath = outline !== undefined;
      if (fill.kind === 'picture') {
        this.pushPicture(fill.element, fill.context, frame, box, 'picture fill', '', {
          ellipse,
          geometry,
          outline,
          radius: radiusFromFormula,
          stroke,
          shadow: this.readEffects(shape, properties, context, 'picture'),
        });
      } else if (fill.kind === 'color' || stroke) {
        const shadow = this.readEffects(shape, properties, context, 'shape');
        // A shape with no width or height is its bounding box (a line at most), whatever its preset.
        const hasArea = box.w > 0 && box.h > 0;
        if (
          hasArea &&
          !isPath &&
          !ellipse &&
          geometry !== 'roundRect' &&
          !rectangles.has(geometry)
        ) {
          this.skip(
            'shape',
            geometry === 'custom'
              ? 'a freeform shape is drawn as its bounding box'
              : `a "${geometry}" shape is drawn as its bounding box`,
          );
        }
        this.push({
          kind: isPath ? 'path' : ellipse ? 'ellipse' : 'rect',
          ...box,
          ...(isPath ? { path: flipPath(outline, frame.flipH, frame.flipV) } : {}),
          ...(fill.kind === 'color' ? { fill: hexOf(fill.color) } : {}),
          ...(fill.kind === 'color' && fill.gradient ? { gradient: fill.gradient } : {}),
          ...(fill.kind === 'color' && fill.color.alpha < 1
            ? { fillOpacity: round(fill.color.alpha) }
            : {}),
          ...(stroke ? { stroke } : {}),
          ...(shadow ? { shadow } : {}),
          ...(radiusFromFormula !== undefined && radiusFromFormula > 0
            ? { radius: Math.min(1_000, radiusFromFormula) }
            : {}),
          // A path's flips are in its outline; a rectangle or ellipse looks the same flipped.
          ...(frame.rotation !== 0 ? { rotation: frame.rotation } : {}),
        });
      } else if (hasWords) {
        // A shape of words alone casts its shadow from them.
        this.readEffects(shape, properties, context, 'words');
      }
    }
    const body = child(shape, 'p:txBody');
    if (body) {
      const inner = textInset(geometry, child(properties, 'a:prstGeom'), frame);
      // A mirrored shape's text area is mirrored with its outline.
      const inset = {
        left: frame.flipH ? inner.right : inner.left,
        right: frame.flipH ? inner.left : inner.right,
        top: frame.flipV ? inner.bottom : inner.top,
        bottom: frame.flipV ? inner.top : inner.bottom,
      };
      const textFrame = {
        ...frame,
        x: frame.x + inset.left,
        y: frame.y + inset.top,
        w: frame.w - inset.left - inset.right,
        h: frame.h - inset.top - inset.bottom,
      };
      this.readText(shape, body, textFrame, inherited, placeholder, context);
    }
  }

  /** The layout's and master's placeholders this one inherits from, the nearest first. */
  private inheritedPlaceholders(placeholder: Placeholder): Placeholder[] {
    const fromLayout = findLayoutPlaceholder(this.layout, placeholder);
    const fromMaster = findMasterPlaceholder(
      this.layout.master,
      fromLayout?.type ?? placeholder.type,
    );
    return [fromLayout, fromMaster].filter((p): p is Placeholder => p !== undefined);
  }

  /** A shape's outline, which has no ends to mark (an arc or a freeform with an arrowhead). */
  private endlessOutlineOf(
    shape: XmlElement,
    properties: XmlElement | undefined,
    context: PartContext,
    geometry: string,
  ) {
    const outlined = this.outlineOf(shape, properties, context);
    if (outlined?.startArrow || outlined?.endArrow) {
      this.skip('effect', `the arrowhead on a "${geometry}" shape is not drawn`);
    }
    return (
      outlined && {
        color: outlined.color,
        width: outlined.width,
        ...(outlined.dash ? { dash: true } : {}),
        ...(outlined.opacity !== undefined ? { opacity: outlined.opacity } : {}),
      }
    );
  }

  /**
   * The shadow a shape casts: from effects of its own, or (when it says none) the theme's effect
   * style it names, as Office's shape styles give shapes a soft shadow. `casts` says what the
   * shadow would fall from (a shape's fill or outline, a picture); a shadow of a line or of words,
   * and every other effect, is reported.
   */
  private readEffects(
    shape: XmlElement,
    properties: XmlElement | undefined,
    context: PartContext,
    casts: 'shape' | 'picture' | 'line' | 'words',
  ): TemplateShadow | undefined {
    const own = child(properties, 'a:effectLst');
    const styled = own
      ? undefined
      : this.styleReference(shape, 'a:effectRef', this.layout.master.theme.effectStyles, context);
    const effects = own ?? child(styled?.element, 'a:effectLst');
    let shadow: TemplateShadow | undefined;
    for (const effect of effects?.children ?? []) {
      if (effect.name !== 'a:outerShdw') {
        this.skip('effect', `${effectNames[effect.name] ?? 'an effect'} is not drawn`);
        continue;
      }
      if (casts !== 'shape' && casts !== 'picture') {
        this.skip(
          'effect',
          `a shadow behind ${casts === 'words' ? 'words' : `a ${casts}`} is not drawn`,
        );
        continue;
      }
      const color = resolveColorIn(effect, styled?.colors ?? context.colors);
      if (!color) continue;
      const scaled = ['sx', 'sy'].some((name) => (numberAttr(effect, name) ?? 100_000) !== 100_000);
      const skewed = ['kx', 'ky'].some((name) => (numberAttr(effect, name) ?? 0) !== 0);
      if (scaled || skewed) {
        this.skip(
          'effect',
          "a shadow larger, smaller or slanted apart from its shape is drawn as the shape's own",
        );
      }
      const distance = (numberAttr(effect, 'dist') ?? 0) * this.base.sx;
      const direction = (((numberAttr(effect, 'dir') ?? 0) / 60_000) * Math.PI) / 180;
      shadow = {
        color: hexOf(color),
        opacity: round(color.alpha),
        blur: Math.min(100, round((numberAttr(effect, 'blurRad') ?? 0) * this.base.sx)),
        dx: Math.min(200, Math.max(-200, round(distance * Math.cos(direction)))),
        dy: Math.min(200, Math.max(-200, round(distance * Math.sin(direction)))),
      };
    }
    return shadow;
  }

  /**
   * A picture (a picture shape's, or a shape's picture fill) cut to its shape's outline (its own
   * flips turn the cut with it), and the outline drawn over it.
   */
  private pushPicture(
    fill: XmlElement | undefined,
    context: PartContext,
    frame: { rotation: number; flipH: boolean; flipV: boolean },
    box: { x: number; y: number; w: number; h: number },
    what: string,
    alt: string,
    shape: {
      ellipse: boolean;
      geometry: string;
      /** The preset's or freeform's outline, when it is drawn as a path. */
      outline: string | undefined;
      /** A rounded rectangle's corner radius in points. */
      radius: number | undefined;
      stroke: { color: string; width: number; dash?: boolean; opacity?: number } | undefined;
      /** The shadow it casts, when it has one. */
      shadow?: TemplateShadow | undefined;
    },
  ) {
    const { ellipse, geometry, outline, stroke } = shape;
    const radius = Math.min(shape.radius ?? 0, box.w / 2, box.h / 2);
    const mask = ellipse
      ? ELLIPSE_PATH
      : outline !== undefined
        ? outline
        : radius > 0
          ? roundedRectPath((radius / box.w) * 1000, (radius / box.h) * 1000)
          : undefined;
    if (!mask && geometry !== 'rect' && !rectangles.has(geometry)) {
      this.skip('picture', `a ${what} is drawn over its shape's bounding box`);
    }
    this.readBlip(fill, box, context, what, alt, frame, mask, shape.shadow);
    if (!stroke) return;
    this.push({
      kind: mask ? 'path' : 'rect',
      ...box,
      ...(mask ? { path: flipPath(mask, frame.flipH, frame.flipV) } : {}),
      stroke,
      ...(frame.rotation !== 0 ? { rotation: frame.rotation } : {}),
    });
  }

  private pushLine(
    frame: {
      x: number;
      y: number;
      w: number;
      h: number;
      rotation: number;
      flipH: boolean;
      flipV: boolean;
    },
    stroke: LineStroke | undefined,
  ) {
    if (!stroke) return;
    const [left, right] = frame.flipH ? [frame.x + frame.w, frame.x] : [frame.x, frame.x + frame.w];
    const [top, bottom] = frame.flipV ? [frame.y + frame.h, frame.y] : [frame.y, frame.y + frame.h];
    // A turned line is its ends turned about its frame's centre.
    const centre = {
      cx: frame.x + frame.w / 2,
      cy: frame.y + frame.h / 2,
      rotation: frame.rotation,
    };
    this.pushSegment(turnPoint(left, top, centre), turnPoint(right, bottom, centre), stroke);
  }

  private readConnector(shape: XmlElement, transform: Transform, context: PartContext) {
    const properties = child(shape, 'p:spPr');
    const frame = this.frame(child(properties, 'a:xfrm'), transform);
    if (!frame) return;
    const prstGeom = child(properties, 'a:prstGeom');
    const geometry = prstGeom?.attrs.prst ?? 'line';
    const stroke = this.outlineOf(shape, properties, context);
    const route = connectorRoute(geometry, prstGeom, frame.w, frame.h);
    if (!route || !stroke) {
      if (geometry !== 'line' && geometry !== 'straightConnector1') {
        this.skip('connector', `a "${geometry}" connector is drawn straight`);
      }
      this.pushLine(frame, stroke);
      return;
    }
    // The route's points on the slide: mirrored in the frame, then turned about its centre.
    const centre = {
      cx: frame.x + frame.w / 2,
      cy: frame.y + frame.h / 2,
      rotation: frame.rotation,
    };
    const place = ([x, y]: Point): Point =>
      turnPoint(
        frame.x + (frame.flipH ? frame.w - x : x),
        frame.y + (frame.flipV ? frame.h - y : y),
        centre,
      );
    const { startArrow, endArrow, ...line } = stroke;
    if (route.kind === 'bent') {
      // Each straight piece an editable line; the connector's marks at its first and last.
      const points = route.points
        .map(place)
        .filter((point, i, all) => i === 0 || !samePoint(point, all[i - 1]!));
      this.skip(
        'connector',
        `an elbow connector is imported as ${points.length - 1} lines, no longer joined to its shapes`,
      );
      for (let i = 1; i < points.length; i++) {
        this.pushSegment(points[i - 1]!, points[i]!, {
          ...line,
          ...(i === 1 && startArrow ? { startArrow } : {}),
          ...(i === points.length - 1 && endArrow ? { endArrow } : {}),
        });
      }
      return;
    }
    const start = place(route.start);
    const curves = route.curves.map((curve) => curve.map(place) as [Point, Point, Point]);
    const drawn = curvePath(start, curves);
    if (!drawn) {
      this.skip('connector', `a "${geometry}" connector is drawn straight`);
      this.pushLine(frame, stroke);
      return;
    }
    this.skip(
      'connector',
      startArrow || endArrow
        ? 'a curved connector is imported as a curve and its arrowheads as short lines, no longer joined to its shapes'
        : 'a curved connector is imported as a curve, no longer joined to its shapes',
    );
    this.push({
      kind: 'path',
      x: clampCoordinate(drawn.box.x),
      y: clampCoordinate(drawn.box.y),
      w: clampLength(drawn.box.w),
      h: clampLength(drawn.box.h),
      path: drawn.path,
      stroke: line,
    });
    // A mark rides on a line one mark long, laid along the curve where it ends.
    const last = curves.at(-1)!;
    const end = last[2];
    const intoEnd = [last[1], last[0], curves.at(-2)?.[2] ?? start].find((p) => !samePoint(p, end));
    const first = curves[0]!;
    const fromStart = [first[0], first[1], first[2]].find((p) => !samePoint(p, start));
    const size = lineMarkSize(line.width);
    if (endArrow && intoEnd)
      this.pushSegment(towards(end, intoEnd, size), end, { ...line, endArrow });
    if (startArrow && fromStart) {
      this.pushSegment(start, towards(start, fromStart, size), { ...line, startArrow });
    }
  }

  /** A straight line between two slide points. */
  private pushSegment(from: Point, to: Point, stroke: LineStroke) {
    this.push({
      kind: 'line',
      x1: clampCoordinate(from[0]),
      y1: clampCoordinate(from[1]),
      x2: clampCoordinate(to[0]),
      y2: clampCoordinate(to[1]),
      color: stroke.color,
      width: stroke.width,
      ...(stroke.dash ? { dash: true } : {}),
      ...(stroke.opacity !== undefined ? { opacity: stroke.opacity } : {}),
      ...(stroke.startArrow ? { startArrow: stroke.startArrow } : {}),
      ...(stroke.endArrow ? { endArrow: stroke.endArrow } : {}),
    });
  }

  private readPicture(picture: XmlElement, transform: Transform, context: PartContext) {
    const nonVisual = child(picture, 'p:nvPicPr');
    const media = pathOf(nonVisual, 'p:nvPr');
    if (
      media?.children.some(
        (c) => c.name === 'a:videoFile' || c.name === 'a:audioFile' || c.name === 'a:quickTimeFile',
      )
    ) {
      this.skip('video', 'a video or sound is shown as its poster picture');
    }
    if (isClickable(pathOf(nonVisual, 'p:cNvPr'))) {
      this.skip('picture', 'a link or action on a picture is not kept');
    }
    const properties = child(picture, 'p:spPr');
    const frame = this.frame(child(properties, 'a:xfrm'), transform);
    if (!frame) return;
    const alt = pathOf(nonVisual, 'p:cNvPr')?.attrs.descr ?? '';
    // Cut to its shape (a picture style's oval or rounded corners), its border drawn over it.
    const geometry =
      child(properties, 'a:prstGeom')?.attrs.prst ??
      (child(properties, 'a:custGeom') ? 'custom' : 'rect');
    const box = this.box(frame);
    this.pushPicture(child(picture, 'p:blipFill'), context, frame, box, 'picture', alt, {
      ...shapeOutline(geometry, properties, box),
      geometry,
      stroke: this.endlessOutlineOf(picture, properties, context, geometry),
      shadow: this.readEffects(picture, properties, context, 'picture'),
    });
  }

  /** A picture (its crop and transparency noted, to apply once read) in a box. */
  private readBlip(
    fill: XmlElement | undefined,
    box: { x: number; y: number; w: number; h: number },
    context: PartContext,
    what: string,
    alt = '',
    turn: { rotation: number; flipH: boolean; flipV: boolean } = {
      rotation: 0,
      flipH: false,
      flipV: false,
    },
    /** The outline the picture is cut to (a shape's, in its 1000 × 1000 square); none: its box. */
    mask?: string,
    /** The shadow it casts: drawn from its box, so only for a picture that fills its box. */
    shadow?: TemplateShadow,
  ) {
    const blip = child(fill, 'a:blip');
    if (!blip || box.w <= 0 || box.h <= 0) return;
    const linked = blip.attrs['r:link'];
    if (linked) {
      const rel = context.rels.get(linked);
      this.skip(
        'picture',
        `a ${what} linked to ${rel?.external ?? 'a file outside the presentation'} was not fetched`,
      );
      return;
    }
    const rel = context.rels.get(blip.attrs['r:embed'] ?? '');
    if (rel?.external) {
      this.skip('picture', `a ${what} linked to ${rel.external} was not fetched`);
      return;
    }
    const bytes = rel?.part ? this.pkg.parts.get(rel.part) : undefined;
    if (!bytes) {
      this.skip('picture', `a ${what} whose file is missing from the presentation was left out`);
      return;
    }
    const kind = sniffImage(bytes);
    if (!kind || kind === 'svg') {
      const extension = rel?.part?.split('.').pop()?.toUpperCase() ?? 'unknown';
      const why = `a ${what} in a format we cannot draw (${extension}) was left out`;
      this.skip('picture', why);
      // An office renderer draws it: a picture of it can take its place.
      this.leftOut.push({
        kind: 'picture',
        what: `a ${what} in ${extension}`,
        why,
        box: { ...box },
        at: this.elements.length,
      });
      return;
    }
    const rect = child(fill, 'a:srcRect');
    // A share of the picture, at most all of it either way (a negative crop pads).
    const share = (name: string) =>
      Math.max(-1, Math.min(1, (numberAttr(rect, name) ?? 0) / 100_000));
    const crop = rect
      ? { left: share('l'), top: share('t'), right: share('r'), bottom: share('b') }
      : undefined;
    const opacity = (numberAttr(child(blip, 'a:alphaModFix'), 'amt') ?? 100_000) / 100_000;
    const duotoneColors = (child(blip, 'a:duotone')?.children ?? [])
      .map((color) => resolveColor(color, context.colors)?.hex)
      .filter((hex): hex is string => hex !== undefined);
    const duotone = duotoneColors.length === 2 ? (duotoneColors as [string, string]) : undefined;
    const grayscale = child(blip, 'a:grayscl') !== undefined;
    const tiling = child(fill, 'a:tile');
    const pointScale = this.base.sx * EMU_PER_POINT;
    const tile = tiling
      ? {
          frameWidth: box.w,
          frameHeight: box.h,
          scaleX: ((numberAttr(tiling, 'sx') ?? 100_000) / 100_000) * pointScale,
          scaleY: ((numberAttr(tiling, 'sy') ?? 100_000) / 100_000) * pointScale,
        }
      : undefined;
    const key = createHash('sha256')
      .update(bytes)
      .update(
        JSON.stringify({
          crop,
          opacity,
          aspect: round(box.w / box.h),
          tile,
          duotone,
          grayscale,
          mask,
        }),
      )
      .digest('hex')
      .slice(0, 24);
    const src = `pptx:${key}`;
    if (!this.pictures.has(src)) {
      this.pictures.set(src, bytes);
      this.pending.push({
        src,
        bytes,
        ...(crop ? { crop } : {}),
        ...(opacity < 1 ? { opacity } : {}),
        ...(tile ? { tile } : {}),
        ...(duotone ? { duotone } : {}),
        ...(grayscale ? { grayscale } : {}),
        ...(mask ? { mask } : {}),
        aspect: box.w / box.h,
      });
    }
    const castsBox = !mask && opacity === 1 && !tile && isOpaqueImage(bytes);
    if (shadow && !castsBox) {
      this.skip('effect', 'a shadow behind a picture cut to a shape or see-through is not drawn');
    }
    this.push({
      kind: 'picture',
      ...box,
      src,
      fit: 'cover',
      alt: alt.slice(0, 500),
      ...(shadow && castsBox ? { shadow } : {}),
      ...(turn.rotation !== 0 ? { rotation: turn.rotation } : {}),
      ...(turn.flipH ? { flipH: true } : {}),
      ...(turn.flipV ? { flipV: true } : {}),
    });
  }

  private readGraphicFrame(frameElement: XmlElement, transform: Transform, context: PartContext) {
    const data = pathOf(frameElement, 'a:graphic', 'a:graphicData');
    const uri = data?.attrs.uri ?? '';
    const frame = this.frame(child(frameElement, 'p:xfrm'), transform);
    if (uri.endsWith('/table') && frame) {
      this.readTable(child(data, 'a:tbl'), frame, context);
      return;
    }
    if (uri.endsWith('/ole') && frame && this.readObjectPicture(data, frame, context)) return;
    const chart = uri.endsWith('/chart') && frame && this.readChartPart(data, frame, context);
    if (chart) {
      this.readChartShapes(chart, frameElement, transform, context);
      return;
    }
    if (
      uri.endsWith('/diagram') &&
      this.readDiagramDrawing(data, frameElement, transform, context)
    ) {
      return;
    }
    const [kind, what] = uri.endsWith('/chart')
      ? ['chart', 'a chart']
      : uri.endsWith('/diagram')
        ? ['smartart', 'a SmartArt diagram']
        : uri.endsWith('/ole')
          ? ['object', 'an embedded object']
          : ['object', 'an object PowerPoint draws itself'];
    const why =
      kind === 'chart' && this.chartWhy
        ? this.chartWhy
        : `${what} was left out: it does not import as editable elements`;
    this.chartWhy = undefined;
    this.skip(kind, why);
    // Where it was, for the office renderer to put a picture of it in its place.
    if (frame) {
      this.leftOut.push({ kind, what, why, box: this.box(frame), at: this.elements.length });
    }
  }

  /**
   * The shapes drawn over a chart (`c:userShapes`: a note, an arrow, a projection line), each
   * anchored by shares of the chart's box (or a corner and a size): read as the slide's shapes
   * are, placed where the anchor puts them, above the chart.
   */
  private readChartShapes(
    { space, rels }: ChartPart,
    frameElement: XmlElement,
    transform: Transform,
    context: PartContext,
  ) {
    const drawing = rels.get(child(space, 'c:userShapes')?.attrs['r:id'] ?? '');
    if (!drawing?.part || drawing.external || drawing.type !== 'chartUserShapes') return;
    const shapes = readXmlTree(this.pkg, drawing.part);
    const xfrm = child(frameElement, 'p:xfrm');
    const [x, y] = [numberAttr(child(xfrm, 'a:off'), 'x'), numberAttr(child(xfrm, 'a:off'), 'y')];
    const [cx, cy] = [
      numberAttr(child(xfrm, 'a:ext'), 'cx'),
      numberAttr(child(xfrm, 'a:ext'), 'cy'),
    ];
    if ([x, y, cx, cy].some((v) => v === undefined)) return;
    const share = (point: XmlElement | undefined, name: string) =>
      clampShare(Number(child(point, name)?.text ?? NaN));
    const placed = (shares: XmlElement | undefined) => ({
      x: x! + share(shares, 'cdr:x') * cx!,
      y: y! + share(shares, 'cdr:y') * cy!,
    });
    const tree: XmlElement[] = [];
    for (const anchor of shapes?.children ?? []) {
      const shape = anchor.children.find(
        (c) => !['cdr:from', 'cdr:to', 'cdr:ext'].includes(c.name),
      );
      if (!shape) continue;
      const from = placed(child(anchor, 'cdr:from'));
      const to =
        anchor.name === 'cdr:absSizeAnchor'
          ? {
              x: from.x + (numberAttr(child(anchor, 'cdr:ext'), 'cx') ?? 0),
              y: from.y + (numberAttr(child(anchor, 'cdr:ext'), 'cy') ?? 0),
            }
          : placed(child(anchor, 'cdr:to'));
      tree.push(anchoredShape(shape, from, to));
    }
    const drawingContext: PartContext = {
      part: drawing.part,
      rels: relsOf(this.pkg, drawing.part),
      colors: context.colors,
    };
    this.readTree(
      { name: 'p:spTree', attrs: {}, children: tree, text: '' },
      transform,
      drawingContext,
      'slide',
    );
  }

  /**
   * SmartArt as the shapes PowerPoint last drew it with: the diagram's drawing part (`dsp:`, the
   * shape tree of a slide by another name, placed from the frame's corner) is read as a slide's
   * shapes are. Its words and look are kept; the diagram's layout (what reflows when a point is
   * added) is not, and the report says so. False when the file has no drawing (older writers).
   */
  private readDiagramDrawing(
    data: XmlElement | undefined,
    frameElement: XmlElement,
    transform: Transform,
    context: PartContext,
  ): boolean {
    const dataRel = context.rels.get(child(data, 'dgm:relIds')?.attrs['r:dm'] ?? '');
    const model = dataRel?.part ? readXmlTree(this.pkg, dataRel.part) : undefined;
    const drawingId = model && findDescendant(model, 'dsp:dataModelExt')?.attrs.relId;
    // Without the data's pointer, the slide's one drawing (with several, whose is unknown).
    const drawings = [...context.rels.values()].filter((rel) => rel.type === 'diagramDrawing');
    const drawingRel =
      (drawingId ? context.rels.get(drawingId) : undefined) ??
      (drawings.length === 1 ? drawings[0] : undefined);
    if (!drawingRel?.part || drawingRel.external) return false;
    const tree = child(readXmlTree(this.pkg, drawingRel.part), 'dsp:spTree');
    if (!tree) return false;
    const off = pathOf(frameElement, 'p:xfrm', 'a:off');
    const placed: Transform = {
      ...transform,
      ox: transform.ox + transform.sx * (numberAttr(off, 'x') ?? 0),
      oy: transform.oy + transform.sy * (numberAttr(off, 'y') ?? 0),
    };
    const drawingContext: PartContext = {
      part: drawingRel.part,
      rels: relsOf(this.pkg, drawingRel.part),
      colors: context.colors,
    };
    const before = this.elements.length;
    this.readTree(asSlideTree(tree), placed, drawingContext, 'slide');
    if (this.elements.length === before) return false;
    this.skip(
      'smartart',
      'a SmartArt diagram is imported as the shapes it shows: its layout is not kept',
    );
    return true;
  }

  /**
   * A chart as the engine's own chart element, its figures from the chart part's cache; the
   * part read, or undefined when it is a kind the engine does not draw (it is then left out as
   * other objects are, and the report says why).
   */
  private readChartPart(
    data: XmlElement | undefined,
    frame: { x: number; y: number; w: number; h: number },
    context: PartContext,
  ): ChartPart | undefined {
    const rel = context.rels.get(child(data, 'c:chart')?.attrs['r:id'] ?? '');
    const part = rel?.part && !rel.external ? rel.part : undefined;
    const space = part ? readXmlTree(this.pkg, part) : undefined;
    const rels = part ? relsOf(this.pkg, part) : new Map<string, Relationship>();
    // A chart pasted from another file keeps that file's theme as its own override.
    const overridePart = [...rels.values()].find(
      (r) => r.type === 'themeOverride' && !r.external,
    )?.part;
    const override = overridePart ? readXmlTree(this.pkg, overridePart) : undefined;
    const theme = override ? readTheme(override) : this.layout.master.theme;
    const colors = override ? { ...context.colors, theme: theme.colors } : context.colors;
    const read = space ? readChart(space, colors) : { why: 'its part is missing' };
    if ('why' in read) {
      this.chartWhy = `a chart was left out: ${read.why}`;
      return undefined;
    }
    const typeface = themeTypeface(read.typeface, theme);
    const font = this.mapFont(typeface);
    const element = {
      kind: 'chart',
      ...this.box(frame),
      ...read.chart,
      ...(font !== 'Inter' ? { font } : {}),
    } as const;
    // A chart whose figures the format cannot hold is left out, never stored half right.
    const checked = templateElementSchema.safeParse(element);
    if (!checked.success) {
      this.chartWhy = 'a chart was left out: its figures do not fit a chart of the library';
      return undefined;
    }
    this.noteFont(typeface, font);
    for (const note of read.notes) this.skip('effect', note);
    this.push(checked.data);
    return { space, rels };
  }

  /**
   * An embedded object (a Visio drawing, a Photoshop image, a worksheet) keeps the picture
   * PowerPoint shows of it, in `p:oleObj`'s `p:pic`, often inside an `mc:AlternateContent`
   * whose fallback is the one a reader like us takes. That picture is drawn where the object
   * was, and the editor is told it is no longer the object.
   */
  private readObjectPicture(
    data: XmlElement | undefined,
    frame: { x: number; y: number; w: number; h: number },
    context: PartContext,
  ): boolean {
    const alternate = child(data, 'mc:AlternateContent');
    const object =
      child(data, 'p:oleObj') ??
      child(child(alternate, 'mc:Fallback'), 'p:oleObj') ??
      child(child(alternate, 'mc:Choice'), 'p:oleObj');
    const picture = child(object, 'p:pic');
    if (!picture) return false;
    const [elements, leftOut] = [this.elements.length, this.leftOut.length];
    const name = object?.attrs.name || object?.attrs.progId || 'object';
    this.readBlip(child(picture, 'p:blipFill'), this.box(frame), context, 'picture', name);
    if (this.elements.length > elements) {
      this.skip('object', 'an embedded object is shown as its picture: it is not editable');
      return true;
    }
    // A picture we cannot draw (a WMF) is reported, and put back by the office renderer.
    return this.leftOut.length > leftOut;
  }

  private readTable(
    table: XmlElement | undefined,
    frame: { x: number; y: number; w: number; h: number },
    context: PartContext,
  ) {
    if (!table) return;
    const widths = childrenNamed(child(table, 'a:tblGrid'), 'a:gridCol').map(
      (c) => numberAttr(c, 'w') ?? 1,
    );
    const rows = childrenNamed(table, 'a:tr');
    if (widths.length === 0 || rows.length === 0) return;
    const columns = widths.slice(0, 12);
    if (widths.length > 12) this.skip('table', "a table's columns past the twelfth were left out");
    if (rows.length > 61) this.skip('table', "a table's rows past the sixtieth were left out");
    const cells = rows.map((row) =>
      childrenNamed(row, 'a:tc')
        .slice(0, columns.length)
        .map((cell) => cell),
    );
    // A cell is set in one size: an empty line in under half its words' size (a spacer) is
    // left out rather than drawn as tall as they are.
    const textOf = (cell: XmlElement | undefined) => {
      if (!cell || booleanAttr(cell, 'hMerge') === true || booleanAttr(cell, 'vMerge') === true)
        return '';
      const paragraphs = childrenNamed(child(cell, 'a:txBody'), 'a:p');
      const firstRun = paragraphs.flatMap((p) => childrenNamed(p, 'a:r'))[0];
      const wordsSize = firstRun && (numberAttr(child(firstRun, 'a:rPr'), 'sz') ?? 1_800);
      return paragraphs
        .filter((p) => {
          const own = numberAttr(child(p, 'a:endParaRPr'), 'sz');
          const isSpacer = paragraphText(p).trim() === '' && own !== undefined;
          return !(isSpacer && wordsSize && own < wordsSize / 2);
        })
        .map((p) => paragraphText(p))
        .join('\n')
        .slice(0, 5_000);
    };
    const texts = cells.map((row) => columns.map((_, i) => textOf(row[i])));
    const properties = child(table, 'a:tblPr');
    const hasHeader = booleanAttr(properties, 'firstRow') === true && texts.length > 1;
    const body = (hasHeader ? texts.slice(1) : texts).slice(0, 60);
    const rowCount = body.length + (hasHeader ? 1 : 0);
    const { style, unknown } = tableStyleOf(properties, this.tableStyles);
    if (unknown) {
      this.skip(
        'table',
        `a table's style ${unknown} is not in the file: drawn in the default style`,
      );
    }
    const colors = context.colors;
    const look = readTableLook({
      properties,
      style,
      cells: cells.slice(0, rowCount),
      rowCount,
      columnCount: columns.length,
      colors,
      pointsPerEmu: this.base.sx,
    });
    if (look.overlapping > 0) {
      this.skip('table', 'a merged table cell over another merged one was drawn unmerged');
    }
    // Text the style and the runs leave uncoloured is the theme's text colour, as PowerPoint has it.
    const textColor = resolveColor(
      { name: 'a:schemeClr', attrs: { val: 'tx1' }, children: [], text: '' },
      colors,
    );
    const hex = (color: Rgba | null | undefined) => (color ? hexOf(color) : null);
    const line = (value: TableLineLook | null) =>
      value ? { color: hexOf(value.color), width: value.width } : null;
    const align = columns.map((_, i) => columnAlignment(cells, i, hasHeader ? 1 : 0) ?? 'left');
    const firstRun = cells
      .flat()
      .map((cell) => numberAttr(pathOf(cell, 'a:txBody', 'a:p', 'a:r', 'a:rPr'), 'sz'))
      .find((sz) => sz !== undefined);
    // The cells' typeface, the first a run names (else the theme's body font), drawn as text is.
    const theme = this.layout.master.theme;
    const named = cells
      .flat()
      .map(
        (cell) => child(pathOf(cell, 'a:txBody', 'a:p', 'a:r', 'a:rPr'), 'a:latin')?.attrs.typeface,
      )
      .find((typeface) => typeface !== undefined);
    const typeface = themeTypeface(named, theme);
    const font = this.mapFont(typeface);
    this.noteFont(typeface, font);
    // The weight the typeface's name gives (`Segoe UI Semibold`), where a cell is not bold.
    const weight = typefaceWeight(typeface);
    // Each cell's size (its first run's), the table's the one most cells have; a cell in
    // another size keeps its proportion to the table's.
    const grid = cells.slice(0, rowCount).map((row) => columns.map((_, i) => row[i]));
    const runSizesOf = (cell: XmlElement | undefined) =>
      childrenNamed(child(cell, 'a:txBody'), 'a:p')
        .flatMap((p) => childrenNamed(p, 'a:r'))
        .filter((run) => (child(run, 'a:t')?.text ?? '').trim() !== '')
        // A run that names no size has PowerPoint's default for a table's text.
        .map((run) => numberAttr(child(run, 'a:rPr'), 'sz') ?? 1_800);
    const cellSizes = grid.map((row) => row.map((cell) => runSizesOf(cell)[0]));
    if (grid.some((row) => row.some((cell) => new Set(runSizesOf(cell)).size > 1))) {
      this.skip('table', "a table cell's words in several sizes are drawn in its first size");
    }
    const runProperties = grid
      .flat()
      .flatMap((cell) => childrenNamed(child(cell, 'a:txBody'), 'a:p'))
      .flatMap((p) => childrenNamed(p, 'a:r'))
      .filter((run) => (child(run, 'a:t')?.text ?? '').trim() !== '')
      .map((run) => child(run, 'a:rPr'));
    if (runProperties.some((rPr) => (numberAttr(rPr, 'baseline') ?? 0) !== 0)) {
      this.skip(
        'table',
        'raised or lowered words (superscripts, subscripts) are drawn on the line',
      );
    }
    if (runProperties.some((rPr) => rPr?.attrs.u !== undefined && rPr.attrs.u !== 'none')) {
      this.skip('table', 'underlined words in table cells are drawn without their line');
    }
    if (runProperties.some((rPr) => child(rPr, 'a:hlinkClick'))) {
      this.skip('table', 'a link on words in a table cell is not kept (its words are)');
    }
    const tableSize =
      mostCommon(cellSizes.flat().filter((size) => size !== undefined)) ?? firstRun ?? 1_800;
    const cellScales = cellSizes.map((row) =>
      row.map((size) =>
        size === undefined || size === tableSize
          ? null
          : Math.min(5, Math.max(0.2, round(size / tableSize))),
      ),
    );
    // PowerPoint's cell margins (0.1 in at the sides, 0.05 in above and below unless set), the
    // ones most cells have: a dense table fits its box only with them.
    const paddings = new Map<string, { x: number; y: number; count: number }>();
    for (const cell of cells.slice(0, rowCount).flat()) {
      const margins = child(cell, 'a:tcPr');
      const margin = (name: string, fallback: number) =>
        Math.min(50, Math.max(0, round((numberAttr(margins, name) ?? fallback) * this.base.sx)));
      const x = round((margin('marL', 91_440) + margin('marR', 91_440)) / 2);
      const y = round((margin('marT', 45_720) + margin('marB', 45_720)) / 2);
      const known = paddings.get(`${x},${y}`) ?? { x, y, count: 0 };
      paddings.set(`${x},${y}`, { ...known, count: known.count + 1 });
    }
    const { x: padX, y: padY } = [...paddings.values()].reduce(
      (best, next) => (next.count > best.count ? next : best),
      { x: 7.2, y: 3.6, count: 0 },
    );
    // Where the cells put their text, as most say (PowerPoint's default is the top).
    const anchor = mostCommon(
      cells
        .slice(0, rowCount)
        .flat()
        .map((cell) => child(cell, 'a:tcPr')?.attrs.anchor ?? 't'),
    );
    const valignOf = (value: string | undefined) =>
      value === 'ctr' ? 'middle' : value === 'b' ? 'bottom' : 'top';
    const cellValigns = grid.map((row) =>
      row.map((cell) => {
        const own = child(cell, 'a:tcPr')?.attrs.anchor ?? 't';
        return own === anchor ? null : valignOf(own);
      }),
    );
    // A cell with margins of its own keeps them.
    const cellPaddings = grid.map((row) =>
      row.map((cell) => {
        const margins = child(cell, 'a:tcPr');
        const margin = (name: string, fallback: number) =>
          Math.min(50, Math.max(0, round((numberAttr(margins, name) ?? fallback) * this.base.sx)));
        const padding = {
          left: margin('marL', 91_440),
          right: margin('marR', 91_440),
          top: margin('marT', 45_720),
          bottom: margin('marB', 45_720),
        };
        const isTables =
          Math.abs(padding.left - padX) < 0.5 &&
          Math.abs(padding.right - padX) < 0.5 &&
          Math.abs(padding.top - padY) < 0.5 &&
          Math.abs(padding.bottom - padY) < 0.5;
        return isTables ? null : padding;
      }),
    );
    const valign = valignOf(anchor);
    // Each row's own height (`a:tr h`), which PowerPoint keeps as the row's least.
    const rowHeights = rows.slice(0, rowCount).map((row) => Math.max(0, numberAttr(row, 'h') ?? 0));
    const rowTotal = rowHeights.reduce((a, b) => a + b, 0);
    const rowShares =
      rowTotal > 0 && new Set(rowHeights).size > 1
        ? rowHeights.map(
            (h) => Math.round((h / Math.max(rowTotal, frame.h / this.base.sx)) * 1_000) / 1_000,
          )
        : undefined;
    // The cells' line pitch: single spacing in their font, as the line spacing most of their
    // paragraphs with words say.
    const spacing =
      mostCommon(
        grid
          .flat()
          .flatMap((cell) => childrenNamed(child(cell, 'a:txBody'), 'a:p'))
          .filter((paragraph) =>
            childrenNamed(paragraph, 'a:r').some((run) => (child(run, 'a:t')?.text ?? '').trim()),
          )
          .map(
            (paragraph) =>
              numberAttr(pathOf(paragraph, 'a:pPr', 'a:lnSpc', 'a:spcPct'), 'val') ?? 100_000,
          ),
      ) ?? 100_000;
    const lineHeight = Math.min(
      4,
      Math.max(0.5, round(singleSpacing(this.faceOf(font, 'regular')) * (spacing / 100_000))),
    );
    const box = this.box(frame);
    const sum = columns.reduce((a, b) => a + b, 0);
    this.push({
      kind: 'table',
      ...box,
      columns: columns.map((w) => Math.max(0.01, round((w / sum) * 100))),
      ...(hasHeader ? { header: texts[0]! } : {}),
      rows: body,
      ...(rowShares ? { rowShares } : {}),
      ...(align.some((a) => a !== 'left') ? { align } : {}),
      size: Math.min(60, Math.max(4, round((tableSize / 100) * this.base.sx * EMU_PER_POINT))),
      lineHeight,
      padding: { x: padX, y: padY },
      valign,
      ...(font !== 'Inter' ? { font } : {}),
      headerFill: hasHeader ? hex(look.fills[0]?.[0]) : null,
      cellFills: look.fills.map((row) => row.map(hex)),
      textColors: look.colors.map((row) => row.map((color) => hex(color ?? textColor))),
      weights: look.bold.map((row) => row.map((bold) => (bold ? 'bold' : weight))),
      ...(look.italic.flat().some(Boolean)
        ? { italics: look.italic.map((row) => row.map((italic) => italic ?? null)) }
        : {}),
      ...(cellScales.flat().some((scale) => scale !== null) ? { cellScales } : {}),
      ...(cellValigns.flat().some((place) => place !== null) ? { cellValigns } : {}),
      ...(cellPaddings.flat().some((padding) => padding !== null) ? { cellPaddings } : {}),
      borders: {
        horizontal: look.horizontal.map((row) => row.map(line)),
        vertical: look.vertical.map((row) => row.map(line)),
      },
      ...(look.merges.length > 0 ? { merges: look.merges } : {}),
    });
  }

  /**
   * The list styles a text inherits, the most general first. Their scheme colours resolve
   * through the slide's own colour map: a layout that swaps light and dark swaps them for the
   * master's styles too.
   */
  private listStyles(placeholder: Placeholder | undefined, inherited: Placeholder[]) {
    const master = this.layout.master;
    const colors = this.slideContext.colors;
    const type = placeholder && masterType(inherited[0]?.type ?? placeholder.type);
    // A title or body takes its master's style alone; the presentation's default text style
    // (italic in some old templates) is for text boxes and the other placeholders.
    const chain: ParagraphLook[][] =
      type === 'title' || type === 'body' ? [] : [readListStyle(this.defaultTextStyle, colors)];
    if (placeholder) {
      const style =
        type === 'title'
          ? master.titleStyle
          : type === 'body'
            ? master.bodyStyle
            : master.otherStyle;
      chain.push(readListStyle(style, colors));
      for (const source of [...inherited].reverse()) {
        chain.push(readListStyle(pathOf(source.shape, 'p:txBody', 'a:lstStyle'), colors));
      }
    }
    return chain;
  }

  private readText(
    shape: XmlElement,
    body: XmlElement,
    frame: { x: number; y: number; w: number; h: number; rotation: number; flipV: boolean },
    inherited: Placeholder[],
    placeholder: Placeholder | undefined,
    context: PartContext,
  ) {
    const paragraphs = childrenNamed(body, 'a:p');
    if (!paragraphs.some((p) => paragraphText(p).trim() !== '')) return;
    const chain = this.listStyles(placeholder, inherited);
    const own = readListStyle(child(body, 'a:lstStyle'), context.colors);
    const fontReference = pathOf(shape, 'p:style', 'a:fontRef');
    const referenceColor = fontReference && resolveColorIn(fontReference, context.colors);
    const referenceLook: ParagraphLook = {
      run: {
        ...(referenceColor ? { color: referenceColor } : {}),
        ...(fontReference?.attrs.idx === 'major'
          ? { typeface: '+mj-lt' }
          : fontReference?.attrs.idx === 'minor'
            ? { typeface: '+mn-lt' }
            : {}),
      },
    };
    const bodyLook = mergeBodyLooks([
      ...[...inherited].reverse().map((p) => readBodyLook(pathOf(p.shape, 'p:txBody', 'a:bodyPr'))),
      readBodyLook(child(body, 'a:bodyPr')),
    ]);
    const autofit = bodyLook.autofit;
    const fontScale = autofit?.kind === 'shrink' ? autofit.fontScale : 1;
    const lineReduction = autofit?.kind === 'shrink' ? autofit.lineReduction : 0;
    const scale = this.base.sx * EMU_PER_POINT;
    const theme = this.layout.master.theme;

    // Each paragraph with its look: the paragraph's, and the look most of its text has.
    const counters = new Map<number, number>();
    // The size the paragraph before ended in: an empty paragraph that names none of its own
    // takes it, as typing on after a line in that size would (and as office suites draw it).
    let carriedSize: number | undefined;
    const drawn = paragraphs.map((paragraph) => {
      const properties = child(paragraph, 'a:pPr');
      const level = Math.min(8, numberAttr(properties, 'lvl') ?? 0);
      const look = mergeParagraphLooks([
        ...chain.map((levels) => levels[level]!),
        referenceLook,
        own[level]!,
        readParagraphLook(properties, context.colors),
      ]);
      const runs: { text: string; look: RunLook }[] = [];
      for (const node of paragraph.children) {
        if (node.name === 'a:r' || node.name === 'a:fld') {
          const properties = child(node, 'a:rPr');
          const runLook = {
            ...look.run,
            ...stripEmpty(readRunLook(properties, context.colors)),
            ...this.linkLook(properties, context),
          };
          const written = child(node, 'a:t')?.text ?? '';
          const value =
            node.name === 'a:fld' && node.attrs.type === 'slidenum'
              ? SLIDE_NUMBER_FIELD
              : runLook.caps
                ? written.toUpperCase()
                : written;
          runs.push({ text: value, look: runLook });
        } else if (node.name === 'a:br') runs.push({ text: LINE_BREAK, look: look.run });
      }
      // Words styled apart from the look most of the paragraph has keep their weight, size,
      // font, slant, underline, colour and rise (in the built-in family: the paragraph's font).
      const drawnLook: DrawnLook = {
        points: (run) => Math.min(400, Math.max(4, round((run.size ?? 18) * fontScale * scale))),
        family: (run) => this.mapFont(themeTypeface(run.typeface, theme)),
        // Bold, or the weight the typeface's name gives (`Montserrat SemiBold`).
        weight: (run) => (run.bold ? 'bold' : typefaceWeight(themeTypeface(run.typeface, theme))),
      };
      let text = runs.map((r) => r.text).join('');
      const isEmpty = text.trim() === '';
      const bullet = look.bullet;
      // A paragraph ends the numbering of every level below its own.
      if (!isEmpty)
        for (const deeper of [...counters.keys()]) if (deeper > level) counters.delete(deeper);
      // A numbered paragraph in a scheme the format knows is numbered by the engine (its label
      // hangs before its text); in another, its label is written into its text.
      let numbered: { scheme: NumberScheme; value: number } | undefined;
      if (!isEmpty && bullet?.kind === 'number') {
        const value = (counters.get(level) ?? bullet.startAt - 1) + 1;
        counters.set(level, value);
        if ((numberSchemes as readonly string[]).includes(bullet.scheme)) {
          numbered = { scheme: bullet.scheme as NumberScheme, value };
        } else text = `${numberLabel(bullet.scheme, value)} ${text}`;
      } else if (!isEmpty) counters.delete(level);
      const end = readRunLook(child(paragraph, 'a:endParaRPr'), context.colors);
      const endLook = {
        ...look.run,
        ...(carriedSize !== undefined ? { size: carriedSize } : {}),
        ...stripEmpty(end),
      };
      carriedSize = isEmpty
        ? endLook.size
        : (runs.findLast((r) => r.text !== LINE_BREAK)?.look.size ?? endLook.size);
      const weights = new Map<string, { look: RunLook; chars: number }>();
      for (const run of isEmpty ? [{ text: 'x', look: endLook }] : runs) {
        const key = JSON.stringify([
          run.look.size,
          run.look.bold,
          run.look.color?.hex,
          run.look.typeface,
          run.look.italic,
          run.look.underline,
        ]);
        const entry = weights.get(key) ?? { look: run.look, chars: 0 };
        entry.chars += run.text.trim().length;
        weights.set(key, entry);
      }
      const looks = [...weights.values()].sort((a, b) => b.chars - a.chars);
      const runLook = looks[0]!.look;
      const typeface = themeTypeface(runLook.typeface, theme);
      const font = this.mapFont(typeface);
      const spans = isEmpty
        ? []
        : runs.map((run) => ({
            text: run.text,
            style:
              run.text === LINE_BREAK ? {} : styleApart(run.look, runLook, run.text, drawnLook),
          }));
      const shown = runs.filter((run) => run.text !== LINE_BREAK && run.text.trim() !== '');
      if (shown.some((run) => drawnLook.family(run.look) === 'Inter' && font !== 'Inter')) {
        this.skip('text', "words in another font than their paragraph's are drawn in its font");
      }
      if (!isEmpty) {
        for (const run of [{ look: runLook }, ...shown]) {
          const runTypeface = themeTypeface(run.look.typeface, theme);
          // A stand-in of another shape sets the words wider or narrower than the original.
          const drawnIn = drawnLook.family(run.look);
          if (this.noteFont(runTypeface, drawnIn)) {
            this.skip(
              'font',
              `${runTypeface} is drawn in ${this.fontName(drawnIn)}: its lines may break in other places`,
            );
          }
        }
      }
      const size = drawnLook.points(runLook);
      const weight = drawnLook.weight(runLook);
      // The bullet as drawn: a symbol font's picture in Unicode (in a fallback family when the
      // text's font lacks it), `•` where no font of ours has it.
      const symbol = bullet?.kind === 'char' ? bulletCharacter(bullet.char, bullet.font) : '•';
      const face = this.faceOf(font, weight, runLook.italic === true);
      const bulletChar = symbol && missingCharacters(symbol, face).length === 0 ? symbol : '•';
      if (!isEmpty && bullet?.kind === 'char' && bulletChar !== symbol) {
        this.skip(
          'text',
          `a bullet our fonts do not have (${bullet.char} in ${bullet.font ?? 'its font'}) is drawn as •`,
        );
      }
      // Spaces that open a paragraph indent it: the engine sets text from its first word, so
      // the indent moves the paragraph's margin instead.
      const isBulleted = !isEmpty && (bullet?.kind === 'char' || numbered !== undefined);
      // A bullet (or number) in a colour and size of its own, as a theme's list style often
      // has; else in its paragraph's first words' (its size a share of theirs either way).
      const firstWords = shown[0]?.look ?? runLook;
      const ownBulletColor = look.bulletColor;
      const bulletHex =
        ownBulletColor && ownBulletColor !== 'text' ? ownBulletColor.hex : firstWords.color?.hex;
      const bulletColor = isBulleted && bulletHex ? `#${bulletHex}` : undefined;
      const ownBulletSize = look.bulletSize;
      const firstScale = (firstWords.size ?? 18) / (runLook.size ?? 18);
      const bulletScale = !isBulleted
        ? 1
        : !ownBulletSize || ownBulletSize === 'text'
          ? firstScale
          : 'percent' in ownBulletSize
            ? ownBulletSize.percent * firstScale
            : (ownBulletSize.points * fontScale * scale) / size;
      const opening = isEmpty ? '' : (/^ +/.exec(text)?.[0] ?? '');
      if (opening) text = text.slice(opening.length);
      const styledRuns = spans.some((span) => Object.keys(span.style).length > 0)
        ? joinRuns(text, spans, runLook)
        : undefined;
      // Each space as wide as its own run sets it (spaces in the default size before a title).
      let openingIndent = 0;
      let toMeasure = opening.length;
      for (const run of runs) {
        if (toMeasure <= 0) break;
        const spaces = Math.min(toMeasure, run.text.length);
        const runSize = (run.look.size ?? runLook.size ?? 18) * fontScale * scale;
        openingIndent += measureText(' '.repeat(spaces), face, runSize);
        toMeasure -= spaces;
      }
      const spacing = look.lineSpacing;
      const single = singleSpacing(face);
      const lineHeight =
        spacing && 'percent' in spacing
          ? single * spacing.percent * (1 - lineReduction)
          : spacing && 'points' in spacing
            ? (spacing.points * scale) / size
            : single * (1 - lineReduction);
      // Space before and after in per cent is a share of the text's size.
      const gap = (value: ParagraphLook['spaceAfter']) =>
        !value ? 0 : 'percent' in value ? value.percent * size : value.points * scale;
      return {
        text,
        /** The paragraph as runs, when words of it are styled apart. */
        runs: styledRuns,
        isEmpty,
        /** How many lines an empty paragraph takes: one, and one more after each line break. */
        emptyLines: isEmpty ? text.split(LINE_BREAK).length : 0,
        bulleted: isBulleted,
        weight,
        bulletChar,
        bulletColor,
        bulletScale: Math.min(4, Math.max(0.25, round(bulletScale))),
        italic: runLook.italic === true,
        underline: runLook.underline === true,
        size,
        color: `#${runLook.color?.hex ?? '000000'}`,
        font,
        align:
          look.align === 'ctr'
            ? 'center'
            : look.align === 'r'
              ? 'right'
              : ('left' as 'left' | 'center' | 'right'),
        lineHeight: Math.min(4, Math.max(0.5, round(lineHeight))),
        // A level whose margin nothing sets (a file an office suite other than PowerPoint wrote)
        // is indented by that suite's default step per level.
        margin:
          ((look.marginLeft ?? level * UNSET_LEVEL_STEP) + (look.indent ?? 0)) * scale +
          (isBulleted ? 0 : openingIndent),
        /** A bulleted paragraph's text, this far right of its bullet (a hanging indent). */
        hanging:
          (isBulleted && look.marginLeft === undefined && look.indent === undefined
            ? UNSET_LEVEL_STEP
            : Math.max(0, -(look.indent ?? 0))) * scale,
        /** A numbered paragraph's scheme and number, and how wide its label and a space are. */
        numbered,
        labelWidth: numbered
          ? measureText(`${numberLabel(numbered.scheme, numbered.value)} `, face, size)
          : 0,
        /** Spaces between a bullet and its text. */
        bulletSpaces: isBulleted ? openingIndent : 0,
        /** Read right to left: PowerPoint's paragraph direction, left to right when unsaid. */
        rightToLeft: look.rightToLeft ?? false,
        /**
         * How wide the bullet is drawn where the file sets its margin but no hanging indent: the
         * text follows the bullet at once. Where the file sets neither (a file an office suite
         * other than PowerPoint wrote), its default hangs the text (see `hanging`).
         */
        flushBulletWidth:
          isBulleted && !numbered && look.marginLeft !== undefined
            ? measureText(bulletChar, face, size * Math.min(4, Math.max(0.25, bulletScale)))
            : undefined,
        before: gap(look.spaceBefore),
        after: gap(look.spaceAfter),
        /** Where its tabs stop, in points from the text box's inset, and the default stops' distance. */
        tabStops: (look.tabStops ?? []).map((stop) => ({ ...stop, at: stop.at * scale })),
        tabSize: (look.tabSize ?? 72) * scale,
      };
    });

    // Runs of paragraphs that look alike become one text element each, stacked as PowerPoint
    // stacks them: measured with the engine's own line breaking, so the stack is what it draws.
    const insets = bodyLook.insets;
    const left = frame.x + (insets.left ?? 7.2) * scale;
    const right = frame.x + frame.w - (insets.right ?? 7.2) * scale;
    const top = frame.y + (insets.top ?? 3.6) * scale;
    const bottom = frame.y + frame.h - (insets.bottom ?? 3.6) * scale;
    const unwrapped = bodyLook.wrap === false;
    type Drawn = (typeof drawn)[number];
    const sameLook = (a: Drawn, b: Drawn) =>
      a.bulleted === b.bulleted &&
      (!a.bulleted ||
        (a.bulletChar === b.bulletChar &&
          a.bulletColor === b.bulletColor &&
          a.bulletScale === b.bulletScale)) &&
      a.numbered?.scheme === b.numbered?.scheme &&
      (!a.numbered || b.numbered?.value === a.numbered.value + 1) &&
      a.weight === b.weight &&
      a.italic === b.italic &&
      a.underline === b.underline &&
      a.size === b.size &&
      a.color === b.color &&
      a.font === b.font &&
      a.align === b.align &&
      a.lineHeight === b.lineHeight &&
      a.rightToLeft === b.rightToLeft &&
      (!/\t/.test(a.text + b.text) || sameTabs(a, b)) &&
      Math.abs(a.margin - b.margin) < 0.5 &&
      Math.abs(a.hanging - b.hanging) < 0.5 &&
      Math.abs(a.bulletSpaces - b.bulletSpaces) < 0.5 &&
      // The group's gap between paragraphs is its first paragraph's.
      Math.abs(a.after + b.before - (groupFirst(a).after + groupFirst(a).before)) < 0.5;
    const groups: { paragraphs: Drawn[]; spaceAbove: number }[] = [];
    const groupFirst = (paragraph: Drawn) =>
      groups.find((group) => group.paragraphs.includes(paragraph))?.paragraphs[0] ?? paragraph;
    let pendingSpace = 0;
    let previous: Drawn | undefined;
    for (const paragraph of drawn) {
      if (paragraph.isEmpty) {
        // An empty paragraph is a line of space in its own size (and a line more for each line
        // break in it), with its own space before (none at the top of the box) and after.
        const isFirst = groups.length === 0 && pendingSpace === 0;
        pendingSpace +=
          (previous?.after ?? 0) +
          (isFirst ? 0 : paragraph.before) +
          paragraph.lineHeight * paragraph.size * paragraph.emptyLines;
        previous = paragraph;
        continue;
      }
      // Empty lines before the first text push it down as they do in PowerPoint.
      const space =
        groups.length === 0 && pendingSpace === 0
          ? 0
          : pendingSpace + (previous?.after ?? 0) + paragraph.before;
      const last = groups[groups.length - 1];
      const lastParagraph = last?.paragraphs[last.paragraphs.length - 1];
      if (
        last &&
        lastParagraph &&
        previous &&
        pendingSpace === 0 &&
        sameLook(lastParagraph, paragraph)
      ) {
        last.paragraphs.push(paragraph);
      } else {
        groups.push({ paragraphs: [paragraph], spaceAbove: space });
      }
      pendingSpace = 0;
      previous = paragraph;
    }
    const blocks = groups.map((group) => {
      const first = group.paragraphs[0]!;
      const x = left + (first.bulleted ? first.margin : Math.max(0, first.margin));
      const w = unwrapped ? SLIDE_WIDTH * 2 : Math.max(1, right - x);
      const text = group.paragraphs
        .slice(0, 100)
        .map((p) => (p.runs ? { runs: p.runs } : p.text.slice(0, 5_000)));
      const gap = group.paragraphs.length > 1 ? (first.after + first.before) / first.size : 0;
      // Words spaced apart with runs of spaces stay apart, as PowerPoint shows them.
      const keepSpaces = group.paragraphs.some((p) => /\S {2,}\S/.test(p.text));
      // Without a hanging indent the text follows the bullet at once (and any spaces after it),
      // and its later lines start under the bullet, as PowerPoint sets them.
      // A number's label needs its own width before the text, however small the hanging indent.
      const flush = first.hanging <= 1 ? first.flushBulletWidth : undefined;
      const hanging = first.hanging > 1 ? first.hanging : (flush ?? 0.5 * first.size);
      const widestLabel = Math.max(...group.paragraphs.map((p) => p.labelWidth));
      const bulletIndent = first.bulleted
        ? round(Math.min(10, (Math.max(hanging, widestLabel) + first.bulletSpaces) / first.size))
        : undefined;
      const wrapUnderBullet = first.bulleted && flush !== undefined;
      // The direction the file gives, where the engine would read the words the other way.
      const rightToLeft = group.paragraphs.some(
        (p) => p.text.trim() !== '' && isRightToLeft(p.text) !== p.rightToLeft,
      )
        ? first.rightToLeft
        : undefined;
      const tabs = group.paragraphs.some((p) => p.text.includes('\t'))
        ? tabsFrom(first, x - left, right - left)
        : {};
      const spec = {
        x,
        y: 0,
        w,
        h: 0,
        text: text.map((p) => (typeof p === 'string' ? p : spansOf(p.runs, first.size))),
        ...tabs,
        weight: first.weight,
        size: first.size,
        color: first.color.slice(1),
        lineHeight: first.lineHeight,
        paragraphGap: gap,
        bullets: first.bulleted,
        ...(bulletIndent !== undefined ? { bulletIndent } : {}),
        ...(wrapUnderBullet ? { wrapUnderBullet } : {}),
        ...(rightToLeft !== undefined ? { rightToLeft } : {}),
        ...(first.font !== 'Inter' ? { family: first.font } : {}),
        ...(first.italic ? { italic: true } : {}),
        ...(keepSpaces ? { keepSpaces: true } : {}),
      };
      // Texts stack on one line pitch: where lines are tighter than the font's glyph band, the
      // band of one text overlaps the next instead of pushing it down.
      const overflow = textBandOverflow(spec);
      const height = measureTextHeight(spec);
      // An office suite puts a line's leading above its glyphs; the engine centres the glyphs
      // in the line, so the text moves down by half its leading to sit where it did.
      const shift = textLeadingShift(spec);
      // The text's own style (gap, bullet indent, direction…) travels in `spec`.
      return { group, first, spec, text, height, overflow, shift };
    });
    // Empty lines after the last text count when the text is centred or sits at the bottom.
    const trailing = pendingSpace;
    const total = blocks.reduce(
      (sum, block) => sum + block.group.spaceAbove + block.height - 2 * block.overflow,
      trailing,
    );
    const anchor = bodyLook.anchor ?? 't';
    // The whole stack turns with its shape about the shape's centre; a shape mirrored top to
    // bottom shows its text upside down, one mirrored left to right shows it as it is.
    const textTurn = normalDegrees(frame.rotation + (frame.flipV ? 180 : 0));
    let cursor =
      anchor === 'ctr' ? (top + bottom - total) / 2 : anchor === 'b' ? bottom - total : top;
    // Unwrapped text in a shape that grows to fit it is as wide as its widest line (a slide
    // number as one digit), and that width is centred where the shape is, spilling out evenly
    // on both sides when the shape was left narrower; each paragraph keeps its alignment within
    // it. An office suite draws it so whatever size the file last saved the shape at.
    const growsToFit = unwrapped && bodyLook.autofit?.kind === 'grow';
    const unwrappedWidth = growsToFit
      ? Math.max(
          ...blocks.map(
            ({ spec }) =>
              spec.x - left + measureTextWidth({ ...spec, text: withFieldsAsShown(spec.text) }),
          ),
        )
      : right - left;
    const unwrappedLeft = left + (right - left - unwrappedWidth) / 2;
    for (const [index, block] of blocks.entries()) {
      const { group, first, spec, text, height, overflow, shift } = block;
      const { paragraphGap: gap, bulletIndent, wrapUnderBullet, rightToLeft } = spec;
      const { tabStops, tabSize } = spec;
      cursor += group.spaceAbove;
      const { w } = spec;
      let { x } = spec;
      if (unwrapped) {
        x =
          first.align === 'left'
            ? unwrappedLeft + (x - left)
            : first.align === 'right'
              ? unwrappedLeft + unwrappedWidth - w
              : unwrappedLeft + unwrappedWidth / 2 - w / 2;
      }
      const placed = { x, y: cursor - overflow + shift, w, h: height + 1 };
      // A text keeps the room its frame gives it where nothing else of its shape stands, so
      // words that grow (a binding's longer value, an editor's added line) wrap on in the frame
      // as in PowerPoint: alone, down from its first line, up from its last, or both ways about
      // its middle, as anchored; the last of a stack at the top down, the first of a stack at
      // the bottom up.
      const hasRoom =
        blocks.length === 1 ||
        (anchor === 't' && index === blocks.length - 1) ||
        (anchor === 'b' && index === 0);
      const room = hasRoom ? roomInFrame(placed, height, top, bottom, anchor) : null;
      // Words that still do not fit are set smaller, down to half their size, never cut.
      const minSize = Math.max(4, round(first.size / 2));
      this.push({
        kind: 'text',
        ...this.box(turnAbout(room?.box ?? placed, frame, textTurn)),
        ...(textTurn !== 0 ? { rotation: textTurn } : {}),
        text,
        style: {
          weight: first.weight,
          size: first.size,
          ...(minSize < first.size ? { minSize } : {}),
          color: first.color,
          align: first.align,
          valign: room?.valign ?? 'top',
          lineHeight: first.lineHeight,
          ...(gap > 0 ? { paragraphGap: Math.min(4, round(gap)) } : {}),
          ...(first.bulleted ? { bullets: true, bulletIndent } : {}),
          ...(wrapUnderBullet ? { wrapUnderBullet } : {}),
          ...(rightToLeft !== undefined ? { rightToLeft } : {}),
          ...(first.numbered
            ? {
                numbering: {
                  scheme: first.numbered.scheme,
                  ...(first.numbered.value !== 1
                    ? { startAt: Math.min(32_767, first.numbered.value) }
                    : {}),
                },
              }
            : {}),
          ...(first.bulleted && first.bulletChar !== '•' ? { bulletChar: first.bulletChar } : {}),
          ...(first.bulleted && first.bulletColor && first.bulletColor !== first.color
            ? { bulletColor: first.bulletColor }
            : {}),
          ...(first.bulleted && first.bulletScale !== 1 ? { bulletSize: first.bulletScale } : {}),
          ...(first.font !== 'Inter' ? { font: first.font } : {}),
          ...(first.italic ? { italic: true } : {}),
          ...(first.underline ? { underline: true } : {}),
          ...(spec.keepSpaces ? { keepSpaces: true } : {}),
          ...(tabStops?.length ? { tabStops } : {}),
          ...(tabSize !== undefined ? { tabSize } : {}),
        },
      });
      cursor += height - 2 * overflow;
    }
    const plain = drawn
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (placeholder && masterType(placeholder.type) === 'title' && !this.title) this.title = plain;
    if (!this.firstText) this.firstText = plain;
  }
}

/** What a PowerPoint slide number field becomes: the binding the engine fills with the number. */
const SLIDE_NUMBER_FIELD = '{{slide.number}}';

/** A text's words with its slide number field as one digit, about as wide as it is shown. */
function withFieldsAsShown(text: TextSpec['text']): TextSpec['text'] {
  const shown = (words: string) => words.replaceAll(SLIDE_NUMBER_FIELD, '9');
  return typeof text === 'string'
    ? shown(text)
    : text.map((paragraph) =>
        typeof paragraph === 'string'
          ? shown(paragraph)
          : paragraph.map((span) => ({ ...span, text: shown(span.text) })),
      );
}

/** A paragraph's tab stops: its own and the distance between default ones, in points. */
interface TabLook {
  tabStops: TabStop[];
  tabSize: number;
}

const sameTabs = (a: TabLook, b: TabLook) =>
  a.tabSize === b.tabSize && JSON.stringify(a.tabStops) === JSON.stringify(b.tabStops);

/**
 * A paragraph's tab stops as its text, placed `offset` points right of its box's inset, counts
 * them: from its own left edge. PowerPoint counts default stops from the inset, so for a text
 * set in from it they are written out as stops of the text's own, as far as the box is `width`
 * wide (the layout counts any further ones from the text's edge).
 */
function tabsFrom(look: TabLook, offset: number, width: number): Partial<TabLook> {
  const own = look.tabStops
    .map((stop) => ({ ...stop, at: round(stop.at - offset) }))
    .filter((stop) => stop.at > 0)
    .sort((a, b) => a.at - b.at);
  const step = look.tabSize > 1 ? look.tabSize : 72;
  const tabSize = round(step);
  if (Math.abs(offset) < 0.5) return { ...(own.length > 0 ? { tabStops: own } : {}), tabSize };
  const defaults: TabStop[] = [];
  const past = Math.max(offset, (own.at(-1)?.at ?? 0) + offset);
  for (let at = (Math.floor(past / step + 1e-6) + 1) * step; at < width; at += step) {
    defaults.push({ at: round(at - offset), align: 'left' });
  }
  const tabStops = [...own, ...defaults].slice(0, MAX_TAB_STOPS);
  return { ...(tabStops.length > 0 ? { tabStops } : {}), tabSize };
}

/**
 * The box a text placed at `placed` (its layout `height` tall) may grow in between its frame's
 * `top` and `bottom`, with the alignment that keeps its lines where they are: top-aligned down
 * to the frame's bottom, bottom-aligned up to its top, centred about its middle as far as the
 * nearer edge allows. Never smaller than the text.
 */
function roomInFrame(
  placed: Box,
  height: number,
  top: number,
  bottom: number,
  anchor: string,
): { box: Box; valign: 'top' | 'middle' | 'bottom' } {
  if (anchor === 'b') {
    const end = placed.y + height;
    const start = Math.min(placed.y, top);
    return { box: { ...placed, y: start, h: end - start }, valign: 'bottom' };
  }
  if (anchor === 'ctr') {
    const middle = placed.y + height / 2;
    const half = Math.max(placed.h / 2, Math.min(middle - top, bottom - middle));
    return { box: { ...placed, y: middle - half, h: 2 * half }, valign: 'middle' };
  }
  return { box: { ...placed, h: Math.max(placed.h, bottom - placed.y) }, valign: 'top' };
}

/** The typeface a run names, the theme's heading (`+mj-lt`) or body font (any other `+…`, none). */
function themeTypeface(written: string | undefined, theme: Theme): string {
  if (written === '+mj-lt') return theme.majorFont;
  return !written || written.startsWith('+') ? theme.minorFont : written;
}

/**
 * How far inside its shape's box a shape's text sits, as the preset's text rectangle says: an
 * ellipse's text is in the square inscribed in it, a rounded rectangle's clear of its corners.
 */
function textInset(
  geometry: string,
  preset: XmlElement | undefined,
  frame: { w: number; h: number },
): { left: number; top: number; right: number; bottom: number } {
  const even = (x: number, y: number) => ({ left: x, top: y, right: x, bottom: y });
  if (geometry === 'ellipse' || geometry === 'flowChartConnector') {
    const share = (1 - Math.SQRT1_2) / 2;
    return even(frame.w * share, frame.h * share);
  }
  const adjustment = (fallback: number) => {
    const guide = childrenNamed(child(preset, 'a:avLst'), 'a:gd').find(
      (g) => g.attrs.name === 'adj',
    );
    return Number(/^val (\d+)$/.exec(guide?.attrs.fmla ?? '')?.[1] ?? fallback) / 100_000;
  };
  if (geometry === 'roundRect') {
    const radius = Math.min(frame.w, frame.h) * Math.min(0.5, Math.max(0, adjustment(16_667)));
    const clear = radius * (1 - Math.SQRT1_2);
    return even(clear, clear);
  }
  // A triangle's text sits in the middle half of its lower half (under its apex, as PowerPoint
  // sets it); a merge triangle's, pointing down, in the middle half of its upper half.
  if (geometry === 'triangle') {
    const apex = Math.min(1, Math.max(0, adjustment(50_000)));
    const left = (frame.w * apex) / 2;
    return { left, top: frame.h / 2, right: frame.w - left - frame.w / 2, bottom: 0 };
  }
  if (geometry === 'flowChartMerge') {
    return { left: frame.w / 4, top: 0, right: frame.w / 4, bottom: frame.h / 2 };
  }
  return even(0, 0);
}

/**
 * A placeholder's shape properties with what it does not say taken from its layout's and
 * master's placeholders, the nearest first: its geometry, fill and outline (a layout's filled
 * title bar stays filled on the slide).
 */
function inheritedProperties(
  own: XmlElement | undefined,
  inherited: readonly (XmlElement | undefined)[],
): XmlElement | undefined {
  if (inherited.length === 0) return own;
  const sources = [own, ...inherited];
  const first = (test: (c: XmlElement) => boolean) =>
    sources.map((source) => source?.children.find(test)).find((c) => c !== undefined);
  const children = [
    first((c) => c.name === 'a:xfrm'),
    first((c) => c.name === 'a:prstGeom' || c.name === 'a:custGeom'),
    first((c) => c.name.endsWith('Fill')),
    first((c) => c.name === 'a:ln'),
    first((c) => c.name === 'a:effectLst'),
  ].filter((c): c is XmlElement => c !== undefined);
  return { name: 'p:spPr', attrs: {}, children, text: '' };
}

/**
 * A gradient fill (`a:gradFill`) in the template format, its stops' opacities kept: linear (with
 * `a:lin`, or none said) at its angle, or radial (`a:path`, whatever its shape) about the centre
 * of its focus rectangle (`a:fillToRect`, insets from each side). Undefined for fewer than two
 * stops or another kind of fill.
 */
function readGradient(fill: XmlElement, colors: ColorContext): TemplateGradient | undefined {
  if (fill.name !== 'a:gradFill') return undefined;
  const stops = gradientStops(fill, colors)
    .map((stop) => ({
      at: Math.max(0, Math.min(1, round(stop.pos))),
      color: hexOf(stop.color),
      ...(stop.color.alpha < 1 ? { opacity: round(stop.color.alpha) } : {}),
    }))
    .sort((a, b) => a.at - b.at)
    .slice(0, 10);
  if (stops.length < 2) return undefined;
  const shade = child(fill, 'a:path');
  if (shade) {
    const focus = child(shade, 'a:fillToRect');
    const inset = (name: string) => {
      const value = (numberAttr(focus, name) ?? 0) / 100_000;
      return Number.isFinite(value) ? value : 0;
    };
    const centre = (from: number, to: number) =>
      Math.max(0, Math.min(1, round((from + 1 - to) / 2)));
    const cx = centre(inset('l'), inset('r'));
    const cy = centre(inset('t'), inset('b'));
    return {
      kind: 'radial',
      ...(cx !== 0.5 ? { cx } : {}),
      ...(cy !== 0.5 ? { cy } : {}),
      stops,
    };
  }
  const degrees = (numberAttr(child(fill, 'a:lin'), 'ang') ?? 0) / 60_000;
  const angle = Number.isFinite(degrees) ? round(((degrees % 360) + 360) % 360) : 0;
  return { angle: angle === 360 ? 0 : angle, stops };
}

/** Degrees clockwise from 0 to 360, 0 for a turn too small to see or not a number. */
function normalDegrees(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const turned = round(((degrees % 360) + 360) % 360);
  return turned < 0.5 || turned > 359.5 ? 0 : turned;
}

/** A point turned clockwise about a centre. */
/** A line's stroke and the marks at its ends. */
interface LineStroke {
  color: string;
  width: number;
  dash?: boolean;
  opacity?: number;
  startArrow?: LineEnd;
  endArrow?: LineEnd;
}

/** The value met most often (the first met of those tied); undefined when there is none. */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}

/**
 * How a shape's geometry is drawn in its box: an ellipse, a path (`outline`: a preset's or
 * freeform's), a rounded rectangle (`radius` in points: its adjustment, a share of the shorter
 * side, or Office's 16.667 %), else a rectangle.
 */
function shapeOutline(
  geometry: string,
  properties: XmlElement | undefined,
  box: { w: number; h: number },
): { ellipse: boolean; outline: string | undefined; radius: number | undefined } {
  const ellipse = geometry === 'ellipse' || geometry === 'flowChartConnector';
  const outline =
    ellipse || geometry === 'roundRect' || rectangles.has(geometry)
      ? undefined
      : geometry === 'custom'
        ? customPath(child(properties, 'a:custGeom'))
        : presetPath(geometry, child(properties, 'a:prstGeom'), box.w, box.h);
  const adjust = pathOf(properties, 'a:prstGeom', 'a:avLst', 'a:gd')?.attrs.fmla;
  const share = adjust?.startsWith('val ') ? Number(adjust.slice(4)) / 100_000 : 0.16667;
  const radius =
    geometry === 'roundRect' && Number.isFinite(share)
      ? round(share * Math.min(box.w, box.h))
      : undefined;
  return { ellipse, outline, radius };
}

const samePoint = (a: Point, b: Point) =>
  Math.abs(a[0] - b[0]) < 0.01 && Math.abs(a[1] - b[1]) < 0.01;

/** The point `length` from `from` in the direction of `toward`. */
function towards(from: Point, toward: Point, length: number): Point {
  const distance = Math.hypot(toward[0] - from[0], toward[1] - from[1]);
  const share = length / distance;
  return [from[0] + (toward[0] - from[0]) * share, from[1] + (toward[1] - from[1]) * share];
}

function turnPoint(
  x: number,
  y: number,
  turn: { cx: number; cy: number; rotation: number },
): [number, number] {
  if (turn.rotation === 0) return [x, y];
  const radians = (turn.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const [dx, dy] = [x - turn.cx, y - turn.cy];
  return [turn.cx + dx * cos - dy * sin, turn.cy + dx * sin + dy * cos];
}

/** A box moved where turning its frame about the frame's centre takes it (it turns about its own). */
function turnAbout(
  box: { x: number; y: number; w: number; h: number },
  frame: { x: number; y: number; w: number; h: number },
  rotation: number,
) {
  const [cx, cy] = turnPoint(box.x + box.w / 2, box.y + box.h / 2, {
    cx: frame.x + frame.w / 2,
    cy: frame.y + frame.h / 2,
    rotation,
  });
  return { ...box, x: cx - box.w / 2, y: cy - box.h / 2 };
}

function stripEmpty(look: RunLook): RunLook {
  return Object.fromEntries(Object.entries(look).filter(([, v]) => v !== undefined)) as RunLook;
}

/** Whether a shape or picture does something when clicked (a video's own "play" aside). */
function isClickable(nonVisual: XmlElement | undefined): boolean {
  const click = child(nonVisual, 'a:hlinkClick');
  return click !== undefined && click.attrs.action !== 'ppaction://media';
}

/** A paragraph's text: its runs, fields and line breaks. */
function paragraphText(paragraph: XmlElement): string {
  return paragraph.children
    .map((node) =>
      node.name === 'a:r' || node.name === 'a:fld'
        ? (child(node, 'a:t')?.text ?? '')
        : node.name === 'a:br'
          ? '\n'
          : '',
    )
    .join('');
}

/** Cuts, stretches and fades each picture as its slide shows it (sharp, once per picture). */
async function preparePictures(pending: readonly PendingPicture[], slides: readonly ReadSlide[]) {
  if (pending.length === 0) return;
  const { default: sharp } = await import('sharp');
  // A master's picture is pending once per slide: it is prepared once, for all of them.
  const done = new Set<string>();
  for (const picture of pending) {
    if (done.has(picture.src)) continue;
    done.add(picture.src);
    let prepared: Uint8Array | undefined;
    try {
      const image = sharp(picture.bytes, { limitInputPixels: 100_000_000 });
      const meta = await image.metadata();
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      if (width === 0 || height === 0) throw new Error('no size');
      let pipeline = sharp(picture.bytes, { limitInputPixels: 100_000_000 }).rotate();
      let cropW = width;
      let cropH = height;
      if (picture.crop) {
        const { left, top, right, bottom } = picture.crop;
        const x0 = Math.round(width * left);
        const y0 = Math.round(height * top);
        const x1 = Math.round(width * (1 - right));
        const y1 = Math.round(height * (1 - bottom));
        // A negative crop pads the picture: PowerPoint shrinks it inside its frame.
        const extract = {
          left: Math.max(0, x0),
          top: Math.max(0, y0),
          width: Math.max(1, Math.min(width, x1) - Math.max(0, x0)),
          height: Math.max(1, Math.min(height, y1) - Math.max(0, y0)),
        };
        pipeline = pipeline.extract(extract);
        const pad = {
          left: Math.max(0, -x0),
          top: Math.max(0, -y0),
          right: Math.max(0, x1 - width),
          bottom: Math.max(0, y1 - height),
        };
        if (pad.left + pad.top + pad.right + pad.bottom > 0) {
          pipeline = sharp(await pipeline.png().toBuffer()).extend({
            ...pad,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          });
        }
        cropW = extract.width + pad.left + pad.right;
        cropH = extract.height + pad.top + pad.bottom;
      }
      // Stretched to the frame's shape at the picture's own resolution (at most 2,400 px wide).
      // Within 2,400 px either way, whatever shape the frame has.
      let targetW = Math.max(1, Math.min(2_400, cropW));
      let targetH = Math.max(1, Math.round(targetW / picture.aspect));
      if (targetH > 2_400) {
        targetH = 2_400;
        targetW = Math.max(1, Math.round(2_400 * picture.aspect));
      }
      if (picture.tile) {
        // Repeated at its own size (scaled) across the frame, drawn at 2 px a point. Its size is
        // its pixels at the resolution it says it has, as office suites take it (96 dpi when
        // it says none, or one no picture has).
        const { frameWidth, frameHeight, scaleX, scaleY } = picture.tile;
        const declared = declaredResolution(picture.bytes);
        const dpi = declared && declared >= 24 && declared <= 2_400 ? declared : 96;
        const pointsPerPixel = 72 / dpi;
        const tileW = Math.max(1, Math.min(4_000, Math.round(cropW * pointsPerPixel * scaleX * 2)));
        const tileH = Math.max(1, Math.min(4_000, Math.round(cropH * pointsPerPixel * scaleY * 2)));
        const frameW = Math.max(1, Math.min(4_000, Math.round(frameWidth * 2)));
        const frameH = Math.max(1, Math.min(4_000, Math.round(frameHeight * 2)));
        // A tile larger than the frame shows only its top-left part.
        const tileBytes = await sharp(
          await pipeline.resize(tileW, tileH, { fit: 'fill' }).png().toBuffer(),
        )
          .extract({
            left: 0,
            top: 0,
            width: Math.min(tileW, frameW),
            height: Math.min(tileH, frameH),
          })
          .png()
          .toBuffer();
        pipeline = sharp({
          create: {
            width: frameW,
            height: frameH,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          },
        }).composite([{ input: tileBytes, tile: true, top: 0, left: 0 }]);
        pipeline = sharp(await pipeline.png().toBuffer());
      } else if (Math.abs(cropW / cropH - picture.aspect) > 0.01 || targetW !== cropW) {
        pipeline = sharp(await pipeline.png().toBuffer()).resize(targetW, targetH, { fit: 'fill' });
      }
      if (picture.duotone) {
        // Each pixel's lightness picks its colour between the two (the picture's own alpha kept).
        const [dark, light] = picture.duotone.map((hex) => [
          parseInt(hex.slice(0, 2), 16),
          parseInt(hex.slice(2, 4), 16),
          parseInt(hex.slice(4, 6), 16),
        ]) as [number[], number[]];
        const { data, info } = await pipeline
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (let i = 0; i < data.length; i += 4) {
          const l = (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) / 255;
          for (let c = 0; c < 3; c += 1)
            data[i + c] = Math.round(dark[c]! + (light[c]! - dark[c]!) * l);
        }
        pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
        pipeline = sharp(await pipeline.png().toBuffer());
      } else if (picture.grayscale) {
        pipeline = sharp(await pipeline.grayscale().png().toBuffer());
      }
      if (picture.mask) {
        // Outside the outline, nothing: the outline as a white shape keeps what it covers.
        const shaped = await pipeline.ensureAlpha().png().toBuffer();
        const { width = 1, height = 1 } = await sharp(shaped).metadata();
        const outline = Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 1000" preserveAspectRatio="none">` +
            `<path d="${svgPathData(placePath(picture.mask, { x: 0, y: 0, w: 1000, h: 1000 }))}" fill="#fff"/></svg>`,
        );
        pipeline = sharp(
          await sharp(shaped)
            .composite([{ input: outline, blend: 'dest-in' }])
            .png()
            .toBuffer(),
        );
      }
      if (picture.opacity !== undefined) {
        const { data, info } = await pipeline
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * picture.opacity);
        pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
        prepared = await pipeline.png().toBuffer();
      } else {
        const alpha = (await pipeline.clone().metadata()).hasAlpha || meta.hasAlpha;
        prepared =
          alpha || meta.format === 'png'
            ? await pipeline.png().toBuffer()
            : await pipeline.jpeg({ quality: 90 }).toBuffer();
      }
    } catch {
      prepared = undefined;
    }
    for (const slide of slides) {
      if (!slide.pictures.has(picture.src)) continue;
      if (prepared) slide.pictures.set(picture.src, prepared);
      else {
        slide.pictures.delete(picture.src);
        const why = 'a picture that could not be read was left out';
        // Taken out, last first, each noted where it was (an office renderer may draw it).
        for (let i = slide.elements.length - 1; i >= 0; i -= 1) {
          const element = slide.elements[i]!;
          if (element.kind !== 'picture' || element.src !== picture.src) continue;
          slide.elements.splice(i, 1);
          for (const other of slide.leftOut) if (other.at > i) other.at -= 1;
          const { x, y, w, h } = element;
          slide.leftOut.push({
            kind: 'picture',
            what: 'a picture',
            why,
            box: { x, y, w, h },
            at: i,
          });
          const noted = slide.report.notImported.find((n) => n.kind === 'picture' && n.why === why);
          if (noted) noted.count = (noted.count ?? 1) + 1;
          else slide.report.notImported.push({ kind: 'picture', why });
        }
      }
    }
  }
}

/**
 * A diagram drawing's shape tree under the names a slide's has (`dsp:sp` → `p:sp`). A shape
 * whose words have a box of their own (`dsp:txXfrm`, narrower than the shape) becomes the shape
 * and, over it, a text box of that size without fill or outline.
 */
function asSlideTree(element: XmlElement): XmlElement {
  const renamed = (node: XmlElement): XmlElement => ({
    ...node,
    name: node.name.startsWith('dsp:') ? `p:${node.name.slice(4)}` : node.name,
    children: node.children.flatMap(split),
  });
  const split = (node: XmlElement): XmlElement[] => {
    const textBox = child(node, 'dsp:txXfrm');
    const body = child(node, 'dsp:txBody');
    if (node.name !== 'dsp:sp' || !textBox || !body) return [renamed(node)];
    const shape = renamed({ ...node, children: node.children.filter((c) => c !== body) });
    const bare = (name: string): XmlElement => ({ name, attrs: {}, children: [], text: '' });
    const words: XmlElement = {
      name: 'p:sp',
      attrs: {},
      text: '',
      children: [
        renamed(child(node, 'dsp:nvSpPr') ?? bare('dsp:nvSpPr')),
        {
          ...bare('p:spPr'),
          children: [
            { ...textBox, name: 'a:xfrm' },
            { ...bare('a:prstGeom'), attrs: { prst: 'rect' } },
            bare('a:noFill'),
            { ...bare('a:ln'), children: [bare('a:noFill')] },
          ],
        },
        ...(child(node, 'dsp:style') ? [renamed(child(node, 'dsp:style')!)] : []),
        renamed(body),
      ],
    };
    return [shape, words];
  };
  return renamed(element);
}

/** An ellipse filling the 1000 × 1000 square, as path commands (four quarter curves). */
const ELLIPSE_PATH = (() => {
  const k = 500 * 0.5523;
  const [a, b] = [500 - k, 500 + k].map((v) => Math.round(v * 10) / 10);
  return `M0 500 C0 ${a} ${a} 0 500 0 C${b} 0 1000 ${a} 1000 500 C1000 ${b} ${b} 1000 500 1000 C${a} 1000 0 ${b} 0 500 Z`;
})();

/** A rectangle filling the 1000 × 1000 square with corners rounded by rx across and ry down. */
function roundedRectPath(rx: number, ry: number): string {
  const k = 1 - 0.5523;
  const r = (v: number) => Math.round(v * 10) / 10;
  return (
    `M${r(rx)} 0 L${r(1000 - rx)} 0 C${r(1000 - rx * k)} 0 1000 ${r(ry * k)} 1000 ${r(ry)} ` +
    `L1000 ${r(1000 - ry)} C1000 ${r(1000 - ry * k)} ${r(1000 - rx * k)} 1000 ${r(1000 - rx)} 1000 ` +
    `L${r(rx)} 1000 C${r(rx * k)} 1000 0 ${r(1000 - ry * k)} 0 ${r(1000 - ry)} ` +
    `L0 ${r(ry)} C0 ${r(ry * k)} ${r(rx * k)} 0 ${r(rx)} 0 Z`
  );
}

/** A share of a chart's box, as a chart drawing's anchor gives it: 0…1, else 0. */
const clampShare = (value: number) =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

/**
 * A shape of a chart's drawing (`cdr:sp`, `cdr:cxnSp`, `cdr:pic`, `cdr:grpSp`) as a slide's
 * shape: its names in the slide's namespace, its frame where its anchor puts it (slide EMU),
 * keeping its turn and flips (and a group's own space, which its children are placed in).
 */
function anchoredShape(
  shape: XmlElement,
  from: { x: number; y: number },
  to: { x: number; y: number },
): XmlElement {
  const renamed = (node: XmlElement): XmlElement => ({
    ...node,
    name: node.name.startsWith('cdr:') ? `p:${node.name.slice(4)}` : node.name,
    children: node.children.map(renamed),
  });
  const slideShape = renamed(shape);
  const properties = slideShape.children.find((c) => c.name === 'p:spPr' || c.name === 'p:grpSpPr');
  const xfrm = child(properties, 'a:xfrm');
  if (!properties || !xfrm) return slideShape;
  const bare = (name: string, attrs: Record<string, string>): XmlElement => ({
    name,
    attrs,
    children: [],
    text: '',
  });
  const anchored: XmlElement = {
    ...xfrm,
    children: [
      bare('a:off', { x: String(Math.round(from.x)), y: String(Math.round(from.y)) }),
      bare('a:ext', {
        cx: String(Math.max(0, Math.round(to.x - from.x))),
        cy: String(Math.max(0, Math.round(to.y - from.y))),
      }),
      ...xfrm.children.filter((c) => c.name === 'a:chOff' || c.name === 'a:chExt'),
    ],
  };
  const placedProperties = {
    ...properties,
    children: properties.children.map((c) => (c === xfrm ? anchored : c)),
  };
  return {
    ...slideShape,
    children: slideShape.children.map((c) => (c === properties ? placedProperties : c)),
  };
}

/** The first element of that name at any depth, in document order. */
function findDescendant(element: XmlElement, name: string): XmlElement | undefined {
  for (const c of element.children) {
    if (c.name === name) return c;
    const found = findDescendant(c, name);
    if (found) return found;
  }
  return undefined;
}
