import { describe, expect, it } from 'vitest';
import { lineWithEnds } from './line-ends.ts';
import type { LineElement } from './model.ts';

const line = (extra: Partial<LineElement>): LineElement => ({
  kind: 'line',
  x1: 0,
  y1: 100,
  x2: 200,
  y2: 100,
  color: '000000',
  width: 1,
  ...extra,
});

describe('a line’s ends', () => {
  it('is the line itself when it has no marks', () => {
    expect(lineWithEnds(line({}))).toEqual({ shaft: [0, 100, 200, 100], marks: [] });
  });

  it('puts a triangle’s tip on the end and stops the line inside it', () => {
    const { shaft, marks } = lineWithEnds(line({ endArrow: 'triangle' }));
    // Three times the width and 4.5 pt: 7.5 pt long and wide.
    expect(marks).toEqual([
      {
        kind: 'fill',
        points: [
          [200, 100],
          [192.5, 103.75],
          [192.5, 96.25],
        ],
      },
    ]);
    expect(shaft[0]).toBe(0);
    expect(shaft[2]).toBeCloseTo(200 - 7.5 * 0.9, 6);
  });

  it('draws an open arrow as two strokes meeting at the end, a dot and a diamond about it', () => {
    const { marks } = lineWithEnds(line({ startArrow: 'arrow', endArrow: 'oval' }));
    expect(marks[0]).toEqual({
      kind: 'stroke',
      points: [
        [7.5, 96.25],
        [0, 100],
        [7.5, 103.75],
      ],
    });
    expect(marks[1]).toEqual({ kind: 'dot', cx: 200, cy: 100, r: 3.75 });
    const diamond = lineWithEnds(line({ endArrow: 'diamond' })).marks[0];
    expect(diamond).toMatchObject({ kind: 'fill' });
    if (diamond?.kind !== 'fill') return;
    const xs = diamond.points.map(([x]) => x);
    expect(Math.min(...xs)).toBeCloseTo(196.25, 6);
    expect(Math.max(...xs)).toBeCloseTo(203.75, 6);
  });

  it('shrinks the marks of a line shorter than them, and marks nothing on a line of no length', () => {
    const short = lineWithEnds(line({ x2: 4, startArrow: 'triangle', endArrow: 'triangle' }));
    const xs = short.marks
      .flatMap((mark) => (mark.kind === 'fill' ? mark.points : []))
      .map(([x]) => x);
    expect(xs).toHaveLength(6);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThanOrEqual(4);
    expect(lineWithEnds(line({ x2: 0, y2: 100, endArrow: 'triangle' })).marks).toEqual([]);
  });
});
