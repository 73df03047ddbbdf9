import { lineMarkSize } from '../layout/line-ends.ts';
import {
  connectorRoute,
  curvePath,
  flipPath,
  lines,
  rectangles,
  shapeOutline,
  textInset,
  type Point,
} from './geometry.ts';
import { inheritedPlaceholders, inheritedProperties, placeholderOf } from './masters.ts';
import { isClickable, pushPicture } from './read-pictures.ts';
import { paragraphText, readText } from './read-text.ts';
import { shapeFrame, turnPoint } from './shape-frame.ts';
import {
  endlessOutlineOf,
  fillOf,
  outlineOf,
  readEffects,
  type LineStroke,
} from './shape-style.ts';
import {
  clampCoordinate,
  clampLength,
  hexOf,
  round,
  type PartContext,
  type SlideRead,
  type Transform,
  type TreeSource,
} from './slide-read.ts';
import { child, childrenNamed, pathOf, type XmlElement } from './xml-tree.ts';

// Shapes and connectors: a shape as a rectangle, ellipse or path with its text; a line or a
// connector as lines and curves.

export function readShape(
  read: SlideRead,
  shape: XmlElement,
  transform: Transform,
  context: PartContext,
  source: TreeSource,
) {
  const placeholder = placeholderOf(shape);
  if (placeholder && source !== 'slide') return;
  const inherited = placeholder ? inheritedPlaceholders(read.layout, placeholder) : [];
  const properties = inheritedProperties(
    child(shape, 'p:spPr'),
    inherited.map((p) => child(p.shape, 'p:spPr')),
  );
  const xfrm = child(properties, 'a:xfrm');
  const frame = shapeFrame(xfrm, transform);
  if (!frame) return;
  const geometry =
    child(properties, 'a:prstGeom')?.attrs.prst ??
    (child(properties, 'a:custGeom') ? 'custom' : 'rect');
  const box = read.box(frame);
  const hasWords = childrenNamed(child(shape, 'p:txBody'), 'a:p').some(
    (paragraph) => paragraphText(paragraph).trim() !== '',
  );
  if (isClickable(pathOf(shape, 'p:nvSpPr', 'p:cNvPr'))) {
    read.skip('shape', 'a link or action on a whole shape is not kept');
  }
  if (lines.has(geometry)) {
    pushLine(read, frame, outlineOf(read, shape, properties, context));
    readEffects(read, shape, properties, context, 'line');
  } else {
    const fill = fillOf(read, shape, properties, context, 'shape');
    const stroke = endlessOutlineOf(read, shape, properties, context, geometry);
    const { ellipse, outline, radius: radiusFromFormula } = shapeOutline(geometry, properties, box);
    const isPath = outline !== undefined;
    if (fill.kind === 'picture') {
      pushPicture(read, fill.element, fill.context, frame, box, 'picture fill', '', {
        ellipse,
        geometry,
        outline,
        radius: radiusFromFormula,
        stroke,
        shadow: readEffects(read, shape, properties, context, 'picture'),
      });
    } else if (fill.kind === 'color' || stroke) {
      const shadow = readEffects(read, shape, properties, context, 'shape');
      // A shape with no width or height is its bounding box (a line at most), whatever its preset.
      const hasArea = box.w > 0 && box.h > 0;
      if (hasArea && !isPath && !ellipse && geometry !== 'roundRect' && !rectangles.has(geometry)) {
        read.skip(
          'shape',
          geometry === 'custom'
            ? 'a freeform shape is drawn as its bounding box'
            : `a "${geometry}" shape is drawn as its bounding box`,
        );
      }
      read.push({
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
      readEffects(read, shape, properties, context, 'words');
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
    readText(read, shape, body, textFrame, inherited, placeholder, context);
  }
}

function pushLine(
  read: SlideRead,
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
  pushSegment(read, turnPoint(left, top, centre), turnPoint(right, bottom, centre), stroke);
}

export function readConnector(
  read: SlideRead,
  shape: XmlElement,
  transform: Transform,
  context: PartContext,
) {
  const properties = child(shape, 'p:spPr');
  const frame = shapeFrame(child(properties, 'a:xfrm'), transform);
  if (!frame) return;
  const prstGeom = child(properties, 'a:prstGeom');
  const geometry = prstGeom?.attrs.prst ?? 'line';
  const stroke = outlineOf(read, shape, properties, context);
  const route = connectorRoute(geometry, prstGeom, frame.w, frame.h);
  if (!route || !stroke) {
    if (geometry !== 'line' && geometry !== 'straightConnector1') {
      read.skip('connector', `a "${geometry}" connector is drawn straight`);
    }
    pushLine(read, frame, stroke);
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
    read.skip(
      'connector',
      `an elbow connector is imported as ${points.length - 1} lines, no longer joined to its shapes`,
    );
    for (let i = 1; i < points.length; i++) {
      pushSegment(read, points[i - 1]!, points[i]!, {
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
    read.skip('connector', `a "${geometry}" connector is drawn straight`);
    pushLine(read, frame, stroke);
    return;
  }
  read.skip(
    'connector',
    startArrow || endArrow
      ? 'a curved connector is imported as a curve and its arrowheads as short lines, no longer joined to its shapes'
      : 'a curved connector is imported as a curve, no longer joined to its shapes',
  );
  read.push({
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
    pushSegment(read, towards(end, intoEnd, size), end, { ...line, endArrow });
  if (startArrow && fromStart) {
    pushSegment(read, start, towards(start, fromStart, size), { ...line, startArrow });
  }
}

/** A straight line between two slide points. */
function pushSegment(read: SlideRead, from: Point, to: Point, stroke: LineStroke) {
  read.push({
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

const samePoint = (a: Point, b: Point) =>
  Math.abs(a[0] - b[0]) < 0.01 && Math.abs(a[1] - b[1]) < 0.01;

/** The point `length` from `from` in the direction of `toward`. */
function towards(from: Point, toward: Point, length: number): Point {
  const distance = Math.hypot(toward[0] - from[0], toward[1] - from[1]);
  const share = length / distance;
  return [from[0] + (toward[0] - from[0]) * share, from[1] + (toward[1] - from[1]) * share];
}
