import { describe, expect, it } from 'vitest';
import { templateElementSchema } from './elements.ts';
import { paragraphText } from './paragraphs.ts';

/** A text element's kind and box, the same in every test here. */
const textBox = { kind: 'text', x: 0, y: 0, w: 100, h: 100 } as const;

describe('paragraphs', () => {
  it('accepts paragraphs with conditions of their own', () => {
    const element = {
      ...textBox,
      text: [
        '{{deck.date}}',
        { text: 'Attention: {{contact.name}}', when: { filled: 'contact.name' } },
      ],
      style: { size: 12, color: 'brand.ink' },
    };
    expect(templateElementSchema.safeParse(element).success).toBe(true);
    const unknown = { ...element, text: [{ text: 'x', when: { filled: 'contact.nmae' } }] };
    expect(templateElementSchema.safeParse(unknown).success).toBe(false);
  });

  it('accepts paragraphs written as runs of their own style, and says what is wrong with one', () => {
    const element = {
      ...textBox,
      text: [
        {
          runs: [
            { text: 'Caring', weight: 'bold', italic: true },
            { text: ' about ' },
            { text: '{{client.name}}', underline: true, color: 'brand.accent' },
            { text: 'th', script: 'super' },
            { text: '!', size: 18 },
          ],
        },
        { runs: [{ text: 'Only for a contact' }], when: { filled: 'contact.name' } },
      ],
      style: { size: 12, color: 'brand.ink' },
    };
    const parsed = templateElementSchema.parse(element);
    expect(
      parsed.kind === 'text' && Array.isArray(parsed.text) && parsed.text.map(paragraphText),
    ).toEqual(['Caring about {{client.name}}th!', 'Only for a contact']);
    const run = (extra: object) => ({ ...element, text: [{ runs: [{ text: 'x', ...extra }] }] });
    expect(templateElementSchema.safeParse(run({ script: 'raised' })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ color: 'red' })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ size: 0 })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ size: 401 })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ family: 'Inter' })).success).toBe(false);
    expect(templateElementSchema.safeParse({ ...element, text: [{ runs: [] }] }).success).toBe(
      false,
    );
    expect(
      templateElementSchema.safeParse({
        ...element,
        text: [{ runs: [{ text: '{{client.nmae}}' }] }],
      }).success,
    ).toBe(false);
  });
});
