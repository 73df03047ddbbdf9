import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { buildDeck } from '../build-deck.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import { renderDeck } from '../render/render-deck.ts';
import type { fetchImage } from './fetch-image.ts';
import {
  checkPicture,
  NORMALISED_CACHE_BYTES,
  normalisedPictureBytes,
  normaliseImage,
  PREVIEW_MAX_SIDE,
  resolveImages,
} from './resolve-images.ts';

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

  it('keeps normalised pictures by their bytes, dropping the least recently used', async () => {
    // Photos near the 10 MB upload limit, each new (a PNG within size passes as it is).
    const header = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    const photo = (n: number) => {
      const bytes = Buffer.alloc(9 * 1024 * 1024, n);
      header.copy(bytes, 0, 0, 33);
      return bytes;
    };
    const first = photo(1);
    const kept = await normaliseImage(first, 'png');
    for (let n = 2; n <= 12; n += 1) {
      await normaliseImage(photo(n), 'png');
      // The first photo, used again in every deck, stays; the others come and go.
      expect(await normaliseImage(first, 'png')).toBe(kept);
      expect(normalisedPictureBytes()).toBeLessThanOrEqual(NORMALISED_CACHE_BYTES);
    }
    expect(normalisedPictureBytes()).toBeGreaterThan(NORMALISED_CACHE_BYTES / 2);
  });

  it("draws a thumbnail's pictures at a thumbnail's size and weight, and a deck's whole", async () => {
    // A photo that does not compress (noise), 2,000 px wide: 12 MB as PNG.
    const [width, height] = [2000, 1500];
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const whole = await normaliseImage(photo, 'png');
    expect(whole.data).toBe(photo);
    const preview = await normaliseImage(photo, 'png', { preview: true });
    expect(preview).toMatchObject({ mime: 'image/jpeg', width: PREVIEW_MAX_SIDE, height: 960 });
    expect(preview.data.length).toBeLessThan(photo.length / 5);

    // A picture with transparency stays PNG; a small one passes as it is.
    const logo = await sharp({
      create: { width: 1600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const smallLogo = await normaliseImage(logo, 'png', { preview: true });
    expect(smallLogo).toMatchObject({ mime: 'image/png', width: PREVIEW_MAX_SIDE, height: 320 });
    const icon = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    expect((await normaliseImage(icon, 'png', { preview: true })).data).toBe(icon);
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
    const { images, warnings, failures } = await resolveImages(deck, { fetcher });
    expect([...images.keys()]).toEqual(['https://img.example/good.png']);
    expect(warnings).toEqual(['Picture https://img.example/gone.png could not be used: HTTP 404.']);
    const rendered = await renderDeck(deck, images, warnings, failures);
    expect(rendered.warnings).toEqual(warnings);
    expect(rendered.missingPictures).toEqual([
      { url: 'https://img.example/gone.png', reason: 'HTTP 404' },
    ]);
    expect(rendered.svgs[1]).toContain('<image ');
    expect(rendered.svgs[2]).not.toContain('<image ');
    expect(rendered.svgs[2]).toContain('aria-label="Picture unavailable"');
    expect(rendered.svgs[2]).toContain('stroke-dasharray');
  });

  it('uses pictures the caller holds without fetching them', async () => {
    const held = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3c6' } })
      .jpeg()
      .toBuffer();
    const fetched: string[] = [];
    const fetcher: typeof fetchImage = async (url) => {
      fetched.push(url);
      return { ok: false, reason: 'HTTP 404' };
    };
    const uploaded = '/api/uploads/0b5f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';
    const deck = pictureDeck([uploaded, 'https://img.example/gone.png']);
    const { images, failures } = await resolveImages(deck, {
      fetcher,
      preloaded: { [uploaded]: new Uint8Array(held) },
    });
    expect(images.get(uploaded)).toMatchObject({ mime: 'image/jpeg', width: 64, height: 32 });
    expect(fetched).toEqual(['https://img.example/gone.png']);
    expect(failures).toEqual({ 'https://img.example/gone.png': 'HTTP 404' });
  });
});

describe('checkPicture', () => {
  it('answers the size of a usable picture and the reason for one that is not', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#fff0' },
    })
      .png()
      .toBuffer();
    const fetcher: typeof fetchImage = async (url) =>
      url.endsWith('ok.png')
        ? { ok: true, bytes: png, kind: 'png' }
        : url.endsWith('bad.png')
          ? { ok: true, bytes: Buffer.from('not a png at all'), kind: 'png' }
          : { ok: false, reason: 'HTTP 403' };
    expect(await checkPicture('https://img.example/ok.png', { fetcher })).toEqual({
      ok: true,
      width: 300,
      height: 200,
    });
    expect(await checkPicture('https://img.example/locked.png', { fetcher })).toEqual({
      ok: false,
      reason: 'HTTP 403',
    });
    expect(await checkPicture('https://img.example/bad.png', { fetcher })).toMatchObject({
      ok: false,
    });
  });
});
