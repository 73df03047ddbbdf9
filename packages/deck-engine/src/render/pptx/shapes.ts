import { escapeXml, pointsToEmu, rotation, toEmu, writeSolidFill, EMU } from './markup.ts';
import type { PartWriter } from './part-writer.ts';
import { textBody, type LinkIds, type TextOptions, type TextPiece } from './text-body.ts';

/** A shadow as `render-pptx.ts` gives it (pptxgenjs's `ShadowProps`). */
export interface ShadowOptions {
  type?: 'outer' | 'inner' | 'none';
  color?: string;
  opacity?: number;
  blur?: number;
  offset?: number;
  angle?: number;
}

/** An outline (pptxgenjs's `ShapeLineProps`). */
export interface LineOptions {
  type?: string;
  color?: string;
  width?: number;
  dashType?: string;
  transparency?: number;
  beginArrowType?: string | null;
  endArrowType?: string | null;
}

/** A point of a custom path, in inches from the shape's corner (pptxgenjs's `points`). */
export type PathPoint =
  | { close: true }
  | {
      x: number;
      y: number;
      moveTo?: boolean;
      curve?: { type: 'cubic'; x1: number; y1: number; x2: number; y2: number };
    };

/** A text box's or a shape's options, as `addText` is given them. */
export interface ShapeOptions extends TextOptions {
  shape?: string;
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  objectName?: string;
  fill?: { color?: string; transparency?: number };
  line?: LineOptions;
  points?: PathPoint[];
  rectRadius?: number;
  shadow?: ShadowOptions;
  rotate?: number;
  flipH?: boolean;
  flipV?: boolean;
  margin?: number | number[];
  wrap?: boolean;
  fit?: string;
  vert?: string;
}

/** A text box or shape of a slide, as it was added. */
export interface TextObject {
  kind: 'text';
  /** The shape's name, as pptxgenjs names it (its own or "Text n"). */
  name: string;
  options: ShapeOptions;
  pieces: TextPiece[];
}

/**
 * What pptxgenjs's `addText` does to a text's options before writing: the colour every run and
 * the box is written with (its own, else the box's, else black), and a line shape's outline with
 * pptxgenjs's defaults. The pieces' options are changed in place, as pptxgenjs changes them.
 */
export function addedText(
  text: string | readonly TextPiece[],
  options: ShapeOptions,
  textsSoFar: number,
): TextObject {
  const name = options.objectName ? escapeXml(options.objectName) : `Text ${textsSoFar}`;
  options.color = options.color || '000000';
  if (options.shape === 'line' && typeof options.line === 'object') {
    const line = options.line;
    options.line = {
      type: line.type || 'solid',
      color: line.color || '333333',
      transparency: line.transparency || 0,
      width: line.width || 1,
      dashType: line.dashType || 'solid',
      beginArrowType: line.beginArrowType || null,
      endArrowType: line.endArrowType || null,
    };
  }
  let pieces: TextPiece[];
  if (!text || text.length === 0 || typeof text === 'string') {
    pieces = [{ text: typeof text === 'string' ? text : '', options: { color: options.color } }];
  } else {
    // The pieces are the caller's, changed in place as pptxgenjs changes them.
    pieces = text as TextPiece[];
    for (const piece of pieces) {
      const own = piece.options ?? (piece.options = {});
      if (!own.color) own.color = options.color;
    }
  }
  correctShadow(options.shadow);
  return { kind: 'text', name, options, pieces };
}

/** pptxgenjs's corrections of a shadow's options (an angle outside 0–359 is 270, and so on). */
export function correctShadow(shadow: ShadowOptions | undefined): void {
  if (!shadow || typeof shadow !== 'object') return;
  if (shadow.type !== 'outer' && shadow.type !== 'inner' && shadow.type !== 'none') {
    shadow.type = 'outer';
  }
  if (shadow.angle) {
    if (Number.isNaN(Number(shadow.angle)) || shadow.angle < 0 || shadow.angle > 359) {
      shadow.angle = 270;
    }
    shadow.angle = Math.round(Number(shadow.angle));
  }
  if (shadow.opacity) {
    if (Number.isNaN(Number(shadow.opacity)) || shadow.opacity < 0 || shadow.opacity > 1) {
      shadow.opacity = 0.75;
    }
    shadow.opacity = Number(shadow.opacity);
  }
  if (shadow.color?.startsWith('#')) shadow.color = shadow.color.replace('#', '');
}

/** A shadow's figures as DrawingML writes them (pptxgenjs's defaults for those unset). */
export function shadowFigures(shadow: ShadowOptions) {
  return {
    type: shadow.type || 'outer',
    blur: pointsToEmu(shadow.blur || 8),
    offset: pointsToEmu(shadow.offset || 4),
    angle: Math.round((shadow.angle || 270) * 60_000),
    opacity: Math.round((shadow.opacity || 0.75) * 100_000),
    color: shadow.color || '000000',
  };
}

const OUTER_ATTRIBUTES = 'sx="100000" sy="100000" kx="0" ky="0" algn="bl" rotWithShape="0"';

/** The frame's flips and turn, as `a:xfrm`'s attributes. */
export function writeTurn(
  w: PartWriter,
  options: { flipH?: boolean; flipV?: boolean; rotate?: number },
): PartWriter {
  if (options.flipH) w.raw(' flipH="1"');
  if (options.flipV) w.raw(' flipV="1"');
  if (options.rotate) w.raw(' rot="').number(rotation(options.rotate)).raw('"');
  return w;
}

/** A point's coordinate as EMU (a curve's points are written on lines of their own). */
function writePoint(w: PartWriter, x: number, y: number, end: string): void {
  w.raw('<a:pt x="').number(toEmu(x)).raw('" y="').number(toEmu(y)).raw(end);
}

/** A text box or shape as `p:sp`, the `index`-th object of its slide. */
export function writeShape(w: PartWriter, object: TextObject, index: number, links: LinkIds): void {
  const options = object.options;
  const x = options.x === undefined ? 0 : toEmu(options.x);
  const y = options.y === undefined ? 0 : toEmu(options.y);
  // pptxgenjs's width when none is given: three quarters of the (wide) slide's.
  const cx = options.w === undefined ? Math.round(0.75 * 12_192_000) : toEmu(options.w);
  const cy = options.h === undefined ? 0 : toEmu(options.h);
  w.raw('<p:sp><p:nvSpPr><p:cNvPr id="')
    .number(index + 2)
    .raw('" name="')
    .raw(object.name);
  w.raw('"></p:cNvPr><p:cNvSpPr/><p:nvPr></p:nvPr></p:nvSpPr><p:spPr><a:xfrm');
  writeTurn(w, options).raw('><a:off x="').number(x).raw('" y="').number(y);
  w.raw('"/><a:ext cx="').number(cx).raw('" cy="').number(cy).raw('"/></a:xfrm>');
  const shape = options.shape || 'rect';
  if (shape === 'custGeom') {
    w.raw(
      '<a:custGeom><a:avLst /><a:gdLst></a:gdLst><a:ahLst /><a:cxnLst></a:cxnLst><a:rect l="l" t="t" r="r" b="b" /><a:pathLst><a:path w="',
    );
    w.number(cx).raw('" h="').number(cy).raw('">');
    writePathPoints(w, options.points ?? []);
    w.raw('</a:path></a:pathLst></a:custGeom>');
  } else {
    w.raw('<a:prstGeom prst="').raw(shape).raw('"><a:avLst>');
    if (options.rectRadius) {
      w.raw('<a:gd name="adj" fmla="val ');
      w.number(Math.round((options.rectRadius * EMU * 100_000) / Math.min(cx, cy))).raw('"/>');
    }
    w.raw('</a:avLst></a:prstGeom>');
  }
  if (options.fill) writeSolidFill(w, options.fill.color, options.fill.transparency);
  else w.raw('<a:noFill/>');
  // pptxgenjs gives every text an outline of its own; one without width or colour is empty.
  const line = options.line ?? {};
  if (line.width) w.raw('<a:ln w="').number(pointsToEmu(line.width)).raw('">');
  else w.raw('<a:ln>');
  if (line.color && (line.type || 'solid') === 'solid') {
    writeSolidFill(w, line.color, line.transparency);
  }
  if (line.dashType) w.raw('<a:prstDash val="').raw(line.dashType).raw('"/>');
  if (line.beginArrowType) w.raw('<a:headEnd type="').raw(line.beginArrowType).raw('"/>');
  if (line.endArrowType) w.raw('<a:tailEnd type="').raw(line.endArrowType).raw('"/>');
  w.raw('</a:ln>');
  if (options.shadow) writeShadow(w, options.shadow);
  w.raw('</p:spPr>');
  textBody(w, false, object.pieces, options, links);
  w.raw('</p:sp>');
}

/** A shape's shadow as its effect list (pptxgenjs's spaces, an outer shadow's end tag for any). */
export function writeShadow(w: PartWriter, shadow: ShadowOptions): void {
  if (shadow.type === 'none') return;
  const s = shadowFigures(shadow);
  w.raw('<a:effectLst> <a:').raw(s.type).raw('Shdw ');
  w.raw(s.type === 'outer' ? OUTER_ATTRIBUTES : '')
    .raw(' blurRad="')
    .number(s.blur);
  w.raw('" dist="').number(s.offset).raw('" dir="').number(s.angle);
  w.raw('"> <a:srgbClr val="').raw(s.color).raw('"> <a:alpha val="').number(s.opacity);
  w.raw('"/></a:srgbClr> </a:outerShdw></a:effectLst>');
}

/** A custom path's points, in inches from the shape's corner (pptxgenjs's spaces and tabs). */
export function writePathPoints(w: PartWriter, points: readonly PathPoint[]): void {
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i]!;
    if ('curve' in point && point.curve) {
      // pptxgenjs writes a curve's points on lines of their own, indented by tabs.
      const c = point.curve;
      w.raw('<a:cubicBezTo>\n\t\t\t\t\t\t\t\t\t');
      writePoint(w, c.x1, c.y1, '" />\n\t\t\t\t\t\t\t\t\t');
      writePoint(w, c.x2, c.y2, '" />\n\t\t\t\t\t\t\t\t\t');
      writePoint(w, point.x, point.y, '" />\n\t\t\t\t\t\t\t\t\t</a:cubicBezTo>');
    } else if ('close' in point) {
      w.raw('<a:close />');
    } else if (point.moveTo || i === 0) {
      writePoint(w.raw('<a:moveTo>'), point.x, point.y, '" /></a:moveTo>');
    } else {
      writePoint(w.raw('<a:lnTo>'), point.x, point.y, '" /></a:lnTo>');
    }
  }
}
