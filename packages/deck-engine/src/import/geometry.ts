import { round } from './slide-read.ts';
import { child, childrenNamed, numberAttr, pathOf, type XmlElement } from './xml-tree.ts';

/**
 * Shapes PowerPoint draws from a preset name or a freeform, as the template format's `path`
 * outlines: commands in a 1000 × 1000 square over the shape's box (see `isShapePath`).
 */
const SIDE = 1000;
const n = (value: number) => String(Math.round(value * 10) / 10);

export type Point = [number, number];

function polygon(points: readonly Point[]): string {
  return `${points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join(' ')} Z`;
}

/** A preset's adjustment (`<a:gd name="adj" fmla="val 25000"/>`), or its default. */
function adjustment(geometry: XmlElement | undefined, name: string, fallback: number): number {
  const guide = childrenNamed(child(geometry, 'a:avLst'), 'a:gd').find(
    (gd) => gd.attrs.name === name,
  );
  const formula = guide?.attrs.fmla ?? '';
  const value = formula.startsWith('val ') ? Number(formula.slice(4)) : NaN;
  return Number.isFinite(value) ? value : fallback;
}

/**
 * A preset shape's outline for a box of `w` × `h` points (adjustments are shares of the box's
 * shorter side, as PowerPoint's are); undefined for a preset not drawn here.
 */
export function presetPath(prst: string, geometry: XmlElement | undefined, w: number, h: number) {
  if (w <= 0 || h <= 0) return undefined;
  const short = Math.min(w, h);
  const adj = (name: string, fallback: number) => adjustment(geometry, name, fallback) / 100_000;
  // A length along the shorter side, in the square's units across x or y.
  const across = (share: number) => Math.min(SIDE, ((share * short) / w) * SIDE);
  const down = (share: number) => Math.min(SIDE, ((share * short) / h) * SIDE);
  switch (prst) {
    case 'triangle': {
      const top = adj('adj', 50_000) * SIDE;
      return polygon([
        [top, 0],
        [SIDE, SIDE],
        [0, SIDE],
      ]);
    }
    case 'rtTriangle':
      return polygon([
        [0, 0],
        [0, SIDE],
        [SIDE, SIDE],
      ]);
    case 'diamond':
    case 'flowChartDecision':
      return polygon([
        [500, 0],
        [SIDE, 500],
        [500, SIDE],
        [0, 500],
      ]);
    case 'parallelogram': {
      const off = across(adj('adj', 25_000));
      return polygon([
        [off, 0],
        [SIDE, 0],
        [SIDE - off, SIDE],
        [0, SIDE],
      ]);
    }
    case 'trapezoid': {
      const off = across(adj('adj', 25_000));
      return polygon([
        [0, SIDE],
        [off, 0],
        [SIDE - off, 0],
        [SIDE, SIDE],
      ]);
    }
    case 'pentagon':
      return polygon([
        [500, 0],
        [SIDE, 382],
        [809, SIDE],
        [191, SIDE],
        [0, 382],
      ]);
    case 'hexagon': {
      const off = across(adj('adj', 25_000));
      return polygon([
        [off, 0],
        [SIDE - off, 0],
        [SIDE, 500],
        [SIDE - off, SIDE],
        [off, SIDE],
        [0, 500],
      ]);
    }
    case 'octagon': {
      const ox = across(adj('adj', 29_289));
      const oy = down(adj('adj', 29_289));
      return polygon([
        [ox, 0],
        [SIDE - ox, 0],
        [SIDE, oy],
        [SIDE, SIDE - oy],
        [SIDE - ox, SIDE],
        [ox, SIDE],
        [0, SIDE - oy],
        [0, oy],
      ]);
    }
    case 'homePlate':
    case 'chevron': {
      const off = across(adj('adj', 50_000));
      return polygon([
        [0, 0],
        [SIDE - off, 0],
        [SIDE, 500],
        [SIDE - off, SIDE],
        [0, SIDE],
        ...(prst === 'chevron' ? ([[off, 500]] as Point[]) : []),
      ]);
    }
    case 'rightArrow':
    case 'leftArrow': {
      const shaft = adj('adj1', 50_000) * SIDE;
      const head = across(adj('adj2', 50_000));
      const top = (SIDE - shaft) / 2;
      const right: Point[] = [
        [0, top],
        [SIDE - head, top],
        [SIDE - head, 0],
        [SIDE, 500],
        [SIDE - head, SIDE],
        [SIDE - head, SIDE - top],
        [0, SIDE - top],
      ];
      return polygon(prst === 'rightArrow' ? right : right.map(([x, y]) => [SIDE - x, y]));
    }
    case 'downArrow':
    case 'upArrow': {
      const shaft = adj('adj1', 50_000) * SIDE;
      const head = down(adj('adj2', 50_000));
      const left = (SIDE - shaft) / 2;
      const downward: Point[] = [
        [left, 0],
        [SIDE - left, 0],
        [SIDE - left, SIDE - head],
        [SIDE, SIDE - head],
        [500, SIDE],
        [0, SIDE - head],
        [left, SIDE - head],
      ];
      return polygon(prst === 'downArrow' ? downward : downward.map(([x, y]) => [x, SIDE - y]));
    }
    case 'flowChartMerge':
      return polygon([
        [0, 0],
        [SIDE, 0],
        [500, SIDE],
      ]);
    case 'star8': {
      // The inner points on a circle the adjustment's share of the outer one.
      const inner = (adj('adj', 38_250) / 0.5) * 500;
      const points: Point[] = [];
      for (let i = 0; i < 16; i += 1) {
        const radius = i % 2 === 0 ? 500 : inner;
        const angle = Math.PI + (i * Math.PI) / 8;
        points.push([500 + radius * Math.cos(angle), 500 + radius * Math.sin(angle)]);
      }
      return polygon(points);
    }
    case 'bentUpArrow': {
      // A bar along the bottom turning up into a shaft with its head at the top right.
      const shaft = adj('adj1', 25_000);
      const headWidth = adj('adj2', 25_000);
      const headLength = adj('adj3', 25_000);
      const headLeft = SIDE - across(2 * headWidth);
      const centre = SIDE - across(headWidth);
      const shaftLeft = centre - across(shaft / 2);
      const shaftRight = centre + across(shaft / 2);
      const barTop = SIDE - down(shaft);
      const headBottom = down(headLength);
      return polygon([
        [0, barTop],
        [shaftLeft, barTop],
        [shaftLeft, headBottom],
        [headLeft, headBottom],
        [centre, 0],
        [SIDE, headBottom],
        [shaftRight, headBottom],
        [shaftRight, SIDE],
        [0, SIDE],
      ]);
    }
    case 'rightBrace':
    case 'leftBrace': {
      // An open outline: curls at the ends and a point at `adj2` down the side.
      const curl = Math.min(down(adj('adj1', 8_333)), 250);
      const tip = Math.min(SIDE - curl, Math.max(curl, adj('adj2', 50_000) * SIDE));
      const k = 0.5523;
      const path = [
        `M0 0`,
        `C${n(k * 500)} 0 500 ${n(curl - k * curl)} 500 ${n(curl)}`,
        `L500 ${n(tip - curl)}`,
        `C500 ${n(tip - curl + k * curl)} ${n(SIDE - k * 500)} ${n(tip)} ${SIDE} ${n(tip)}`,
        `C${n(SIDE - k * 500)} ${n(tip)} 500 ${n(tip + curl - k * curl)} 500 ${n(tip + curl)}`,
        `L500 ${n(SIDE - curl)}`,
        `C500 ${n(SIDE - curl + k * curl)} ${n(k * 500)} ${SIDE} 0 ${SIDE}`,
      ].join(' ');
      return prst === 'rightBrace' ? path : flipPath(path, true, false);
    }
    case 'rightBracket':
    case 'leftBracket': {
      const curl = Math.min(down(adj('adj', 8_333)), 500);
      const k = 0.5523;
      const path = [
        `M0 0`,
        `C${n(k * SIDE)} 0 ${SIDE} ${n(curl - k * curl)} ${SIDE} ${n(curl)}`,
        `L${SIDE} ${n(SIDE - curl)}`,
        `C${SIDE} ${n(SIDE - curl + k * curl)} ${n(k * SIDE)} ${SIDE} 0 ${SIDE}`,
      ].join(' ');
      return prst === 'rightBracket' ? path : flipPath(path, true, false);
    }
    case 'wedgeRectCallout':
    case 'wedgeRoundRectCallout': {
      const radius = prst === 'wedgeRoundRectCallout' ? adj('adj3', 16_667) : 0;
      return calloutPath(adj('adj1', -20_833), adj('adj2', 62_500), across(radius), down(radius));
    }
    case 'star5': {
      const points: Point[] = [];
      for (let i = 0; i < 10; i += 1) {
        const radius = i % 2 === 0 ? 500 : 191;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        points.push([500 + radius * Math.cos(angle), 524 + radius * 1.05 * Math.sin(angle)]);
      }
      return polygon(points);
    }
    case 'sun':
      return sunPath(Math.min(46_875, Math.max(12_500, adjustment(geometry, 'adj', 25_000))));
    default:
      return undefined;
  }
}

/**
 * The sun: a disc of radius 50 % − `a` (shares of the box, in 100 000ths) and eight triangular
 * rays about it, at the places DrawingML's definition of the preset puts them.
 */
function sunPath(a: number): string {
  const g0 = 50_000 - a;
  const g10 = ((50_000 - (g0 * 30_274) / 32_768) * 3) / 4;
  const g11 = ((50_000 - (g0 * 12_540) / 32_768) * 3) / 4;
  const [g12, g13, g14] = [g10 + 3_662, g11 + 3_662, g11 + 12_500];
  const [g15, g16, g17, g18] = [100_000 - g10, 100_000 - g12, 100_000 - g13, 100_000 - g14];
  // 100 000ths of the box in the square's units.
  const at = (g: number) => (g / 100_000) * SIDE;
  const [far, near] = [(18_436 / 21_600) * SIDE, (3_163 / 21_600) * SIDE];
  // Each ray: its tip, then its base's two ends (x, y each).
  const rays = [
    [SIDE, 500, at(g15), at(g18), at(g15), at(g14)],
    [far, near, at(g16), at(g13), at(g17), at(g12)],
    [500, 0, at(g18), at(g10), at(g14), at(g10)],
    [near, near, at(g13), at(g12), at(g12), at(g13)],
    [0, 500, at(g10), at(g14), at(g10), at(g18)],
    [near, far, at(g12), at(g17), at(g13), at(g16)],
    [500, SIDE, at(g14), at(g15), at(g18), at(g15)],
    [far, far, at(g17), at(g16), at(g16), at(g17)],
  ].map(([x1, y1, x2, y2, x3, y3]): Point[] => [
    [x1!, y1!],
    [x2!, y2!],
    [x3!, y3!],
  ]);
  const start: Point = [at(a), 500];
  const disc = arcCurves(start, at(g0), at(g0), 180, 360).commands.map(
    (curve) => `C${curve.slice(1).split(' ').map(Number).map(n).join(' ')}`,
  );
  return [...rays.map(polygon), `M${n(start[0])} ${n(start[1])} ${disc.join(' ')} Z`].join(' ');
}

/**
 * A speech-bubble callout: a rectangle (its corners rounded by `rx` × `ry`) with a wedge to the
 * point `dx`, `dy` from its centre (shares of the box), based on the side the point is beyond,
 * between a sixth and a quarter along it, as PowerPoint draws it.
 */
function calloutPath(dx: number, dy: number, rx: number, ry: number): string {
  const tip: Point = [500 + dx * SIDE, 500 + dy * SIDE];
  const onTopOrBottom = Math.abs(dy) > Math.abs(dx);
  const side = onTopOrBottom ? (dy < 0 ? 'top' : 'bottom') : dx < 0 ? 'left' : 'right';
  // The wedge's base: twelfths 2 to 5 of a side, or 7 to 10 when the point is past the middle.
  const base = (past: boolean): [number, number] =>
    past ? [(7 / 12) * SIDE, (10 / 12) * SIDE] : [(2 / 12) * SIDE, (5 / 12) * SIDE];
  const [x1, x2] = base(dx > 0);
  const [y1, y2] = base(dy > 0);
  const k = 0.5523;
  const corner = (from: Point, to: Point, control: Point) =>
    rx <= 0 || ry <= 0
      ? `L${n(to[0])} ${n(to[1])}`
      : `L${n(from[0])} ${n(from[1])} C${n(from[0] + (control[0] - from[0]) * k)} ${n(from[1] + (control[1] - from[1]) * k)} ${n(to[0] + (control[0] - to[0]) * k)} ${n(to[1] + (control[1] - to[1]) * k)} ${n(to[0])} ${n(to[1])}`;
  const wedge = (at: string, a: Point, b: Point) =>
    side === at ? ` L${n(a[0])} ${n(a[1])} L${n(tip[0])} ${n(tip[1])} L${n(b[0])} ${n(b[1])}` : '';
  return [
    `M${n(rx)} 0`,
    wedge('top', [x1, 0], [x2, 0]),
    corner([SIDE - rx, 0], [SIDE, ry], [SIDE, 0]),
    wedge('right', [SIDE, y1], [SIDE, y2]),
    corner([SIDE, SIDE - ry], [SIDE - rx, SIDE], [SIDE, SIDE]),
    wedge('bottom', [x2, SIDE], [x1, SIDE]),
    corner([rx, SIDE], [0, SIDE - ry], [0, SIDE]),
    wedge('left', [0, y2], [0, y1]),
    corner([0, ry], [rx, 0], [0, 0]),
    'Z',
  ]
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A cubic curve for a quarter or less of an ellipse's arc, from PowerPoint's `a:arcTo`. */
function arcCurves(
  from: Point,
  wR: number,
  hR: number,
  startDegrees: number,
  swingDegrees: number,
): { commands: string[]; end: Point } {
  const start = (startDegrees * Math.PI) / 180;
  // At most a full turn, whatever the file says.
  const swing = (Math.max(-360, Math.min(360, swingDegrees)) * Math.PI) / 180;
  const cx = from[0] - wR * Math.cos(start);
  const cy = from[1] - hR * Math.sin(start);
  const pieces = Math.max(1, Math.ceil(Math.abs(swing) / (Math.PI / 2)));
  const step = swing / pieces;
  const k = (4 / 3) * Math.tan(step / 4);
  const commands: string[] = [];
  let angle = start;
  let end = from;
  for (let i = 0; i < pieces; i += 1) {
    const next = angle + step;
    const p1: Point = [
      cx + wR * (Math.cos(angle) - k * Math.sin(angle)),
      cy + hR * (Math.sin(angle) + k * Math.cos(angle)),
    ];
    const p2: Point = [
      cx + wR * (Math.cos(next) + k * Math.sin(next)),
      cy + hR * (Math.sin(next) - k * Math.cos(next)),
    ];
    end = [cx + wR * Math.cos(next), cy + hR * Math.sin(next)];
    commands.push(`C${p1.join(' ')} ${p2.join(' ')} ${end.join(' ')}`);
    angle = next;
  }
  return { commands, end };
}

/**
 * A freeform's outline (`a:custGeom`): its paths' moves, lines, curves and arcs scaled into the
 * square. Undefined when it uses guides (formulas) rather than numbers, or draws nothing.
 */
export function customPath(geometry: XmlElement | undefined): string | undefined {
  const paths = childrenNamed(child(geometry, 'a:pathLst'), 'a:path');
  const out: string[] = [];
  for (const path of paths) {
    const w = numberAttr(path, 'w');
    const h = numberAttr(path, 'h');
    if (!w || !h) return undefined;
    const sx = SIDE / w;
    const sy = SIDE / h;
    const point = (pt: XmlElement | undefined): Point | undefined => {
      const x = numberAttr(pt, 'x');
      const y = numberAttr(pt, 'y');
      return x === undefined || y === undefined ? undefined : [x, y];
    };
    let current: Point = [0, 0];
    const scaled = ([x, y]: Point) => `${n(x * sx)} ${n(y * sy)}`;
    for (const command of path.children) {
      if (out.length > 5_000) return undefined;
      const points = childrenNamed(command, 'a:pt').map(point);
      if (points.some((p) => p === undefined)) return undefined;
      const pts = points as Point[];
      switch (command.name) {
        case 'a:moveTo':
        case 'a:lnTo':
          if (!pts[0]) return undefined;
          out.push(`${command.name === 'a:moveTo' ? 'M' : 'L'}${scaled(pts[0])}`);
          current = pts[0];
          break;
        case 'a:cubicBezTo':
          if (pts.length !== 3) return undefined;
          out.push(`C${pts.map(scaled).join(' ')}`);
          current = pts[2]!;
          break;
        case 'a:quadBezTo': {
          if (pts.length !== 2) return undefined;
          const [control, end] = pts as [Point, Point];
          const c1: Point = [
            current[0] + (2 / 3) * (control[0] - current[0]),
            current[1] + (2 / 3) * (control[1] - current[1]),
          ];
          const c2: Point = [
            end[0] + (2 / 3) * (control[0] - end[0]),
            end[1] + (2 / 3) * (control[1] - end[1]),
          ];
          out.push(`C${scaled(c1)} ${scaled(c2)} ${scaled(end)}`);
          current = end;
          break;
        }
        case 'a:arcTo': {
          const wR = numberAttr(command, 'wR');
          const hR = numberAttr(command, 'hR');
          const stAng = numberAttr(command, 'stAng');
          const swAng = numberAttr(command, 'swAng');
          if ([wR, hR, stAng, swAng].some((v) => v === undefined)) return undefined;
          const arc = arcCurves(current, wR!, hR!, stAng! / 60_000, swAng! / 60_000);
          for (const curve of arc.commands) {
            const numbers = curve.slice(1).split(' ').map(Number);
            out.push(
              `C${scaled([numbers[0]!, numbers[1]!])} ${scaled([numbers[2]!, numbers[3]!])} ${scaled([numbers[4]!, numbers[5]!])}`,
            );
          }
          current = arc.end;
          break;
        }
        case 'a:close':
          out.push('Z');
          break;
        default:
          break;
      }
    }
  }
  if (!out[0]?.startsWith('M')) return undefined;
  const path = out.join(' ');
  // Past the format's length the shape is drawn as its bounding box instead (and reported).
  return path.length <= 20_000 ? path : undefined;
}

/** The outline mirrored as the shape's flips say. */
export function flipPath(path: string, flipH: boolean, flipV: boolean): string {
  if (!flipH && !flipV) return path;
  let axis = 0;
  return path.replace(/[MLCZ]|-?\d+(?:\.\d+)?/g, (token) => {
    if (/[MLCZ]/.test(token)) {
      axis = 0;
      return token;
    }
    const value = Number(token);
    const isX = axis % 2 === 0;
    axis += 1;
    if (isX && flipH) return n(SIDE - value);
    if (!isX && flipV) return n(SIDE - value);
    return token;
  });
}

/**
 * The way a bent or curved connector runs in its frame (`w` × `h` points from its top left,
 * before the frame's flips and turn): straight pieces through `points`, or cubic curves from
 * `start`, each its two control points and its end. An adjustment may take the route outside the
 * frame, as PowerPoint's routing does. Undefined for a connector drawn straight.
 */
export type ConnectorRoute =
  | { kind: 'bent'; points: Point[] }
  | { kind: 'curved'; start: Point; curves: [Point, Point, Point][] };

export function connectorRoute(
  prst: string,
  geometry: XmlElement | undefined,
  w: number,
  h: number,
): ConnectorRoute | undefined {
  const across = (name: string) => (adjustment(geometry, name, 50_000) / 100_000) * w;
  const down = (name: string) => (adjustment(geometry, name, 50_000) / 100_000) * h;
  // Points as x, y, x, y…: straight through them, or curves (two control points and an end
  // each) from the first.
  const pointsOf = (xy: number[]) =>
    Array.from({ length: xy.length / 2 }, (_, i): Point => [xy[2 * i]!, xy[2 * i + 1]!]);
  const bent = (...xy: number[]): ConnectorRoute => ({ kind: 'bent', points: pointsOf(xy) });
  const curved = (...xy: number[]): ConnectorRoute => {
    const [start, ...rest] = pointsOf(xy);
    const curves = Array.from(
      { length: rest.length / 3 },
      (_, i) => rest.slice(3 * i, 3 * i + 3) as [Point, Point, Point],
    );
    return { kind: 'curved', start: start!, curves };
  };
  switch (prst) {
    case 'bentConnector2':
      return bent(0, 0, w, 0, w, h);
    case 'bentConnector3': {
      const x1 = across('adj1');
      return bent(0, 0, x1, 0, x1, h, w, h);
    }
    case 'bentConnector4': {
      const [x1, y2] = [across('adj1'), down('adj2')];
      return bent(0, 0, x1, 0, x1, y2, w, y2, w, h);
    }
    case 'bentConnector5': {
      const [x1, y2, x3] = [across('adj1'), down('adj2'), across('adj3')];
      return bent(0, 0, x1, 0, x1, y2, x3, y2, x3, h, w, h);
    }
    case 'curvedConnector2':
      return curved(0, 0, w / 2, 0, w, h / 2, w, h);
    case 'curvedConnector3': {
      const x2 = across('adj1');
      return curved(0, 0, x2 / 2, 0, x2, h / 4, x2, h / 2, x2, (3 * h) / 4, (w + x2) / 2, h, w, h);
    }
    default:
      return undefined;
  }
}

/**
 * Curves through slide points as a `path` over their bounding box (the control points' box,
 * which holds the curve); undefined when the box has no width or height to stretch the square over.
 */
export function curvePath(
  start: Point,
  curves: readonly (readonly [Point, Point, Point])[],
): { box: { x: number; y: number; w: number; h: number }; path: string } | undefined {
  const points = [start, ...curves.flat()];
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const box = { x: Math.min(...xs), y: Math.min(...ys), w: 0, h: 0 };
  box.w = Math.max(...xs) - box.x;
  box.h = Math.max(...ys) - box.y;
  if (box.w < 0.01 || box.h < 0.01) return undefined;
  const at = ([x, y]: Point) =>
    `${n(((x - box.x) / box.w) * SIDE)} ${n(((y - box.y) / box.h) * SIDE)}`;
  const path = [`M${at(start)}`, ...curves.map((curve) => `C${curve.map(at).join(' ')}`)].join(' ');
  return { box, path };
}

/** The preset shapes drawn as themselves; the rest are drawn as their bounding box. */
export const rectangles = new Set([
  'rect',
  'snip1Rect',
  'snip2SameRect',
  'flowChartProcess',
  'frame',
  'plaque',
]);
export const lines = new Set([
  'line',
  'straightConnector1',
  'bentConnector2',
  'bentConnector3',
  'bentConnector4',
  'curvedConnector3',
]);

/**
 * How a shape's geometry is drawn in its box: an ellipse, a path (`outline`: a preset's or
 * freeform's), a rounded rectangle (`radius` in points: its adjustment, a share of the shorter
 * side, or Office's 16.667 %), else a rectangle.
 */
export function shapeOutline(
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

/**
 * How far inside its shape's box a shape's text sits, as the preset's text rectangle says: an
 * ellipse's text is in the square inscribed in it, a rounded rectangle's clear of its corners.
 */
export function textInset(
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

/** An ellipse filling the 1000 × 1000 square, as path commands (four quarter curves). */
export const ELLIPSE_PATH = (() => {
  const k = 500 * 0.5523;
  const [a, b] = [500 - k, 500 + k].map((v) => Math.round(v * 10) / 10);
  return `M0 500 C0 ${a} ${a} 0 500 0 C${b} 0 1000 ${a} 1000 500 C1000 ${b} ${b} 1000 500 1000 C${a} 1000 0 ${b} 0 500 Z`;
})();

/** A rectangle filling the 1000 × 1000 square with corners rounded by rx across and ry down. */
export function roundedRectPath(rx: number, ry: number): string {
  const k = 1 - 0.5523;
  const r = (v: number) => Math.round(v * 10) / 10;
  return (
    `M${r(rx)} 0 L${r(1000 - rx)} 0 C${r(1000 - rx * k)} 0 1000 ${r(ry * k)} 1000 ${r(ry)} ` +
    `L1000 ${r(1000 - ry)} C1000 ${r(1000 - ry * k)} ${r(1000 - rx * k)} 1000 ${r(1000 - rx)} 1000 ` +
    `L${r(rx)} 1000 C${r(rx * k)} 1000 0 ${r(1000 - ry * k)} 0 ${r(1000 - ry)} ` +
    `L0 ${r(ry)} C0 ${r(ry * k)} ${r(rx * k)} 0 ${r(rx)} 0 Z`
  );
}
