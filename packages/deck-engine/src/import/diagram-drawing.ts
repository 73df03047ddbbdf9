import { relsOf } from './pptx-package.ts';
import type { PartContext, SlideRead, Transform } from './slide-read.ts';
import { child, numberAttr, pathOf, readXmlTree, type XmlElement } from './xml-tree.ts';

// SmartArt, read as the drawing PowerPoint last made of it.

/**
 * SmartArt as the shapes PowerPoint last drew it with: the diagram's drawing part (`dsp:`, the
 * shape tree of a slide by another name, placed from the frame's corner) is read as a slide's
 * shapes are. Its words and look are kept; the diagram's layout (what reflows when a point is
 * added) is not, and the report says so. False when the file has no drawing (older writers).
 */
export function readDiagramDrawing(
  read: SlideRead,
  data: XmlElement | undefined,
  frameElement: XmlElement,
  transform: Transform,
  context: PartContext,
): boolean {
  const dataRel = context.rels.get(child(data, 'dgm:relIds')?.attrs['r:dm'] ?? '');
  const model = dataRel?.part ? readXmlTree(read.pkg, dataRel.part) : undefined;
  const drawingId = model && findDescendant(model, 'dsp:dataModelExt')?.attrs.relId;
  // Without the data's pointer, the slide's one drawing (with several, whose is unknown).
  const drawings = [...context.rels.values()].filter((rel) => rel.type === 'diagramDrawing');
  const drawingRel =
    (drawingId ? context.rels.get(drawingId) : undefined) ??
    (drawings.length === 1 ? drawings[0] : undefined);
  if (!drawingRel?.part || drawingRel.external) return false;
  const tree = child(readXmlTree(read.pkg, drawingRel.part), 'dsp:spTree');
  if (!tree) return false;
  const off = pathOf(frameElement, 'p:xfrm', 'a:off');
  const placed: Transform = {
    ...transform,
    ox: transform.ox + transform.sx * (numberAttr(off, 'x') ?? 0),
    oy: transform.oy + transform.sy * (numberAttr(off, 'y') ?? 0),
  };
  const drawingContext: PartContext = {
    part: drawingRel.part,
    rels: relsOf(read.pkg, drawingRel.part),
    colors: context.colors,
  };
  const before = read.elements.length;
  read.readTree(asSlideTree(tree), placed, drawingContext, 'slide');
  if (read.elements.length === before) return false;
  read.skip(
    'smartart',
    'a SmartArt diagram is imported as the shapes it shows: its layout is not kept',
  );
  return true;
}

/** A full turn in DrawingML's 60,000ths of a degree. */
const FULL_TURN = 21_600_000;

/**
 * The turn of a diagram shape's words: the text box's own (`dsp:txXfrm rot`) is counted from
 * the shape's, as PowerPoint and LibreOffice draw it, so a shape turned 180° whose text box turns
 * 180° more has its words upright, and a hexagon stood on end (90°) with its text at -90° reads
 * level. Words whose box says no turn are turned with their shape.
 */
function wordsTurn(shape: XmlElement, textBox: XmlElement): number {
  const turn =
    (numberAttr(pathOf(shape, 'dsp:spPr', 'a:xfrm'), 'rot') ?? 0) +
    (numberAttr(textBox, 'rot') ?? 0);
  return ((turn % FULL_TURN) + FULL_TURN) % FULL_TURN;
}

/**
 * A diagram drawing's shape tree under the names a slide's has (`dsp:sp` → `p:sp`). A shape
 * whose words have a box of their own (`dsp:txXfrm`, narrower than the shape) becomes the shape
 * and, over it, a text box of that size without fill or outline, turned as the words are.
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
    const turn = wordsTurn(node, textBox);
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
            { ...textBox, name: 'a:xfrm', attrs: { ...textBox.attrs, rot: String(turn) } },
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

/** The first element of that name at any depth, in document order. */
function findDescendant(element: XmlElement, name: string): XmlElement | undefined {
  for (const c of element.children) {
    if (c.name === name) return c;
    const found = findDescendant(c, name);
    if (found) return found;
  }
  return undefined;
}
