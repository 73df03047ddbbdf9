import { describe, expect, it } from 'vitest';
import { layout, problems } from './test-layout.ts';

describe('a text', () => {
  it('names a text’s size group by lower-case letters and digits', () => {
    const grouped = (sizeGroup: string) => ({
      ...layout,
      elements: [{ ...layout.elements[1], style: { size: 20, color: 'brand.ink', sizeGroup } }],
    });
    expect(problems(grouped('figures-2'))).toEqual([]);
    expect(problems(grouped('Figures!'))).toEqual([
      'elements.0.style.sizeGroup: a size group is named by lower-case letters and digits',
    ]);
  });
});
