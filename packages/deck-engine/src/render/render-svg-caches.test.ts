import { describe, expect, it } from 'vitest';
import { layoutText } from '../layout/text-layout.ts';
import type { RenderSlide } from './place-images.ts';
import { GLYPH_CHARACTERS_KEPT, keptGlyphCharacters, renderSlideSvg } from './render-svg.ts';

// A render worker lives for days and draws the glyphs of every client's names: the glyph
// outlines it keeps between slides and decks stay bounded, the way a Chinese or Japanese font's
// thousands of glyphs (about a thousand characters of outline each) would otherwise all be kept.

/** `count` Han characters from U+4E00 on, one word each, in texts of 400. */
function slidesOfHan(count: number, weight: 'regular' | 'bold'): RenderSlide[] {
  const slides: RenderSlide[] = [];
  for (let first = 0; first < count; first += 400) {
    const characters = Array.from({ length: Math.min(400, count - first) }, (_, i) =>
      String.fromCodePoint(0x4e00 + first + i),
    );
    const element = layoutText({
      x: 10,
      y: 10,
      w: 940,
      h: 520,
      size: 4,
      weight,
      color: '000000',
      text: characters.join(' '),
    });
    slides.push({
      id: `han-${weight}-${first}`,
      kind: 'custom',
      title: '',
      background: 'FFFFFF',
      elements: [element],
    });
  }
  return slides;
}

describe('the SVG writer across slides and decks', () => {
  it('keeps a bounded amount of glyph outlines however many glyphs it drew', () => {
    for (const weight of ['regular', 'bold'] as const) {
      for (const slide of slidesOfHan(6000, weight)) {
        const svg = renderSlideSvg(slide);
        // Every glyph drawn is defined in the slide's own SVG.
        const used = new Set([...svg.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]));
        const defined = new Set([...svg.matchAll(/<path id="([^"]+)"/g)].map((m) => m[1]));
        expect([...used].filter((id) => !defined.has(id))).toEqual([]);
      }
    }
    expect(keptGlyphCharacters()).toBeGreaterThan(0);
    expect(keptGlyphCharacters()).toBeLessThanOrEqual(GLYPH_CHARACTERS_KEPT);
  }, 180_000);
});
