import type { GroupTurn, SlideRead, Transform } from './slide-read.ts';
import { round } from './slide-read.ts';
import { booleanAttr, child, numberAttr, pathOf, type XmlElement } from './xml-tree.ts';

// Where a shape stands on the slide: its frame in slide points through the groups it is in, and
// the turns and mirrors those groups give it.

export function groupTransform(read: SlideRead, group: XmlElement, parent: Transform): Transform {
  const xfrm = pathOf(group, 'p:grpSpPr', 'a:xfrm');
  const off = child(xfrm, 'a:off');
  const ext = child(xfrm, 'a:ext');
  const chOff = child(xfrm, 'a:chOff');
  const chExt = child(xfrm, 'a:chExt');
  if (!off || !ext || !chOff || !chExt) return parent;
  const turn = groupTurn(read, xfrm, off, ext, parent);
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
function groupTurn(
  read: SlideRead,
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
    read.skip('rotation', "a turned group's shapes are drawn level");
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
export function shapeFrame(xfrm: XmlElement | undefined, transform: Transform) {
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

/** Degrees clockwise from 0 to 360, 0 for a turn too small to see or not a number. */
export function normalDegrees(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const turned = round(((degrees % 360) + 360) % 360);
  return turned < 0.5 || turned > 359.5 ? 0 : turned;
}

/** A point turned clockwise about a centre. */
export function turnPoint(
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
export function turnAbout(
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
