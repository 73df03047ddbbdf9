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

describe("paragraphs with indents and bullets of their own (a table cell's list levels)", () => {
  it('sets each in by its own indent, hangs its own bullet before it, and wraps it in the room left', () => {
    const text = layoutText({
      ...box,
      h: 400,
      size: 12,
      text: [
        'Principle',
        'Who is your market?',
        'Immediate client, decision-makers and staff who use it',
        '1 more',
      ],
      keepBlankLines: true,
      paragraphIndents: [
        null,
        { indent: 13.5, bullet: '•', hanging: 13.5 },
        { indent: 49.5, bullet: '–', hanging: 13.5 },
        { indent: 20, bullet: '2.', hanging: 20 },
      ],
    });
    const first = (words: string) => text.lines.find((line) => line.text.startsWith(words))!;
    expect(first('Principle')).toMatchObject({ x: box.x });
    expect(first('Principle').bulletX).toBeUndefined();
    // The text's own bullet is drawn as a bullet; another, or a number, as its label.
    expect(first('Who')).toMatchObject({ x: box.x + 13.5, bulletX: box.x });
    expect(first('Who').label).toBeUndefined();
    expect(first('Immediate')).toMatchObject({ x: box.x + 49.5, bulletX: box.x + 36, label: '–' });
    expect(first('1 more')).toMatchObject({ x: box.x + 20, bulletX: box.x, label: '2.' });
    // The deeper paragraph wraps in the 150.5 points its indent leaves, its later lines under its words.
    const deeper = text.lines.filter((line) => line.x === box.x + 49.5);
    expect(deeper.length).toBeGreaterThan(1);
    for (const line of deeper) expect(line.width).toBeLessThanOrEqual(box.w - 49.5 + 1e-6);
    expect(deeper.slice(1).every((line) => line.bulletX === undefined)).toBe(true);
  });
});
