import { describe, expect, it } from 'vitest';
import { templateElementSchema } from './elements.ts';

describe('what elements have alike', () => {
  it('turns shapes, pictures and texts, and mirrors shapes and pictures', () => {
    const valid = (element: Record<string, unknown>) =>
      templateElementSchema.safeParse(element).success;
    const box = { x: 10, y: 10, w: 100, h: 50 };
    const path = 'M 0 0 L 1000 0 L 0 1000 Z';
    expect(valid({ kind: 'path', ...box, path, fill: '#C92A2A', rotation: 45, flipH: true })).toBe(
      true,
    );
    expect(valid({ kind: 'ellipse', ...box, fill: '#C92A2A', rotation: 270, flipV: true })).toBe(
      true,
    );
    expect(
      valid({ kind: 'picture', ...box, src: 'a.png', alt: '', rotation: 90, flipV: true }),
    ).toBe(true);
    const text = { kind: 'text', ...box, text: 'Turned', style: { size: 12, color: '#000000' } };
    expect(valid({ ...text, rotation: 90 })).toBe(true);
    // Degrees clockwise from 0 to 360; a text is not mirrored, nor a line or a table turned.
    expect(valid({ ...text, rotation: -90 })).toBe(false);
    expect(valid({ ...text, rotation: 400 })).toBe(false);
    expect(valid({ ...text, flipH: true })).toBe(false);
    expect(
      valid({ kind: 'line', x1: 0, y1: 0, x2: 1, y2: 1, color: '#000000', width: 1, rotation: 10 }),
    ).toBe(false);
  });

  it('keeps an element’s short id, and refuses one that is not', () => {
    const rect = { kind: 'rect', x: 0, y: 0, w: 10, h: 10, fill: '#000000' };
    expect(templateElementSchema.parse({ ...rect, id: 'k3x9_a-2' })).toHaveProperty(
      'id',
      'k3x9_a-2',
    );
    expect(templateElementSchema.safeParse({ ...rect, id: '' }).success).toBe(false);
    expect(templateElementSchema.safeParse({ ...rect, id: 'a b' }).success).toBe(false);
    expect(templateElementSchema.safeParse({ ...rect, id: 'x'.repeat(33) }).success).toBe(false);
  });
});
