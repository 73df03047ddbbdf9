import { describe, expect, it } from 'vitest';
import { measureText } from './fonts.ts';
import { layoutText, measureTextHeight } from './text-layout.ts';

const box = { x: 10, y: 20, w: 200, h: 100, color: '000000' };

describe('styled words', () => {
  it('cuts a word too long for its box where each piece fits in its own style', () => {
    const text = layoutText({
      ...box,
      w: 150,
      h: 400,
      size: 14,
      text: [
        [
          { text: 'i'.repeat(30), style: {} },
          { text: 'W'.repeat(30), style: { weight: 'bold' } },
        ],
      ],
    });
    expect(text.lines.length).toBeGreaterThan(2);
    for (const line of text.lines) expect(line.width).toBeLessThanOrEqual(150 + 1e-6);
  });

  it('sets words in a size of their own, their line as tall as its largest words', () => {
    const spec = {
      ...box,
      w: 300,
      h: 400,
      size: 10,
      lineHeight: 1.4,
      text: [
        [
          { text: 'Small words before ', style: {} },
          { text: 'Big', style: { scale: 2 } },
        ],
        'and a line of its own size',
      ],
    };
    const text = layoutText(spec);
    const [first, second] = text.lines;
    expect(text.lines.map((line) => line.text)).toEqual([
      'Small words before Big',
      'and a line of its own size',
    ]);
    const big = first!.runs!.find((run) => run.text === 'Big')!;
    expect(big.look?.size).toBe(20);
    expect(first!.width).toBeCloseTo(
      measureText('Small words before ', 'regular', 10) + measureText('Big', 'regular', 20),
      0,
    );
    // The first line is 28 pt tall (twice 14), its baseline twice as far down as in a line of
    // 14; the second line, 14 pt tall, starts 28 pt down.
    const plain = layoutText({ ...spec, text: ['Small words before Big', 'and a line'] });
    const drop = plain.lines[0]!.baseline - box.y;
    expect(plain.lines[1]!.baseline - plain.lines[0]!.baseline).toBeCloseTo(14);
    expect(first!.baseline - box.y).toBeCloseTo(2 * drop);
    expect(second!.baseline - box.y).toBeCloseTo(28 + drop);
    expect(measureTextHeight(spec)).toBeCloseTo(42);
    // Shrunk to fit, the big words shrink alike.
    const shrunk = layoutText({ ...spec, h: 30, minSize: 5 });
    expect(shrunk.size).toBeLessThan(10);
    expect(shrunk.lines[0]!.runs!.find((run) => run.text === 'Big')!.look?.size).toBe(
      2 * shrunk.size,
    );
  });
});
