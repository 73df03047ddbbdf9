import { isShapePath } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { presetPath } from './geometry.ts';
import type { XmlElement } from './xml-tree.ts';

// Preset shapes as outlines in the 1000 × 1000 square the format stretches over a shape's box.

/** The outline's points, in order, as [x, y] pairs (a curve's end point only). */
function pointsOf(path: string): [number, number][] {
  return path
    .replace('Z', '')
    .split(/(?=[MLC])/)
    .map((command) => {
      const numbers = command.slice(1).trim().split(/\s+/).map(Number);
      return [numbers.at(-2)!, numbers.at(-1)!];
    });
}

/** A preset's geometry with one adjustment, as the XML reader gives it. */
const geometry = (name: string, value: number): XmlElement => {
  const element = (tag: string, attrs: Record<string, string>, children: XmlElement[] = []) =>
    ({ name: tag, attrs, children, text: '' }) as unknown as XmlElement;
  const guide = element('a:gd', { name, fmla: `val ${value}` });
  return element('a:prstGeom', { prst: 'x' }, [element('a:avLst', {}, [guide])]);
};

describe('presetPath', () => {
  it('draws a merge as a triangle pointing down, and an eight-point star', () => {
    expect(pointsOf(presetPath('flowChartMerge', undefined, 100, 100)!)).toEqual([
      [0, 0],
      [1000, 0],
      [500, 1000],
    ]);
    const star = pointsOf(presetPath('star8', undefined, 100, 100)!);
    expect(star).toHaveLength(16);
    expect(star[0]).toEqual([0, 500]);
    expect(star[4]).toEqual([500, 0]);
  });

  it('draws a bent-up arrow with its head at the top right and its bar along the bottom', () => {
    const points = pointsOf(presetPath('bentUpArrow', undefined, 200, 200)!);
    // The head's point: three-quarters across (half a head's width from the right), at the top.
    expect(points).toContainEqual([750, 0]);
    expect(points).toContainEqual([0, 1000]);
    expect(Math.min(...points.map(([, y]) => y))).toBe(0);
  });

  it('draws a brace as an open outline pointing at its adjustment, mirrored for a left one', () => {
    const right = presetPath('rightBrace', geometry('adj2', 25_000), 40, 400)!;
    expect(right).not.toContain('Z');
    expect(pointsOf(right)).toContainEqual([1000, 250]);
    expect(pointsOf(right).at(-1)).toEqual([0, 1000]);
    const left = presetPath('leftBrace', undefined, 40, 400)!;
    expect(pointsOf(left)).toContainEqual([0, 500]);
    const bracket = presetPath('rightBracket', undefined, 40, 400)!;
    expect(pointsOf(bracket)[0]).toEqual([0, 0]);
    expect(pointsOf(bracket).at(-1)).toEqual([0, 1000]);
    for (const path of [right, left, bracket]) expect(isShapePath(path)).toBe(true);
  });

  it('draws the sun as a disc and eight rays whose tips touch the box', () => {
    const path = presetPath('sun', undefined, 300, 200)!;
    expect(isShapePath(path)).toBe(true);
    const figures = path.split('M').filter(Boolean);
    expect(figures).toHaveLength(9);
    const tips = figures.slice(0, 8).map((figure) => pointsOf(`M${figure}`)[0]);
    for (const tip of [
      [1000, 500],
      [500, 0],
      [0, 500],
      [500, 1000],
    ])
      expect(tips).toContainEqual(tip);
    // The disc: a quarter of the box from its edges by default, and the rays' bases beyond it.
    const disc = pointsOf(`M${figures[8]}`);
    for (const [x, y] of disc) expect(Math.hypot(x - 500, y - 500)).toBeCloseTo(250, 0);
    const bases = figures.slice(0, 8).flatMap((figure) => pointsOf(`M${figure}`).slice(1));
    for (const [x, y] of bases) expect(Math.hypot(x - 500, y - 500)).toBeGreaterThan(250);
    // The disc's size is held to what PowerPoint's handle allows.
    const huge = pointsOf(
      `M${presetPath('sun', geometry('adj', 90_000), 100, 100)!.split('M')[9]}`,
    );
    expect(huge[0]).toEqual([468.8, 500]);
  });

  it('draws a callout with its wedge from the side nearest its point, past its box', () => {
    // PowerPoint's default: the point below the box, a little left of its middle.
    const path = presetPath('wedgeRoundRectCallout', undefined, 200, 100)!;
    expect(isShapePath(path)).toBe(true);
    const points = pointsOf(path);
    expect(points).toContainEqual([291.7, 1125]);
    // The wedge's base on the bottom side, between twelfths 5 and 2 (drawn right to left).
    const tip = points.findIndex(([x, y]) => x === 291.7 && y === 1125);
    expect(points[tip - 1]).toEqual([416.7, 1000]);
    expect(points[tip + 1]).toEqual([166.7, 1000]);
    // A point far to the right puts the wedge on the right side.
    const right = pointsOf(presetPath('wedgeRectCallout', geometry('adj1', 80_000), 200, 100)!);
    expect(right).toContainEqual([1300, 1125]);
  });
});
