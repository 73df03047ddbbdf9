import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { buildDeck } from '../build-deck.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import { renderDeck } from '../render/render-deck.ts';
import type { fetchImage } from './fetch-image.ts';
import { normaliseImage, resolveImages } from './resolve-images.ts';

const library = createTemplateLibrary();

function pictureDeck(urls: string[]) {
  return buildDeck(
    deckDraftSchema.parse({
      basicInfo: { deckTitle: 'Pictures', clientName: 'Acme', date: '2026-02-01' },
      productSelection: { selectedProducts: [{ id: 'bms', quantity: 1, customPricing: 200 }] },
      templateCustomization: {
        selectedSlides: ['title'],
        customSlides: urls.map((url, i) => ({
          id: `p${i}`,
          layoutId: 'image-caption',
          placeholderContent: { title: `Picture ${i}`, image: url },
        })),
      },
    }),
    library,
  );
}

describe('resolveImages', () => {
  it('converts WebP to PNG and keeps the size', async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#36c' } })
      .webp()
      .toBuffer();
    const image = await normaliseImage(webp, 'webp');
    expect(image.mime).toBe('image/png');
    expect([image.width, image.height]).toEqual([30, 20]);
  });

  it('refuses SVG pictures with external references', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>',
    );
    await expect(normaliseImage(svg, 'svg')).rejects.toThrow(/external references/);
  });

  it('leaves a marked empty frame and a warning for a picture that fails, never an error', async () => {
    const good = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const fetcher: typeof fetchImage = async (url) =>
      url.includes('good')
        ? { ok: true, bytes: good, kind: 'png' }
        : { ok: false, reason: 'HTTP 404' };
    const deck = pictureDeck(['https://img.example/good.png', 'https://img.example/gone.png']);
    const { images, warnings } = await resolveImages(deck, { fetcher });
    expect([...images.keys()]).toEqual(['https://img.example/good.png']);
    expect(warnings).toEqual(['Picture https://img.example/gone.png could not be used: HTTP 404.']);
    const rendered = await renderDeck(deck, images, warnings);
    expect(rendered.warnings).toEqual(warnings);
    expect(rendered.svgs[1]).toContain('<image ');
    expect(rendered.svgs[2]).not.toContain('<image ');
    expect(rendered.svgs[2]).toContain('aria-label="Picture unavailable"');
    expect(rendered.svgs[2]).toContain('stroke-dasharray');
  });
});
