import { withFontFamily } from '../layout/fonts.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../layout/model.ts';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { readChartPart, readChartShapes } from './chart-frames.ts';
import { readDiagramDrawing } from './diagram-drawing.ts';
import { resolveColorIn } from './drawingml-color.ts';
import { overriddenMap, partLoader, placeholderOf } from './masters.ts';
import { preparePictures } from './prepare-pictures.ts';
import {
  presentationCreated,
  presentationOutline,
  relationshipsOf,
  relsOf,
  type PptxPackage,
} from './pptx-package.ts';
import { readBlip, readObjectPicture, readPicture } from './read-pictures.ts';
import { readConnector, readShape } from './read-shapes.ts';
import { readTable } from './read-table.ts';
import { groupTransform, shapeFrame } from './shape-frame.ts';
import { flatFill, readGradient } from './shape-style.ts';
import {
  hexOf,
  SlideRead,
  type HouseFont,
  type PartContext,
  type PendingPicture,
  type ReadPresentation,
  type ReadSlide,
  type Transform,
  type TreeSource,
} from './slide-read.ts';
import { readTableStyles } from './table-look.ts';
import {
  booleanAttr,
  child,
  numberAttr,
  pathOf,
  readXmlTree,
  type XmlElement,
} from './xml-tree.ts';

// The reader of a presentation's slides: this file walks each slide's shape trees and hands
// each shape to the reader of its kind (shapes, pictures, tables, charts, diagrams), which
// adds what it makes to the slide being read (`SlideRead`).

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

  const loadLayout = partLoader(pkg);

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
    const read = new SlideRead(
      pkg,
      layout,
      context,
      base,
      defaultTextStyle,
      tableStyles,
      pending,
      houseFont,
      readTree,
    );
    // Text is measured in the family decks will set it in.
    const slide = withFontFamily(houseFont?.family, () =>
      readSlide(read, index + 1, root, {
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

/** One slide: its background, then what its master and layout draw (unless it hides them), then its own shapes. */
function readSlide(
  read: SlideRead,
  number: number,
  root: XmlElement,
  size: { width: number; height: number },
): ReadSlide {
  const master = read.layout.master;
  const background = readBackground(read, root, size);
  const showMaster = (element: XmlElement) => booleanAttr(element, 'showMasterSp') !== false;
  if (showMaster(root)) {
    if (showMaster(read.layout.root)) {
      readTree(
        read,
        pathOf(master.root, 'p:cSld', 'p:spTree'),
        read.base,
        // What a master or layout draws takes this slide's colour map.
        { ...master.context, colors: read.slideContext.colors },
        'master',
      );
    }
    readTree(
      read,
      pathOf(read.layout.root, 'p:cSld', 'p:spTree'),
      read.base,
      { ...read.layout.context, colors: read.slideContext.colors },
      'layout',
    );
  }
  readTree(read, pathOf(root, 'p:cSld', 'p:spTree'), read.base, read.slideContext, 'slide');
  return {
    number,
    part: read.slideContext.part,
    hidden: booleanAttr(root, 'show') === false,
    title: (read.title || read.firstText || `Slide ${number}`).slice(0, 120),
    background,
    elements: read.elements.slice(0, 400),
    pictures: read.pictures,
    report: read.report,
    leftOut: read.leftOut,
  };
}

/** The slide's background: its own, else its layout's, else its master's. */
function readBackground(
  read: SlideRead,
  root: XmlElement,
  size: { width: number; height: number },
): string {
  const sources: [XmlElement, PartContext][] = [
    [root, read.slideContext],
    [read.layout.root, { ...read.layout.context, colors: read.slideContext.colors }],
    [read.layout.master.root, { ...read.layout.master.context, colors: read.slideContext.colors }],
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
      const theme = read.layout.master.theme;
      fill = idx >= 1001 ? theme.backgroundFillStyles[idx - 1001] : theme.fillStyles[idx - 1];
      const placeholder = resolveColorIn(reference, context.colors);
      colors = { ...context.colors, ...(placeholder ? { placeholder } : {}) };
      // A theme's background picture is one of the theme part's files.
      pictureContext = { ...read.layout.master.themeContext, colors };
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
      readBlip(read, fill, box, pictureContext, 'background picture');
      return '#FFFFFF';
    }
    const flat = flatFill(read, fill, colors, 'background');
    if (!flat) return '#FFFFFF';
    const gradient = readGradient(fill, colors);
    if (fullSlide && !gradient) return hexOf(flat);
    // A gradient, or a slide narrower than ours: drawn as a shape over the slide's area.
    read.push({
      kind: 'rect',
      ...read.box(box),
      fill: hexOf(flat),
      ...(gradient ? { gradient } : {}),
    });
    return fullSlide ? hexOf(flat) : '#FFFFFF';
  }
  return '#FFFFFF';
}

function readTree(
  read: SlideRead,
  tree: XmlElement | undefined,
  transform: Transform,
  context: PartContext,
  source: TreeSource,
) {
  for (const node of tree?.children ?? []) readNode(read, node, transform, context, source);
}

function readNode(
  read: SlideRead,
  node: XmlElement,
  transform: Transform,
  context: PartContext,
  source: TreeSource,
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
      readShape(read, node, transform, context, source);
      return;
    case 'p:cxnSp':
      readConnector(read, node, transform, context);
      return;
    case 'p:pic':
      if (source !== 'slide' && placeholderOf(node)) return;
      readPicture(read, node, transform, context);
      return;
    case 'p:grpSp':
      readTree(read, node, groupTransform(read, node, transform), context, source);
      return;
    case 'p:graphicFrame':
      readGraphicFrame(read, node, transform, context);
      return;
    case 'mc:AlternateContent': {
      const fallback = child(node, 'mc:Fallback');
      if (fallback && fallback.children.length > 0)
        readTree(read, fallback, transform, context, source);
      else read.skip('content', 'content written for a newer PowerPoint was left out');
      return;
    }
    case 'p:contentPart':
      read.skip('ink', 'ink drawing left out');
      return;
    default:
      return;
  }
}

function readGraphicFrame(
  read: SlideRead,
  frameElement: XmlElement,
  transform: Transform,
  context: PartContext,
) {
  const data = pathOf(frameElement, 'a:graphic', 'a:graphicData');
  const uri = data?.attrs.uri ?? '';
  const frame = shapeFrame(child(frameElement, 'p:xfrm'), transform);
  if (uri.endsWith('/table') && frame) {
    readTable(read, child(data, 'a:tbl'), frame, context, transform.sy);
    return;
  }
  if (uri.endsWith('/ole') && frame && readObjectPicture(read, data, frame, context)) return;
  const chart = uri.endsWith('/chart') && frame && readChartPart(read, data, frame, context);
  if (chart) {
    readChartShapes(read, chart, frameElement, transform, context);
    return;
  }
  if (
    uri.endsWith('/diagram') &&
    readDiagramDrawing(read, data, frameElement, transform, context)
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
    kind === 'chart' && read.chartWhy
      ? read.chartWhy
      : `${what} was left out: it does not import as editable elements`;
  read.chartWhy = undefined;
  read.skip(kind, why);
  // Where it was, for the office renderer to put a picture of it in its place.
  if (frame) {
    read.leftOut.push({ kind, what, why, box: read.box(frame), at: read.elements.length });
  }
}
