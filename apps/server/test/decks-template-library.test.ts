import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LayoutInfo } from '@deck-portal/domain';
import { newAccount, signUp } from './helpers/accounts.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useDecksWorld } from './helpers/decks-world.ts';

// The template library as reps choose from it: its slides, layouts and their pictures.
const world = useDecksWorld();
const { cookies } = world;
let t: TestApp;
let layouts: LayoutInfo[];
beforeAll(() => {
  ({ t, layouts } = world);
});

describe('template library', () => {
  it('lists slides with thumbnails and categories, and layouts with placeholders', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/template-slides',
      headers: { cookie: cookies.rep },
    });
    const body = res.json();
    expect(body.slides.length).toBeGreaterThanOrEqual(20);
    expect(body.categories.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([
        'intro',
        'legal',
        'company',
        'market',
        'products',
        'strategy',
        'sales',
        'closing',
        'appendix',
      ]),
    );
    expect(layouts.length).toBeGreaterThanOrEqual(6);
    // Each layout has a preview: its field names as text and a sample in its picture fields.
    const withPicture = layouts.find((l) => l.placeholders.some((p) => p.type === 'PICTURE'))!;
    expect(withPicture.thumbnail).toBe(`/api/template-layouts/${withPicture.id}/thumbnail?v=1`);
    const preview = await t.app.inject({
      method: 'GET',
      url: withPicture.thumbnail!,
      headers: { cookie: cookies.rep },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(preview.body).toContain('<image ');
    expect(preview.body).not.toContain('Picture unavailable');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/template-layouts/nope/thumbnail',
      headers: { cookie: cookies.rep },
    });
    expect(unknown.statusCode).toBe(404);
    expect(layouts[0]!.placeholders[0]).toEqual({
      objectId: expect.any(String),
      label: expect.any(String),
      type: expect.any(String),
    });

    const thumb = await t.app.inject({
      method: 'GET',
      url: body.slides[0].thumbnail,
      headers: { cookie: cookies.rep },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(thumb.body).toContain('<svg');
    const again = await t.app.inject({
      method: 'GET',
      url: body.slides[0].thumbnail,
      headers: { cookie: cookies.rep, 'if-none-match': String(thumb.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('compresses JSON and slide pictures for browsers that accept it', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/template-slides',
      headers: { cookie: cookies.rep, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/template-slides',
      headers: { cookie: cookies.rep },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString())).toEqual(plain.json());

    const thumb = await t.app.inject({
      method: 'GET',
      url: plain.json().slides[0].thumbnail,
      headers: { cookie: cookies.rep, 'accept-encoding': 'gzip' },
    });
    expect(thumb.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(thumb.rawPayload).toString()).toContain('<svg');
  });

  it('is for approved users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/template-slides' })).statusCode).toBe(
      401,
    );
    const { cookie } = await signUp(t.app, newAccount());
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/template-layouts', headers: { cookie } }))
        .statusCode,
    ).toBe(403);
  });
});
