import { describe, expect, it } from 'vitest';
import { insertedValue } from '@deck-portal/domain';
import { measureText } from './fonts.ts';
import { layoutText, layoutTextRow, measureTextHeight, wrapParagraph } from './text-layout.ts';

const box = { x: 10, y: 20, w: 200, h: 100, color: '000000' };

describe('wrapParagraph', () => {
  it('breaks at spaces so each line fits the width', () => {
    const lines = wrapParagraph('the quick brown fox jumps over the lazy dog', 'regular', 12, 80);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(measureText(line, 'regular', 12)).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toBe('the quick brown fox jumps over the lazy dog');
  });

  it('breaks a word longer than the line', () => {
    const lines = wrapParagraph('x'.repeat(80), 'bold', 12, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('x'.repeat(80));
  });

  it('may end a line after a hyphen, as Office does, and keeps the word whole when cut there', () => {
    const width = measureText('Cryptographic-Based', 'regular', 20) - 1;
    expect(wrapParagraph('Cryptographic-Based Identity', 'regular', 20, width)).toEqual([
      'Cryptographic-',
      'Based Identity',
    ]);
    const cut = layoutText({
      ...box,
      w: width,
      h: 30,
      size: 20,
      text: 'Cryptographic-Based Identity',
    });
    expect(cut.truncated).toBe(true);
    expect(cut.paragraphs).toEqual(['Cryptographic-…']);
  });

  it('ends a line after a word’s hyphen before a figure, never after a minus sign', () => {
    const width = measureText('Teachers (PreK-', 'regular', 18) + 1;
    expect(wrapParagraph('Teachers (PreK-18)', 'regular', 18, width)).toEqual([
      'Teachers (PreK-',
      '18)',
    ]);
    const minus = measureText('Change: -1', 'regular', 18) - 1;
    expect(wrapParagraph('Change: -18', 'regular', 18, minus)).toEqual(['Change:', '-18']);
    // Between figures it is a dash of a range, kept whole where the line has room for it.
    const range = measureText('Weeks 5-10', 'regular', 18) + 1;
    expect(wrapParagraph('Weeks 5-10', 'regular', 18, range)).toEqual(['Weeks 5-10']);
    expect(wrapParagraph('Weeks 5-10', 'regular', 18, range - 4)).toEqual(['Weeks', '5-10']);
  });

  it('breaks Japanese between characters, never before a closing mark', () => {
    const text = '東京の冷蔵倉庫、温度管理と電池の提案。'.repeat(3);
    const lines = wrapParagraph(text, 'regular', 20, 300);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(text);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^[、。]/);
  });
});

describe('a line break inside a paragraph', () => {
  it('breaks Thai between words, which it writes without spaces', () => {
    const text = 'โซลูชันห้องเย็นครบวงจรสำหรับธุรกิจของคุณ'.repeat(2);
    const lines = wrapParagraph(text, 'regular', 20, 200);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(text);
    const words = new Intl.Segmenter('th', { granularity: 'word' });
    const ends = new Set([...words.segment(text)].map((word) => word.index + word.segment.length));
    let at = 0;
    for (const line of lines.slice(0, -1)) {
      at += line.length;
      expect(ends.has(at), `"${line}" ends inside a word`).toBe(true);
      expect(measureText(line, 'regular', 20)).toBeLessThanOrEqual(200);
    }
  });

  it('starts a new line with no bullet and keeps the paragraph whole', () => {
    const t = layoutText({
      ...box,
      w: 400,
      size: 14,
      bullets: true,
      text: ['Quarterly review\u2028of the northern region', 'Next steps'],
    });
    expect(t.lines.map((l) => l.text)).toEqual([
      'Quarterly review',
      'of the northern region',
      'Next steps',
    ]);
    expect(t.lines.map((l) => l.bulletX !== undefined)).toEqual([true, false, true]);
    expect(t.paragraphs).toEqual(['Quarterly review\u2028of the northern region', 'Next steps']);
  });
});

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
});

describe('styled words and numbers that need room', () => {
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

describe('names and phrases', () => {
  const lines = (text: string, w: number, size = 20) =>
    layoutText({ ...box, w, h: 400, size, text }).lines.map((line) => line.text);
  const width = (text: string, size = 20) => measureText(text, 'regular', size);

  it('break Japanese between phrases, never inside a word, and a name stays whole', () => {
    // BudouX reads 株式会社サンプルの / 山田太郎様への / ご提案です.
    const text = '株式会社サンプルの山田太郎様へのご提案です';
    const w = width('株式会社サンプルの') + 5;
    expect(lines(text, w)).toEqual(['株式会社サンプルの', '山田太郎様への', 'ご提案です']);
    // Filled in from the deck, the company and the contact are names as well.
    const bound = `${insertedValue('client.name', '株式会社サンプル')}の${insertedValue('contact.name', '山田太郎')}様へのご提案です`;
    expect(lines(bound, w)).toEqual(['株式会社サンプルの', '山田太郎様への', 'ご提案です']);
  });

  it('break a phrase longer than a line between its characters, a name in it kept whole', () => {
    const w = width('株式会社サン') + 5;
    const bound = `${insertedValue('client.name', '株式会社サンプル')}の${insertedValue('contact.name', '山田太郎')}様へのご提案です`;
    const laid = lines(bound, w);
    expect(laid.join('')).toBe('株式会社サンプルの山田太郎様へのご提案です');
    for (const line of laid) expect(width(line)).toBeLessThanOrEqual(w);
    expect(laid.some((line) => line.includes('山田太郎'))).toBe(true);
  });

  it('keep a Latin name whole on the next line when it fits one, and break it when it does not', () => {
    const w = width('Prepared for Acme Cold') + 2;
    expect(lines('Prepared for Acme Cold Storage today', w)).toEqual([
      'Prepared for Acme Cold',
      'Storage today',
    ]);
    const bound = `Prepared for ${insertedValue('client.name', 'Acme Cold Storage')} today`;
    expect(lines(bound, w)).toEqual(['Prepared for', 'Acme Cold Storage', 'today']);
    // A name wider than the box still breaks between its words, and nothing overflows.
    const narrow = width('Prepared for') + 2;
    expect(lines(bound, narrow)).toEqual(['Prepared for', 'Acme Cold', 'Storage', 'today']);
    // Only names are kept whole: a date is not.
    const dated = `Due ${insertedValue('deck.date', 'March 5, 2026')}`;
    expect(lines(dated, width('Due March 5,') + 2)).toEqual(['Due March 5,', '2026']);
  });

  it('isolate each value inserted into a right-to-left sentence, so the date stays after the name', () => {
    const text = `أعدت لـ ${insertedValue('client.name', 'Acme Corp')} · ${insertedValue('deck.date', 'March 5, 2026')}`;
    const laid = layoutText({ ...box, w: 500, size: 20, text });
    // Left to right as drawn: read from the right, the Arabic words, the name, then the date.
    expect(laid.lines[0]!.runs!.map((run) => run.text)).toEqual([
      'March 5, 2026',
      '·',
      'Acme Corp',
      'لـ',
      'أعدت',
    ]);
    expect(laid.lines[0]!.text).toBe('أعدت لـ Acme Corp · March 5, 2026');
    // The PPTX gets the sentence with its values isolated (FSI … PDI).
    expect(laid.paragraphs).toEqual(['أعدت لـ \u2068Acme Corp\u2069 · \u2068March 5, 2026\u2069']);
    // Left to right, the isolation changes nothing: the text keeps no mark.
    const latin = layoutText({
      ...box,
      size: 20,
      text: `For ${insertedValue('client.name', 'Acme')}`,
    });
    expect(latin.paragraphs).toEqual(['For Acme']);
  });
});
