import { escapeXml, pointsToEmu, rotation, solidFill, toEmu, EMU } from './markup.ts';
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
export function turnAttributes(options: {
  flipH?: boolean;
  flipV?: boolean;
  rotate?: number;
}): string {
  let attributes = '';
  if (options.flipH) attributes += ' flipH="1"';
  if (options.flipV) attributes += ' flipV="1"';
  if (options.rotate) attributes += ` rot="${rotation(options.rotate)}"`;
  return attributes;
}

/** A text box or shape as `p:sp`, the `index`-th object of its slide. */
export function shapeXml(object: TextObject, index: number, links: LinkIds): string {
  const options = object.options;
  const x = options.x === undefined ? 0 : toEmu(options.x);
  const y = options.y === undefined ? 0 : toEmu(options.y);
  // pptxgenjs's width when none is given: three quarters of the (wide) slide's.
  const cx = options.w === undefined ? Math.round(0.75 * 12_192_000) : toEmu(options.w);
  const cy = options.h === undefined ? 0 : toEmu(options.h);
  let xml = `<p:sp><p:nvSpPr><p:cNvPr id="${index + 2}" name="${object.name}"></p:cNvPr><p:cNvSpPr/><p:nvPr></p:nvPr></p:nvSpPr><p:spPr>`;
  xml += `<a:xfrm${turnAttributes(options)}><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm>`;
  const shape = options.shape || 'rect';
  if (shape === 'custGeom') {
    xml += `<a:custGeom><a:avLst /><a:gdLst></a:gdLst><a:ahLst /><a:cxnLst></a:cxnLst><a:rect l="l" t="t" r="r" b="b" /><a:pathLst><a:path w="${cx}" h="${cy}">`;
    (options.points ?? []).forEach((point, i) => {
      if ('curve' in point && point.curve) {
        // pptxgenjs writes a curve's points on lines of their own, indented by tabs.
        const c = point.curve;
        xml +=
          `<a:cubicBezTo>\n\t\t\t\t\t\t\t\t\t<a:pt x="${toEmu(c.x1)}" y="${toEmu(c.y1)}" />` +
          `\n\t\t\t\t\t\t\t\t\t<a:pt x="${toEmu(c.x2)}" y="${toEmu(c.y2)}" />` +
          `\n\t\t\t\t\t\t\t\t\t<a:pt x="${toEmu(point.x)}" y="${toEmu(point.y)}" />` +
          '\n\t\t\t\t\t\t\t\t\t</a:cubicBezTo>';
      } else if ('close' in point) {
        xml += '<a:close />';
      } else if (point.moveTo || i === 0) {
        xml += `<a:moveTo><a:pt x="${toEmu(point.x)}" y="${toEmu(point.y)}" /></a:moveTo>`;
      } else {
        xml += `<a:lnTo><a:pt x="${toEmu(point.x)}" y="${toEmu(point.y)}" /></a:lnTo>`;
      }
    });
    xml += '</a:path></a:pathLst></a:custGeom>';
  } else {
    xml += `<a:prstGeom prst="${shape}"><a:avLst>`;
    if (options.rectRadius) {
      xml += `<a:gd name="adj" fmla="val ${Math.round((options.rectRadius * EMU * 100_000) / Math.min(cx, cy))}"/>`;
    }
    xml += '</a:avLst></a:prstGeom>';
  }
  xml += options.fill ? solidFill(options.fill.color, options.fill.transparency) : '<a:noFill/>';
  // pptxgenjs gives every text an outline of its own; one without width or colour is empty.
  const line = options.line ?? {};
  xml += line.width ? `<a:ln w="${pointsToEmu(line.width)}">` : '<a:ln>';
  if (line.color && (line.type || 'solid') === 'solid')
    xml += solidFill(line.color, line.transparency);
  if (line.dashType) xml += `<a:prstDash val="${line.dashType}"/>`;
  if (line.beginArrowType) xml += `<a:headEnd type="${line.beginArrowType}"/>`;
  if (line.endArrowType) xml += `<a:tailEnd type="${line.endArrowType}"/>`;
  xml += '</a:ln>';
  if (options.shadow && options.shadow.type !== 'none') {
    const s = shadowFigures(options.shadow);
    // pptxgenjs's spaces, and an outer shadow's end tag for every kind.
    xml +=
      `<a:effectLst> <a:${s.type}Shdw ${s.type === 'outer' ? OUTER_ATTRIBUTES : ''} blurRad="${s.blur}" dist="${s.offset}" dir="${s.angle}">` +
      ` <a:srgbClr val="${s.color}"> <a:alpha val="${s.opacity}"/></a:srgbClr> </a:outerShdw></a:effectLst>`;
  }
  xml += '</p:spPr>';
  xml += textBody(false, object.pieces, options, bodyProperties(options), links);
  return `${xml}</p:sp>`;
}

/** A text box's `a:bodyPr`: wrapping, insets, anchor, autofit (pptxgenjs's order). */
function bodyProperties(options: ShapeOptions): string {
  let xml = `<a:bodyPr${options.wrap === false ? ' wrap="none"' : ' wrap="square"'}`;
  const margin = options.margin;
  if (Array.isArray(margin)) {
    // pptxgenjs reads an array of margins as left, right, bottom, top.
    xml += ` lIns="${pointsToEmu(margin[0] || 0)}" tIns="${pointsToEmu(margin[3] || 0)}" rIns="${pointsToEmu(margin[1] || 0)}" bIns="${pointsToEmu(margin[2] || 0)}"`;
  } else if (typeof margin === 'number') {
    const inset = pointsToEmu(margin);
    xml += ` lIns="${inset}" tIns="${inset}" rIns="${inset}" bIns="${inset}"`;
  }
  xml += ' rtlCol="0"';
  const valign = (options.valign || '').toLowerCase();
  const anchor = valign.startsWith('b')
    ? 'b'
    : valign.startsWith('m')
      ? 'ctr'
      : valign.startsWith('t')
        ? 't'
        : 'ctr';
  xml += ` anchor="${anchor}"`;
  if (options.vert) xml += ` vert="${options.vert}"`;
  xml += '>';
  if (options.fit === 'shrink') xml += '<a:normAutofit/>';
  else if (options.fit === 'resize') xml += '<a:spAutoFit/>';
  return `${xml}</a:bodyPr>`;
}
