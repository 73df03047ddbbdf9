import { describe, expect, it } from 'vitest';
import { measureText } from './fonts.ts';
import { layoutText, measureTextHeight } from './text-layout.ts';

const box = { x: 10, y: 20, w: 200, h: 100, color: '000000' };

describe('bullets without a hanging indent', () => {
  it("start the lines after a paragraph's first under its bullet, and use the width it frees", () => {
    const words = 'Many words that will surely wrap onto later lines in this narrow box';
    const spec = { ...box, h: 400, size: 14, text: [words], bullets: true, bulletIndent: 1.5 };
    const hanging = layoutText(spec);
    const flush = layoutText({ ...spec, wrapUnderBullet: true });
    expect(flush.wrapUnderBullet).toBe(true);
    expect(flush.lines[0]!.bulletX).toBe(box.x);
    expect(flush.lines[0]!.x).toBeCloseTo(box.x + 21, 5);
    for (const line of flush.lines.slice(1)) {
      expect(line.x).toBe(box.x);
      expect(line.width).toBeLessThanOrEqual(box.w + 1e-6);
    }
    expect(flush.lines.slice(1).some((line) => line.width > box.w - 21)).toBe(true);
    expect(flush.lines.length).toBeLessThanOrEqual(hanging.lines.length);
    expect(hanging.lines.every((line) => line.x === box.x + 21)).toBe(true);
    // Measured as laid out: the same height a line.
    const pitch = 14 * 1.2;
    expect(
      measureTextHeight({ ...spec, wrapUnderBullet: true }) - flush.lines.length * pitch,
    ).toBeCloseTo(measureTextHeight(spec) - hanging.lines.length * pitch, 5);
  });
});

describe('numbered paragraphs', () => {
  it('label each paragraph with words with the next number, hanging before its text', () => {
    const text = layoutText({
      ...box,
      w: 400,
      size: 14,
      text: ['First', '', 'Second', 'Third'],
      bullets: true,
      bulletIndent: 2,
      numbering: { scheme: 'alphaUcParenR', startAt: 3 },
    });
    const labelled = text.lines.filter((line) => line.text !== '');
    expect(labelled.map((line) => line.label)).toEqual(['C)', 'D)', 'E)']);
    for (const line of labelled) expect(line.x - line.bulletX!).toBeCloseTo(28, 5);
    expect(text.numbering).toEqual({ scheme: 'alphaUcParenR', startAt: 3 });
  });

  it('sets numbered words past their widest label, however small the indent', () => {
    const text = layoutText({
      ...box,
      w: 400,
      size: 14,
      text: ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'],
      bullets: true,
      numbering: { scheme: 'romanLcParenBoth' },
    });
    const widest = measureText('(viii)', 'regular', 14);
    for (const line of text.lines) expect(line.x - line.bulletX!).toBeGreaterThan(widest);
    expect(text.bulletIndent).toBeGreaterThan(widest);
  });
});
