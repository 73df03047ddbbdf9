import { describe, expect, it } from 'vitest';
import { insertedValue } from '@deck-portal/domain';
import { measureText } from './fonts.ts';
import { layoutText, wrapParagraph } from './text-layout.ts';

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
});
