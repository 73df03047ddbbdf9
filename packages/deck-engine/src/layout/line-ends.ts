import type { LineEnd } from '@deck-portal/domain';
import type { LineElement } from './model.ts';

/** A mark at a line's end, in slide points: a filled outline, an open arrow's strokes, a dot. */
export type LineMark =
  | { kind: 'fill'; points: [number, number][] }
  | { kind: 'stroke'; points: [number, number][] }
  | { kind: 'dot'; cx: number; cy: number; r: number };

/** How long a mark at the end of a line `width` points wide is: three widths and a little more. */
export const lineMarkSize = (width: number) => 3 * width + 4.5;

/**
 * A line as the PDF and the web view draw it: the stretch between its ends (stopped short of a
 * triangle's tip, so the tip stays sharp) and the marks at its ends. A mark is three times the
 * line's width and a little more, so a hairline's still shows (office lines' middle size).
 */
export function lineWithEnds(line: LineElement): {
  shaft: [number, number, number, number];
  marks: LineMark[];
} {
  const length = Math.hypot(line.x2 - line.x1, line.y2 - line.y1);
  const size = lineMarkSize(line.width);
  if (length === 0 || (!line.startArrow && !line.endArrow)) {
    return { shaft: [line.x1, line.y1, line.x2, line.y2], marks: [] };
  }
  const marks: LineMark[] = [];
  const end = (
    kind: LineEnd | undefined,
    x: number,
    y: number,
    towardX: number,
    towardY: number,
  ) => {
    if (!kind) return [x, y] as const;
    // u points out of the line at this end; v across it.
    const ux = (x - towardX) / length;
    const uy = (y - towardY) / length;
    const [vx, vy] = [-uy, ux];
    // Never longer than the line: a short line's marks shrink with it.
    const long = Math.min(size, length / (line.startArrow && line.endArrow ? 2 : 1));
    const half = (size / 2) * (long / size);
    const back = (by: number) => [x - ux * by, y - uy * by] as const;
    const side = (bx: number, by: number, s: number): [number, number] => [
      bx + vx * s,
      by + vy * s,
    ];
    const [bx, by] = back(long);
    switch (kind) {
      case 'triangle':
        marks.push({ kind: 'fill', points: [[x, y], side(bx, by, half), side(bx, by, -half)] });
        return back(long * 0.9);
      case 'stealth': {
        const [nx, ny] = back(long * 0.6);
        marks.push({
          kind: 'fill',
          points: [[x, y], side(bx, by, half), [nx, ny], side(bx, by, -half)],
        });
        return back(long * 0.55);
      }
      case 'arrow':
        marks.push({ kind: 'stroke', points: [side(bx, by, half), [x, y], side(bx, by, -half)] });
        return back(line.width / 2);
      case 'diamond': {
        const [fx, fy] = back(-long / 2);
        const [rx, ry] = back(long / 2);
        marks.push({
          kind: 'fill',
          points: [[fx, fy], side(x, y, half), [rx, ry], side(x, y, -half)],
        });
        return [x, y] as const;
      }
      case 'oval':
        marks.push({ kind: 'dot', cx: x, cy: y, r: half });
        return [x, y] as const;
    }
  };
  const [x1, y1] = end(line.startArrow, line.x1, line.y1, line.x2, line.y2);
  const [x2, y2] = end(line.endArrow, line.x2, line.y2, line.x1, line.y1);
  return { shaft: [x1, y1, x2, y2], marks };
}
