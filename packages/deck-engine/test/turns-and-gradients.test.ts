import { strFromU8, unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseImage } from '../src/images/resolve-images.ts';
import type { Deck, SlideElement } from '../src/layout/model.ts';
import { layoutText } from '../src/layout/text-layout.ts';
import { renderDeck, type RenderedDeck } from '../src/render/render-deck.ts';
import { pdfToPngs, svgToPng } from './rasterize.ts';

// Turned elements and radial gradients as a person sees them in each output: the web view's
// SVG and the PDF drawn to pixels, and the PPTX's XML as PowerPoint reads it.

const WIDTH = 960;
const pictureUrl = 'https://pictures.example/arrow.png';

/** A triangle filling its box's top-left half, so a turn or a mirror shows. */
const corner: SlideElement = {
  kind: 'path',
  path: 'M 0 0 L 1000 0 L 0 1000 Z',
  x: 100,
  y: 100,
  w: 160,
  h: 160,
  fill: 'C92A2A',
  rotation: 90,
};

const elements: SlideElement[] = [
  corner,
  { ...corner, x: 300, rotation: undefined, flipH: true },
  {
    kind: 'rect',
    x: 500,
    y: 100,
    w: 200,
    h: 200,
    fill: '808080',
    gradient: {
      kind: 'radial',
      cx: 0.5,
      cy: 0.5,
      stops: [
        { at: 0, color: 'FFFFFF', opacity: 1 },
        { at: 1, color: '000000', opacity: 1 },
      ],
    },
  },
  {
    ...layoutText({
      x: 100,
      y: 360,
      w: 300,
      h: 40,
      text: 'Turned text',
      size: 24,
      color: '1C7ED6',
    }),
    rotation: 90,
  },
  {
    kind: 'image',
    src: pictureUrl,
    x: 760,
    y: 360,
    w: 120,
    h: 80,
    fit: 'cover',
    alt: 'An arrow',
    flipH: true,
    rotation: 30,
  },
];

const deck: Deck = {
  title: 'Turns',
  clientName: 'Alpha Foods',
  date: '2026-05-01',
  author: 'Dana Reyes',
  company: 'Deck Portal',
  slides: [{ id: 'turns', kind: 'custom', title: 'Turns', background: 'FFFFFF', elements }],
  warnings: [],
};

/** Red, green and blue of one pixel of a PNG, at slide points (x, y). */
function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const scale = png.width / 960;
  const i = (Math.round(y * scale) * png.width + Math.round(x * scale)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}

const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 90 && b < 90;
const isWhite = ([r, g, b]: [number, number, number]) => r > 235 && g > 235 && b > 235;
const brightness = ([r, g, b]: [number, number, number]) => (r + g + b) / 3;

describe('turned elements and radial gradients', () => {
  let rendered: RenderedDeck;
  let slideXml: string;

  beforeAll(async () => {
    const arrow = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#2f9e44' },
    })
      .png()
      .toBuffer();
    const images = new Map([[pictureUrl, await normaliseImage(arrow, 'png')]]);
    rendered = await renderDeck(deck, images);
    slideXml = strFromU8(unzipSync(new Uint8Array(rendered.pptx))['ppt/slides/slide1.xml']!);
  });

  it('turns and mirrors shapes about their centres in the web view and the PDF', async () => {
    const pages = [
      PNG.sync.read(await svgToPng(rendered.svgs[0]!, WIDTH)),
      PNG.sync.read((await pdfToPngs(rendered.pdf, WIDTH, [1]))[0]!),
    ];
    for (const [i, page] of pages.entries()) {
      const output = i === 0 ? 'SVG' : 'PDF';
      // Turned a quarter clockwise, the top-left half is the top-right half.
      expect(isRed(pixel(page, 240, 120)), `${output}: turned, top right`).toBe(true);
      expect(isRed(pixel(page, 250, 180)), `${output}: turned, right`).toBe(true);
      expect(isWhite(pixel(page, 120, 240)), `${output}: turned, bottom left`).toBe(true);
      // Mirrored left to right, it fills the top-right half and leaves the bottom left.
      expect(isRed(pixel(page, 440, 120)), `${output}: mirrored, top right`).toBe(true);
      expect(isWhite(pixel(page, 320, 240)), `${output}: mirrored, bottom left`).toBe(true);
      // A radial gradient: white at its centre, dark towards the corners.
      expect(brightness(pixel(page, 600, 200)), `${output}: centre`).toBeGreaterThan(230);
      expect(brightness(pixel(page, 505, 105)), `${output}: corner`).toBeLessThan(60);
      expect(brightness(pixel(page, 600, 105)), `${output}: edge`).toBeGreaterThan(60);
      // Text turned a quarter clockwise about its box's centre reads downwards from above it.
      const inkAbove = [250, 260].some((x) =>
        [260, 300, 340].some((y) => !isWhite(pixel(page, x, y))),
      );
      expect(inkAbove, `${output}: text on end`).toBe(true);
      expect(isWhite(pixel(page, 120, 378)), `${output}: text not level`).toBe(true);
      // The picture turned 30° about its frame's centre: past its frame, not in its corner.
      const [r, g, b] = pixel(page, 885, 400);
      expect(g > 120 && r < 90 && b < 110, `${output}: picture turned`).toBe(true);
      expect(isWhite(pixel(page, 765, 365)), `${output}: picture's level corner`).toBe(true);
    }
  });

  it('says so in the web view: a radial gradient, and the turn about the centre', () => {
    const svg = rendered.svgs[0]!;
    expect(svg).toMatch(
      /<radialGradient id="gradient\d+" gradientUnits="userSpaceOnUse" cx="600" cy="200" r="141.42">/,
    );
    expect(svg).toContain('transform="rotate(90 180 180)"');
    expect(svg).toContain('transform="rotate(90 250 380)"');
    expect(svg).toContain('rotate(30 820 400) translate(820 400) scale(-1 1) translate(-820 -400)');
  });

  it('writes turns, mirrors and gradients PowerPoint draws in the PPTX', () => {
    expect(slideXml).toContain(
      '<a:gradFill rotWithShape="1"><a:gsLst><a:gs pos="0"><a:srgbClr val="FFFFFF"></a:srgbClr></a:gs><a:gs pos="100000"><a:srgbClr val="000000"></a:srgbClr></a:gs></a:gsLst><a:path path="circle"><a:fillToRect l="50000" t="50000" r="50000" b="50000"/></a:path></a:gradFill>',
    );
    expect(slideXml).not.toContain('val="808080"');
    // The shape and the text turned a quarter (5,400,000 60,000ths of a degree), the picture
    // mirrored and turned 30°.
    expect(slideXml.match(/<a:xfrm[^>]* rot="5400000"/g)).toHaveLength(2);
    expect(slideXml).toMatch(/<a:xfrm flipH="1">/);
    expect(slideXml).toMatch(/<a:xfrm flipH="1" rot="1800000">/);
  });

  it('writes a linear gradient as one in the PPTX, its opacities kept', async () => {
    const linear: Deck = {
      ...deck,
      slides: [
        {
          ...deck.slides[0]!,
          elements: [
            {
              kind: 'rect',
              x: 0,
              y: 0,
              w: 960,
              h: 540,
              gradient: {
                kind: 'linear',
                angle: 90,
                stops: [
                  { at: 0, color: '000000', opacity: 0.5 },
                  { at: 1, color: 'FFFFFF', opacity: 1 },
                ],
              },
            },
          ],
        },
      ],
    };
    const { pptx } = await renderDeck(linear);
    const xml = strFromU8(unzipSync(new Uint8Array(pptx))['ppt/slides/slide1.xml']!);
    expect(xml).toContain(
      '<a:gs pos="0"><a:srgbClr val="000000"><a:alpha val="50000"/></a:srgbClr></a:gs>',
    );
    expect(xml).toContain('<a:lin ang="5400000" scaled="0"/>');
  });
});
