import { describe, expect, it } from 'vitest';
import type { TextElement } from '../../layout/model.ts';
import { writesTextDirectly } from './element-markup.ts';

// Which text boxes the direct writer writes from their laid-out elements; the bytes of both ways
// are compared with pptxgenjs's in direct-writer.test.ts.

const text = (over: Partial<TextElement>): TextElement => ({
  kind: 'text',
  x: 0,
  y: 0,
  w: 100,
  h: 20,
  weight: 'regular',
  size: 12,
  color: '000000',
  align: 'left',
  valign: 'top',
  lineHeight: 14,
  paragraphGap: 0,
  bullets: false,
  paragraphs: ['Words'],
  lines: [],
  truncated: false,
  ...over,
});

describe('writesTextDirectly', () => {
  it('writes plain, bulleted, numbered, right-to-left and soft-broken text from the element', () => {
    expect(writesTextDirectly(text({}))).toBe(true);
    expect(
      writesTextDirectly(
        text({ bullets: true, numbering: { scheme: 'arabicPeriod', startAt: 2 } }),
      ),
    ).toBe(true);
    expect(
      writesTextDirectly(text({ paragraphs: ['שלום', 'a\u2028b', ''], rightToLeft: true })),
    ).toBe(true);
  });

  it('leaves styled words, a line feed in a paragraph and a text without alignment to the options', () => {
    expect(
      writesTextDirectly(text({ spans: [[{ text: 'Words', style: { weight: 'bold' } }]] })),
    ).toBe(false);
    expect(writesTextDirectly(text({ paragraphs: ['one', 'two\nthree'] }))).toBe(false);
    expect(writesTextDirectly(text({ align: '' as never }))).toBe(false);
  });
});
