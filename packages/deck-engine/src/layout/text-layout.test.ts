import { describe, expect, it } from 'vitest';
import { layoutText, layoutTextRow, measureTextHeight } from './text-layout.ts';

const box = { x: 10, y: 20, w: 200, h: 100, color: '000000' };

describe('layoutText', () => {
  it('uses the given size when the text fits', () => {
    const t = layoutText({ ...box, text: 'Short', size: 14 });
    expect(t.size).toBe(14);
    expect(t.lines).toHaveLength(1);
  });

  it('shrinks in half points until the text fits, not below the minimum', () => {
    const text = 'word '.repeat(120);
    const t = layoutText({ ...box, text, size: 24, minSize: 6 });
    expect(t.size).toBeLessThan(24);
    expect((t.size * 2) % 1).toBe(0);
    expect(t.truncated).toBe(false);
    const lastBaseline = t.lines.at(-1)!.baseline;
    expect(lastBaseline).toBeLessThanOrEqual(box.y + box.h);
  });

  it('cuts with an ellipsis when the minimum size cannot hold the text', () => {
    const t = layoutText({ ...box, text: 'word '.repeat(2000), size: 12, minSize: 10 });
    expect(t.truncated).toBe(true);
    expect(t.size).toBe(10);
    expect(t.lines.at(-1)!.text.endsWith('…')).toBe(true);
  });

  it('honours maxLines', () => {
    const t = layoutText({
      ...box,
      text: 'a long title that would wrap onto more lines',
      size: 30,
      minSize: 30,
      maxLines: 1,
    });
    expect(t.lines).toHaveLength(1);
    expect(t.truncated).toBe(true);
  });

  it('aligns right and centre inside the box', () => {
    const right = layoutText({ ...box, text: 'Hi', size: 12, align: 'right' });
    expect(right.lines[0]!.x + right.lines[0]!.width).toBeCloseTo(box.x + box.w, 5);
    const centre = layoutText({ ...box, text: 'Hi', size: 12, align: 'center' });
    expect(centre.lines[0]!.x - box.x).toBeCloseTo(
      box.x + box.w - (centre.lines[0]!.x + centre.lines[0]!.width),
      5,
    );
  });

  it('centres vertically', () => {
    const top = layoutText({ ...box, text: 'Hi', size: 12, lineHeight: 1.5 });
    const middle = layoutText({ ...box, text: 'Hi', size: 12, lineHeight: 1.5, valign: 'middle' });
    expect(middle.lines[0]!.baseline - top.lines[0]!.baseline).toBeCloseTo(
      (box.h - 12 * 1.5) / 2,
      5,
    );
  });

  it('indents bulleted paragraphs and marks where the bullet goes', () => {
    const t = layoutText({ ...box, text: ['One', 'Two'], size: 10, bullets: true });
    expect(t.lines.map((l) => l.bulletX)).toEqual([box.x, box.x]);
    expect(t.lines[0]!.x).toBeCloseTo(box.x + 11, 5);
  });

  it('drops empty paragraphs at the ends unless told to keep every one where it stands', () => {
    const text = ['', 'One', '', '', 'Two', ''];
    expect(layoutText({ ...box, text, size: 10 }).paragraphs).toEqual(['One', '', 'Two']);
    expect(layoutText({ ...box, text, size: 10, keepBlankLines: true }).paragraphs).toEqual(text);
    expect(layoutText({ ...box, text: ['', ''], size: 10, keepBlankLines: true }).lines).toEqual(
      [],
    );
  });

  it('puts the bullet of a centred or right-aligned line just before its first word', () => {
    for (const align of ['center', 'right'] as const) {
      const t = layoutText({ ...box, text: ['One', 'Three'], size: 10, bullets: true, align });
      expect(t.lines.map((l) => l.x - l.bulletX!)).toEqual([11, 11]);
      expect(t.lines[0]!.bulletX).toBeGreaterThan(box.x);
    }
  });
});

describe('layoutText and the objects it is given', () => {
  it("leaves the caller's span styles and tab stops unfrozen, and keeps its own element as laid out", () => {
    const bold = { weight: 'bold' as const, color: 'C00000' };
    const stop = { at: 120, align: 'right' as const };
    const spec = {
      ...box,
      size: 12,
      text: [
        [
          { text: 'Total', style: bold },
          { text: '\t42', style: {} },
        ],
      ],
      tabStops: [stop],
    };
    const t = layoutText(spec);
    expect(Object.isFrozen(bold)).toBe(false);
    expect(Object.isFrozen(stop)).toBe(false);
    expect(Object.isFrozen(spec.text[0]!)).toBe(false);
    expect(t.spans?.[0]?.[0]?.style).toEqual(bold);
    expect(t.tabStops).toEqual([stop]);
    expect(Object.isFrozen(t.spans![0]![0]!.style)).toBe(true);

    // The caller changes its objects afterwards: the element laid out, and kept, does not.
    bold.color = '00C000';
    stop.at = 60;
    const again = layoutText({
      ...box,
      size: 12,
      text: [
        [
          { text: 'Total', style: { weight: 'bold' as const, color: 'C00000' } },
          { text: '\t42', style: {} },
        ],
      ],
      tabStops: [{ at: 120, align: 'right' as const }],
    });
    expect(again.spans?.[0]?.[0]?.style.color).toBe('C00000');
    expect(again.tabStops?.[0]?.at).toBe(120);
    expect(t.lines[0]!.runs?.[0]?.look?.color).toBe('C00000');
  });
});

describe('measureTextHeight', () => {
  it('measures a spec the caller changed since as it is now, not as it was', () => {
    const spec = { ...box, w: 200, size: 12, text: 'Two words' };
    const short = measureTextHeight(spec);
    spec.text = 'Many more words than a box two hundred points wide holds on one line';
    const long = measureTextHeight(spec);
    expect(long).toBeGreaterThan(short * 1.5);
    spec.text = 'Two words';
    expect(measureTextHeight(spec)).toBe(short);
  });
});

describe('layoutTextRow', () => {
  const cell = { y: 0, w: 84, h: 34, size: 20, minSize: 8, maxLines: 2, color: '000000' };

  it('sets every box of a row at the size the longest value needs', () => {
    const specs = ['3', 'Unlimited monitoring', 'Included'].map((text, i) => ({
      ...cell,
      x: i * 92,
      text,
      weight: 'bold' as const,
    }));
    const alone = specs.map((spec) => layoutText(spec).size);
    expect(new Set(alone).size).toBeGreaterThan(1);
    const row = layoutTextRow(specs);
    expect(new Set(row.map((t) => t.size))).toEqual(new Set([Math.min(...alone)]));
    for (const t of row) {
      expect(t.truncated).toBe(false);
      for (const line of t.lines) expect(line.width).toBeLessThanOrEqual(cell.w + 0.01);
    }
  });

  it('keeps the given size when everything fits', () => {
    const row = layoutTextRow([
      { ...cell, x: 0, text: '3' },
      { ...cell, x: 92, text: '24' },
    ]);
    expect(row.map((t) => t.size)).toEqual([20, 20]);
  });
});
