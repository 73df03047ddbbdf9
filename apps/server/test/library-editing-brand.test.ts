import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from './helpers/test-app.ts';
import { useLibraryEditors } from './helpers/library-editors.ts';

// Editing the library's brand, its logo and its categories.
const { world, cookies, call, draft, saveSlide, repDeck } = useLibraryEditors();
let t: TestApp;
beforeAll(() => {
  t = world.t;
});

describe('the brand', () => {
  it('edits the brand in the draft, previews it on three slides, and publishes it', async () => {
    const opened = await call('editor', 'GET', '/api/library/brand');
    expect(opened.statusCode, opened.body).toBe(200);
    const { brand, revision } = opened.json() as {
      brand: { name: string; colors: Record<string, string> };
      revision: number;
    };
    expect(brand.name).toBe('Frostline');
    // A purple dark enough for the cover's grey tagline to read on it (preflight checks).
    const next = { ...brand, name: 'Polaris', colors: { ...brand.colors, primary: '3B1A66' } };

    const preview = await call('editor', 'POST', '/api/library/brand/preview', { brand: next });
    expect(preview.statusCode, preview.body).toBe(200);
    const samples = preview.json().slides as { id: string; svg: string }[];
    expect(samples.map((slide) => slide.id)).toEqual(['title', 'by-the-numbers', 'about-us']);
    expect(samples[0]!.svg.toUpperCase()).toContain('#3B1A66');

    const bad = await call('editor', 'PUT', '/api/library/brand', {
      revision,
      brand: { ...next, colors: { ...next.colors, accent: 'teal' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['brand.colors.accent']).toBe('must be a colour as RRGGBB');

    const thumbnailBefore = (await draft()).slides[0]!.thumbnail;
    const saved = await call('editor', 'PUT', '/api/library/brand', { revision, brand: next });
    expect(saved.statusCode, saved.body).toBe(200);
    // Every slide looks different with another brand: the thumbnails' addresses change with it.
    const thumbnailAfter = (await draft()).slides[0]!.thumbnail;
    expect(thumbnailAfter).not.toBe(thumbnailBefore);
    expect((await call('editor', 'GET', thumbnailAfter)).body.toUpperCase()).toContain('#3B1A66');
    const stale = await call('admin', 'PUT', '/api/library/brand', { revision, brand });
    expect(stale.statusCode).toBe(409);
    expect((await draft()).changes).toEqual(['Changed the brand']);

    // Reps keep the published brand until it is published.
    const title = async () => {
      const { svgs } = await repDeck({
        title: 'Brand',
        slides: ['title'],
        products: [{ id: 'controller', quantity: 1, customPricing: 199 }],
      });
      return svgs[0]!.toUpperCase();
    };
    expect(await title()).not.toContain('#3B1A66');
    expect(
      (await call('editor', 'POST', '/api/library/publish', { note: 'New brand' })).statusCode,
    ).toBe(201);
    const after = await title();
    expect(after).toContain('#3B1A66');
    expect(after).toContain('POLARIS');
  });
});

describe('the logo', () => {
  it('draws an uploaded logo where the brand mark stood, and takes only library pictures', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: '#E0553A' },
    })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/library/pictures',
      headers: {
        cookie: cookies.editor,
        origin: 'http://portal.test',
        'content-type': 'image/png',
      },
      payload: png,
    });
    const logo = uploaded.json().url as string;
    const { brand, revision } = (await call('editor', 'GET', '/api/library/brand')).json() as {
      brand: object;
      revision: number;
    };
    const wrong = await call('editor', 'PUT', '/api/library/brand', {
      revision,
      brand: { ...brand, logo: 'https://example.com/logo.png' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields['brand.logo']).toBe(
      'must be a picture uploaded to the library',
    );

    const preview = await call('editor', 'POST', '/api/library/brand/preview', {
      brand: { ...brand, logo },
    });
    const title = (preview.json().slides as { svg: string }[])[0]!.svg;
    expect(title).toMatch(/<image[^>]+href="data:image\//);
    expect(title).toContain('logo');
  });
});

describe('categories', () => {
  it('renames, recolours and adds categories; refuses removing one that holds slides', async () => {
    const opened = await call('editor', 'GET', '/api/library/categories');
    expect(opened.statusCode, opened.body).toBe(200);
    const { categories, revision } = opened.json() as {
      categories: { id: string; name: string; color: string }[];
      revision: number;
    };
    expect(categories.map((category) => category.id)).toContain('market');

    const withoutMarket = categories.filter((category) => category.id !== 'market');
    const refused = await call('editor', 'PUT', '/api/library/categories', {
      revision,
      categories: withoutMarket,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.categories).toMatch(/move its slides to another category/);

    const next = [
      ...categories.map((category) =>
        category.id === 'market' ? { ...category, name: 'Our market', color: '#AA3377' } : category,
      ),
      { id: 'partners', name: 'Partners', color: '#118844' },
    ];
    const saved = await call('editor', 'PUT', '/api/library/categories', {
      revision,
      categories: next,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await draft()).changes).toEqual(['Changed the categories']);

    // A slide may move into the new category; its kicker shows the new name in the new colour.
    const moved = await saveSlide('editor', 'market-challenge', (document) => {
      document.category = 'partners';
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const thumbnail = await call('editor', 'GET', '/api/library/slides/market-challenge/thumbnail');
    expect(thumbnail.body).toContain('PARTNERS');
    expect(thumbnail.body.toUpperCase()).toContain('#118844');

    expect(
      (await call('editor', 'POST', '/api/library/publish', { note: 'Partners' })).statusCode,
    ).toBe(201);
    const published = (await call('rep', 'GET', '/api/template-slides')).json() as {
      categories: { id: string; name: string }[];
      slides: { id: string; category: string }[];
    };
    expect(published.categories.find((category) => category.id === 'market')?.name).toBe(
      'Our market',
    );
    expect(published.slides.find((slide) => slide.id === 'market-challenge')?.category).toBe(
      'partners',
    );
  });
});
