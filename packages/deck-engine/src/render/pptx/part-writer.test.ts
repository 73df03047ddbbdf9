import { describe, expect, it } from 'vitest';
import { escapeXml } from './markup.ts';
import { PartWriter } from './part-writer.ts';

// The slides' markup is written as bytes (PartWriter), where it was built as a string and
// encoded: each way must give the same bytes.

const TEXTS = [
  '',
  'plain ASCII words',
  'Café – 12 € · naïve',
  '日本語のテキスト',
  'emoji 😀 and 𝔘nicode',
  'lone \ud800 high, lone \udc00 low, pair at the end \ud83d',
  'Quarterly figures & <regions> "quoted" \'single\'',
  'tabs\tand\r\nbreaks',
];

describe('PartWriter', () => {
  it('writes text as UTF-8 exactly as Buffer.from does, lone surrogates included', () => {
    for (const text of TEXTS) {
      const w = new PartWriter(4);
      expect(w.raw(text).take().equals(Buffer.from(text, 'utf8')), text).toBe(true);
    }
  });

  it('escapes text as escapeXml does', () => {
    for (const text of TEXTS) {
      const w = new PartWriter(4);
      expect(
        w
          .escaped(text)
          .take()
          .equals(Buffer.from(escapeXml(text), 'utf8')),
        text,
      ).toBe(true);
    }
    expect(new PartWriter().escaped(undefined).escaped(null).take()).toHaveLength(0);
  });

  it('writes numbers as a template literal does', () => {
    const numbers = [0, -0, 7, -12, 100, 914_400, 12_192_000, -342_900, 2 ** 53 - 1, 1.5, -0.25];
    const w = new PartWriter(2);
    for (const n of numbers) w.number(n).raw(',');
    expect(w.take().toString('utf8')).toBe(numbers.map((n) => `${n},`).join(''));
    expect(new PartWriter().value('1').value(3).take().toString('utf8')).toBe('13');
  });

  it('grows past its buffer, starts empty after each take, and drops what is truncated', () => {
    const w = new PartWriter(8);
    const long = 'x&'.repeat(10_000);
    w.raw('<a>').escaped(long);
    const at = w.size;
    w.raw('dropped');
    w.truncate(at);
    w.raw('</a>');
    expect(w.take().toString('utf8')).toBe(`<a>${escapeXml(long)}</a>`);
    expect(w.size).toBe(0);
    expect(w.raw('next').take().toString('utf8')).toBe('next');
  });
});
