import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normaliseImage } from '../src/images/resolve-images.ts';
import type { Deck, SlideElement } from '../src/layout/model.ts';
import { renderDeck } from '../src/render/render-deck.ts';
import { pdfToPngs } from './rasterize.ts';

// A half see-through shape must not make what is drawn after it see-through too: in a PDF the
// fill opacity is part of the graphics state, and a gradient or a picture keeps whatever is set.

const pictureUrl = 'https://pictures.example/green.png';
const black = { color: '000000', opacity: 1 };
const elements: SlideElement[] = [
  { kind: 'ellipse', x: 40, y: 40, w: 100, h: 100, fill: '000000', fillOpacity: 0.5 },
  {
    kind: 'rect',
    x: 200,
    y: 40,
    w: 200,
    h: 100,
    fill: '000000',
    gradient: {
      kind: 'linear',
      angle: 0,
      stops: [
        { at: 0, ...black },
        { at: 1, ...black },
      ],
    },
  },
  { kind: 'image', src: pictureUrl, x: 450, y: 40, w: 200, h: 100, fit: 'cover', alt: '' },
];

const deck: Deck = {
  title: 'See-through',
  clientName: 'Alpha Foods',
  date: '2026-05-01',
  author: 'Dana Reyes',
  company: 'Deck Portal',
  slides: [{ id: 'fills', kind: 'custom', title: 'Fills', background: 'FFFFFF', elements }],
  warnings: [],
};

describe('a see-through fill in the PDF', () => {
  it('leaves the gradient and the picture drawn after it solid', async () => {
    const green = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#00a000' },
    })
      .png()
      .toBuffer();
    const rendered = await renderDeck(
      deck,
      new Map([[pictureUrl, await normaliseImage(green, 'png')]]),
    );
    const page = PNG.sync.read((await pdfToPngs(rendered.pdf, 960, [1]))[0]!);
    const at = (x: number, y: number) => {
      const i = (y * page.width + x) * 4;
      return [page.data[i]!, page.data[i + 1]!, page.data[i + 2]!] as const;
    };
    // The ellipse is grey (black at half over white); the gradient black; the picture green.
    expect(at(90, 90)[0]).toBeGreaterThan(100);
    expect(Math.max(...at(300, 90))).toBeLessThan(30);
    const [r, g, b] = at(550, 90);
    expect(r < 30 && g > 140 && b < 30, `picture ${r},${g},${b}`).toBe(true);
  });
});
