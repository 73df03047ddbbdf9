import type { TemplateElement } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { KeptByLook } from './kept-by-look.ts';

const element = { kind: 'rect', x: 0, y: 0, w: 10, h: 10 } as unknown as TemplateElement;
const brand = { name: 'Frostline' };

describe('what an element drew, kept by look', () => {
  it("gives back each look's drawing, and none for a look it was not drawn in", () => {
    const kept = new KeptByLook<string>();
    kept.set(element, ['cooling', brand], 'teal');
    kept.set(element, ['storage', brand], 'orange');
    expect(kept.get(element, ['cooling', brand])).toBe('teal');
    expect(kept.get(element, ['storage', brand])).toBe('orange');
    // The same values, but another brand object: another look.
    expect(kept.get(element, ['cooling', { name: 'Frostline' }])).toBeUndefined();
    expect(kept.get({ ...element } as TemplateElement, ['cooling', brand])).toBeUndefined();
    kept.set(element, ['cooling', brand], 'blue');
    expect(kept.get(element, ['cooling', brand])).toBe('blue');
  });

  it('keeps the latest looks of an element, not every look it was ever drawn in', () => {
    const kept = new KeptByLook<number>();
    for (let i = 0; i < 40; i += 1) kept.set(element, [`category ${i}`, brand], i);
    expect(kept.get(element, ['category 39', brand])).toBe(39);
    expect(kept.get(element, ['category 30', brand])).toBe(30);
    expect(kept.get(element, ['category 0', brand])).toBeUndefined();
  });
});
