import { describe, expect, it } from 'vitest';
import { resolveColor, type ColorContext } from './drawingml-color.ts';
import type { XmlElement } from './xml-tree.ts';

const context: ColorContext = { theme: { accent1: '4F81BD', dk1: '000000' }, map: {} };

/** `<a:schemeClr val="accent1">` with one modifier. */
const accent = (modifier: string, val: number): XmlElement => ({
  name: 'a:schemeClr',
  attrs: { val: 'accent1' },
  text: '',
  children: [{ name: modifier, attrs: { val: String(val) }, text: '', children: [] }],
});

describe('a theme colour with a modifier', () => {
  it('tints and shades in linear light, as office suites draw them', () => {
    // Medium Style 2 - Accent 1's banded rows and body, as PowerPoint shows them.
    expect(resolveColor(accent('a:tint', 40_000), context)?.hex).toBe('D0D8E8');
    expect(resolveColor(accent('a:tint', 20_000), context)?.hex).toBe('E9EDF4');
    // Half the light of accent 1: lighter than halving its sRGB figures (#27405E would be).
    expect(resolveColor(accent('a:shade', 50_000), context)?.hex).toBe('385D8A');
  });

  it('changes lightness in HSL for lumMod and lumOff', () => {
    // PowerPoint's "Accent 1, darker 25%".
    expect(resolveColor(accent('a:lumMod', 75_000), context)?.hex).toBe('376092');
  });
});
