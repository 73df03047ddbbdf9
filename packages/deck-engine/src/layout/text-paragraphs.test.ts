import { describe, expect, it } from 'vitest';
import { measureText } from './fonts.ts';
import { layoutText } from './text-layout.ts';

const box = { x: 10, y: 20, w: 200, h: 100, color: '000000' };

describe('runs of spaces', () => {
  const spaced = 'Pedagogic Skill          Relationship Skills';

  it('are one space each, unless the text keeps them as written', () => {
    const collapsed = layoutText({ ...box, w: 900, size: 14, text: spaced });
    expect(collapsed.lines[0]!.text).toBe('Pedagogic Skill Relationship Skills');
    const kept = layoutText({ ...box, w: 900, size: 14, text: spaced, keepSpaces: true });
    expect(kept.lines[0]!.text).toBe(spaced);
    expect(kept.lines[0]!.width).toBeCloseTo(measureText(spaced, 'regular', 14), 5);
  });

  it('count in where a kept line breaks, and are not carried to the next line', () => {
    const w = measureText('Pedagogic Skill          Relationship', 'regular', 14) - 1;
    const kept = layoutText({ ...box, w, size: 14, text: spaced, keepSpaces: true });
    expect(kept.lines.map((line) => line.text)).toEqual(['Pedagogic Skill', 'Relationship Skills']);
    // Collapsed, the same words fit the width on one line up to "Relationship".
    const collapsed = layoutText({ ...box, w, size: 14, text: spaced });
    expect(collapsed.lines[0]!.text).toBe('Pedagogic Skill Relationship');
  });
});

describe('tabs', () => {
  /** Where a line's text reaches `mark`, in points from the slide's left. */
  const xOf = (line: { x: number; text: string }, mark: string, size: number) =>
    line.x + measureText(line.text.slice(0, line.text.indexOf(mark)), 'regular', size);

  it("put a price list's figures on a decimal stop, and keep the tabs for the PPTX", () => {
    const list = layoutText({
      ...box,
      w: 400,
      size: 12,
      text: ['Data logger\t1,250.00', 'Setup\t75.50', 'Training\t980'],
      tabStops: [{ at: 150, align: 'decimal' }],
    });
    const [logger, setup, training] = list.lines;
    // Within a point of the stop: spaces, then hair spaces.
    expect(Math.abs(xOf(logger!, '.', 12) - (box.x + 150))).toBeLessThan(1);
    expect(Math.abs(xOf(setup!, '.', 12) - (box.x + 150))).toBeLessThan(1);
    // A figure without a point ends at the stop.
    expect(Math.abs(training!.x + training!.width - (box.x + 150))).toBeLessThan(1);
    expect(list.paragraphs).toEqual(['Data logger\t1,250.00', 'Setup\t75.50', 'Training\t980']);
    expect(list.tabStops).toEqual([{ at: 150, align: 'decimal' }]);
    // A right-aligned stop: the figure ends on it, on the line of its label.
    const total = layoutText({
      ...box,
      w: 400,
      size: 12,
      text: 'Total\t1,250',
      tabStops: [{ at: 300, align: 'right' }],
    });
    expect(total.lines).toHaveLength(1);
    expect(Math.abs(total.lines[0]!.x + total.lines[0]!.width - (box.x + 300))).toBeLessThan(1);
  });

  it('go to the default stops, an inch apart unless the text says otherwise, a leading tab too', () => {
    const plain = layoutText({ ...box, w: 400, size: 12, text: 'Price:\t500\n\tIndented' });
    expect(Math.abs(xOf(plain.lines[0]!, '500', 12) - (box.x + 72))).toBeLessThan(1);
    expect(Math.abs(xOf(plain.lines[1]!, 'Indented', 12) - (box.x + 72))).toBeLessThan(1);
    expect(plain).not.toHaveProperty('tabStops');
    const half = layoutText({ ...box, w: 400, size: 12, text: 'Price:\t500', tabSize: 36 });
    expect(Math.abs(xOf(half.lines[0]!, '500', 12) - (box.x + 36))).toBeLessThan(1);
    expect(half.tabSize).toBe(36);
    // Runs of spaces still fold into one where a text has tabs.
    const folded = layoutText({ ...box, w: 400, size: 12, text: 'A   b\tc' });
    expect(folded.lines[0]!.text.startsWith('A b ')).toBe(true);
  });

  it("count from the box's left in a bulleted text, and keep words styled apart in their style", () => {
    const bulleted = layoutText({
      ...box,
      w: 400,
      size: 12,
      bullets: true,
      text: [
        [
          { text: 'Total', style: { weight: 'bold' } },
          { text: '\t99', style: {} },
        ],
      ],
      tabStops: [{ at: 100, align: 'left' }],
    });
    const line = bulleted.lines[0]!;
    expect(line.x).toBeCloseTo(box.x + 12 * 1.1, 5);
    const figure = line.runs!.find((run) => run.text.includes('99'))!;
    const before = figure.text.slice(0, figure.text.indexOf('99'));
    expect(Math.abs(figure.x + measureText(before, 'regular', 12) - (box.x + 100))).toBeLessThan(1);
    expect(line.runs![0]).toMatchObject({ text: 'Total', face: 'bold' });
    expect(bulleted.spans).toEqual([
      [
        { text: 'Total', style: { weight: 'bold' } },
        { text: '\t99', style: {} },
      ],
    ]);
  });
});
