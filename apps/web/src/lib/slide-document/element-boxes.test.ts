import type { TemplateElement } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { boxOf, withBox } from './element-boxes.ts';

const repeat: TemplateElement = {
  kind: 'repeat',
  over: 'deck.products',
  x: 48,
  y: 124,
  direction: 'right',
  step: 220,
  max: 4,
  elements: [
    { kind: 'rect', x: 0, y: 0, w: 200, h: 160, fill: 'brand.panel' },
    {
      kind: 'text',
      x: 16,
      y: 170,
      w: 168,
      h: 30,
      text: '{{item.name}}',
      style: { weight: 'regular', size: 14, color: 'brand.ink' },
    },
  ],
};

describe('a repeated block on the canvas', () => {
  it('has its first copy’s box: its elements together, from its place', () => {
    expect(boxOf(repeat)).toEqual({ x: 48, y: 124, w: 200, h: 200 });
  });

  it('moves by its box, its copies keeping their size and step', () => {
    const moved = withBox(repeat, { x: 100.04, y: 90, w: 999, h: 999 });
    expect(moved).toMatchObject({ x: 100, y: 90, step: 220 });
    expect(moved.kind === 'repeat' && moved.elements).toEqual(repeat.elements);
  });
});
