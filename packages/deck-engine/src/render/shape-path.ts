import type { Box } from '../layout/model.ts';

/** A command of a shape's outline, its points on the slide (absolute, in points). */
export type PathCommand =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

/** The path's square: coordinates run 0–1000 across the element's box. */
const SIDE = 1000;

/**
 * A `path` shape's commands (`M`, `L`, `C`, `Z` in a 1000 × 1000 square, checked by the
 * template format) placed on its box.
 */
export function placePath(path: string, box: Box): PathCommand[] {
  const tokens = path.match(/[MLCZ]|-?\d+(?:\.\d+)?/g) ?? [];
  const commands: PathCommand[] = [];
  const x = (value: string | undefined) => box.x + (Number(value) / SIDE) * box.w;
  const y = (value: string | undefined) => box.y + (Number(value) / SIDE) * box.h;
  for (let i = 0; i < tokens.length;) {
    const op = tokens[i++];
    if (op === 'M' || op === 'L') {
      commands.push({ op, x: x(tokens[i]), y: y(tokens[i + 1]) });
      i += 2;
    } else if (op === 'C') {
      commands.push({
        op,
        x1: x(tokens[i]),
        y1: y(tokens[i + 1]),
        x2: x(tokens[i + 2]),
        y2: y(tokens[i + 3]),
        x: x(tokens[i + 4]),
        y: y(tokens[i + 5]),
      });
      i += 6;
    } else if (op === 'Z') commands.push({ op });
  }
  return commands;
}

const n = (value: number) => String(Math.round(value * 100) / 100);

/** The placed commands as SVG path data (also what pdfkit draws). */
export function svgPathData(commands: readonly PathCommand[]): string {
  return commands
    .map((c) => {
      if (c.op === 'Z') return 'Z';
      if (c.op === 'C') return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
      return `${c.op}${n(c.x)} ${n(c.y)}`;
    })
    .join(' ');
}
