import { templateElementSchema } from '@deck-portal/domain';
import { relsOf, type Relationship } from './pptx-package.ts';
import { readChart } from './read-chart.ts';
import { themeTypeface } from './masters.ts';
import type { PartContext, SlideRead, Transform } from './slide-read.ts';
import { readTheme } from './theme.ts';
import { child, numberAttr, readXmlTree, type XmlElement } from './xml-tree.ts';

// A chart on a slide: the chart element read from its part, and the shapes drawn over it.

/** A chart part as read: its tree and its relationships (its theme, its drawing). */
export interface ChartPart {
  space: XmlElement | undefined;
  rels: Map<string, Relationship>;
}

/**
 * The shapes drawn over a chart (`c:userShapes`: a note, an arrow, a projection line), each
 * anchored by shares of the chart's box (or a corner and a size): read as the slide's shapes
 * are, placed where the anchor puts them, above the chart.
 */
export function readChartShapes(
  read: SlideRead,
  { space, rels }: ChartPart,
  frameElement: XmlElement,
  transform: Transform,
  context: PartContext,
) {
  const drawing = rels.get(child(space, 'c:userShapes')?.attrs['r:id'] ?? '');
  if (!drawing?.part || drawing.external || drawing.type !== 'chartUserShapes') return;
  const shapes = readXmlTree(read.pkg, drawing.part);
  const xfrm = child(frameElement, 'p:xfrm');
  const [x, y] = [numberAttr(child(xfrm, 'a:off'), 'x'), numberAttr(child(xfrm, 'a:off'), 'y')];
  const [cx, cy] = [numberAttr(child(xfrm, 'a:ext'), 'cx'), numberAttr(child(xfrm, 'a:ext'), 'cy')];
  if ([x, y, cx, cy].some((v) => v === undefined)) return;
  const share = (point: XmlElement | undefined, name: string) =>
    clampShare(Number(child(point, name)?.text ?? NaN));
  const placed = (shares: XmlElement | undefined) => ({
    x: x! + share(shares, 'cdr:x') * cx!,
    y: y! + share(shares, 'cdr:y') * cy!,
  });
  const tree: XmlElement[] = [];
  for (const anchor of shapes?.children ?? []) {
    const shape = anchor.children.find((c) => !['cdr:from', 'cdr:to', 'cdr:ext'].includes(c.name));
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
    rels: relsOf(read.pkg, drawing.part),
    colors: context.colors,
  };
  read.readTree(
    { name: 'p:spTree', attrs: {}, children: tree, text: '' },
    transform,
    drawingContext,
    'slide',
  );
}

/**
 * A chart as the engine's own chart element, its figures from the chart part's cache; the
 * part read, or undefined when it is a kind the engine does not draw (it is then left out as
 * other objects are, and the report says why).
 */
export function readChartPart(
  read: SlideRead,
  data: XmlElement | undefined,
  frame: { x: number; y: number; w: number; h: number },
  context: PartContext,
): ChartPart | undefined {
  const rel = context.rels.get(child(data, 'c:chart')?.attrs['r:id'] ?? '');
  const part = rel?.part && !rel.external ? rel.part : undefined;
  const space = part ? readXmlTree(read.pkg, part) : undefined;
  const rels = part ? relsOf(read.pkg, part) : new Map<string, Relationship>();
  // A chart pasted from another file keeps that file's theme as its own override.
  const overridePart = [...rels.values()].find(
    (r) => r.type === 'themeOverride' && !r.external,
  )?.part;
  const override = overridePart ? readXmlTree(read.pkg, overridePart) : undefined;
  const theme = override ? readTheme(override) : read.layout.master.theme;
  const colors = override ? { ...context.colors, theme: theme.colors } : context.colors;
  const parsed = space ? readChart(space, colors) : { why: 'its part is missing' };
  if ('why' in parsed) {
    read.chartWhy = `a chart was left out: ${parsed.why}`;
    return undefined;
  }
  const typeface = themeTypeface(parsed.typeface, theme);
  const font = read.mapFont(typeface);
  const element = {
    kind: 'chart',
    ...read.box(frame),
    ...parsed.chart,
    ...(font !== 'Inter' ? { font } : {}),
  } as const;
  // A chart whose figures the format cannot hold is left out, never stored half right.
  const checked = templateElementSchema.safeParse(element);
  if (!checked.success) {
    read.chartWhy = 'a chart was left out: its figures do not fit a chart of the library';
    return undefined;
  }
  read.noteFont(typeface, font);
  for (const note of parsed.notes) read.skip('effect', note);
  read.push(checked.data);
  return { space, rels };
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
