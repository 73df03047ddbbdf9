import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { buildDeck } from '../src/build-deck.ts';
import { normaliseImage } from '../src/images/resolve-images.ts';
import { pdfToPngs, svgToPng } from './rasterize.ts';
import { library, renderWith } from './render-fixture.ts';

const WIDTH = 480;

/** A picture with real transparency: an orange disc on a clear ground, over a blue band. */
async function transparentPng(palette: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect x="0" y="150" width="600" height="100" fill="#1c7ed6" fill-opacity="0.6"/>
    <circle cx="300" cy="200" r="150" fill="#f76707"/></svg>`;
  return sharp(Buffer.from(svg)).png({ palette }).toBuffer();
}

function difference(a: Buffer, b: Buffer): number {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  const diff = pixelmatch(pa.data, pb.data, undefined, pa.width, pa.height, { threshold: 0.15 });
  return diff / (pa.width * pa.height);
}

// Photos and drawings come with an alpha channel; the library's own graphics are palette PNGs with
// transparent entries. pdfkit takes each apart differently.
describe.each([
  { kind: 'an alpha channel', palette: false },
  { kind: 'a palette with transparent entries', palette: true },
])('a picture with $kind', ({ palette }) => {
  it('looks the same in the PDF and the SVG, its clear parts showing the slide, every time', async () => {
    const url = `https://pictures.example/disc-${palette ? 'palette' : 'rgba'}.png`;
    const draft = deckDraftSchema.parse({
      basicInfo: { deckTitle: 'Pictures', clientName: 'Alpha Foods', date: '2026-05-01' },
      productSelection: { selectedProducts: [{ id: 'controller', quantity: 1 }] },
      templateCustomization: {
        selectedSlides: ['title'],
        customSlides: [
          {
            id: 'disc',
            layoutId: 'image-caption',
            placeholderContent: { title: 'Transparent picture', image: url, caption: 'A disc' },
          },
        ],
      },
    });
    const deck = buildDeck(draft, library);
    const image = await normaliseImage(await transparentPng(palette), 'png');
    const rendered = await renderWith(deck, new Map([[url, image]]));
    // A second document reuses the first one's split of colour and alpha, and looks the same.
    const again = await renderWith(deck, new Map([[url, image]]));
    const [firstPage] = await pdfToPngs(rendered.pdf, WIDTH, [2]);
    const [pdfPage] = await pdfToPngs(again.pdf, WIDTH, [2]);
    expect(difference(firstPage!, pdfPage!)).toBe(0);
    const svgPage = await svgToPng(rendered.svgs[1]!, WIDTH);
    expect(difference(pdfPage!, svgPage)).toBeLessThan(0.01);

    // The corner of the picture's frame is clear: the slide's white shows through in both.
    const corner = PNG.sync.read(pdfPage!);
    const frame = deck.slides[1]!.elements.find((e) => e.kind === 'image')!;
    if (frame.kind !== 'image') throw new Error('no picture frame');
    const scale = WIDTH / 960;
    const x = Math.round((frame.x + 4) * scale);
    const y = Math.round((frame.y + 4) * scale);
    const at = (y * corner.width + x) * 4;
    expect([...corner.data.subarray(at, at + 3)].every((v) => v > 235)).toBe(true);
  });
});
