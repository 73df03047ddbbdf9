import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TemplateElement } from '@deck-portal/domain';
import { auditLog, libraryDraft } from '../src/db/schema.ts';
import type { TestApp } from './helpers/test-app.ts';
import { firstText, useLibraryEditors, type Who } from './helpers/library-editors.ts';

// Editing a layout, the library's pictures and its pricing slides; what a publish redraws.
const { world, cookies, call, draft, openSlide, saveSlide, repSlides, repDeck } =
  useLibraryEditors();
let t: TestApp;
beforeAll(() => {
  t = world.t;
});

describe('layouts', () => {
  it('edits a layout’s fields and elements, refuses a field binding it lacks, and publishes', async () => {
    const opened = await call('editor', 'GET', '/api/library/layouts/quote');
    expect(opened.statusCode, opened.body).toBe(200);
    const { document, revision } = opened.json() as {
      document: { placeholders: object[]; elements: TemplateElement[] };
      revision: number;
    };
    const role: TemplateElement = {
      kind: 'text',
      x: 96,
      y: 440,
      w: 600,
      h: 30,
      text: '{{placeholder.role}}',
      style: { weight: 'regular', size: 14, color: 'brand.muted' },
    };
    const typo = structuredClone(document);
    typo.elements.push({ ...role, text: '{{placeholder.rol}}' });
    const refused = await call('editor', 'PUT', '/api/library/layouts/quote', {
      revision,
      document: typo,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[`document.elements.${document.elements.length}`]).toBe(
      '{{placeholder.rol}} is not a field of this layout',
    );

    document.placeholders.push({ objectId: 'role', label: 'Their role', type: 'SUBTITLE' });
    document.elements.push(role);
    const saved = await call('editor', 'PUT', '/api/library/layouts/quote', { revision, document });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await draft()).changes).toEqual(['Edited layout “Quote”']);

    const preview = await call('editor', 'GET', '/api/library/layouts/quote/thumbnail');
    expect(preview.body).toContain('Their role');
    expect(
      (await call('editor', 'POST', '/api/library/publish', { note: 'Quote names a role' }))
        .statusCode,
    ).toBe(201);
    const layouts = (await call('rep', 'GET', '/api/template-layouts')).json().layouts as {
      id: string;
      placeholders: { objectId: string }[];
    }[];
    expect(layouts.find((l) => l.id === 'quote')?.placeholders.map((p) => p.objectId)).toEqual([
      'quote',
      'attribution',
      'role',
    ]);
  });
});

describe('library pictures', () => {
  const upload = (who: Who, bytes: Buffer, type: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/library/pictures',
      headers: {
        ...(who === 'anonymous' ? {} : { cookie: cookies[who] }),
        origin: 'http://portal.test',
        'content-type': type,
      },
      payload: bytes,
    });
  const svg = (body: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80">${body}</svg>`,
    );

  it('takes PNG and a clean SVG (drawn as PNG) from editors, and refuses the rest', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#1FA9C0' },
    })
      .png()
      .toBuffer();
    expect((await upload('rep', png, 'image/png')).statusCode).toBe(403);
    const stored = await upload('editor', png, 'image/png');
    expect(stored.statusCode, stored.body).toBe(201);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'library.picture_uploaded'));
    expect(audited).toMatchObject({ newValue: stored.json().url });

    const drawing = await upload(
      'editor',
      svg(
        '<rect width="120" height="80" fill="#0B2545"/><circle cx="60" cy="40" r="20" fill="#F2A541"/>',
      ),
      'image/svg+xml',
    );
    expect(drawing.statusCode, drawing.body).toBe(201);
    expect(drawing.json()).toMatchObject({ width: 240, height: 160 });
    const served = await call('rep', 'GET', drawing.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    for (const [what, body] of [
      ['a script', '<script>alert(1)</script>'],
      ['an event handler', '<rect width="10" height="10" onclick="alert(1)"/>'],
      [
        'an external picture',
        '<image href="https://tracker.example/p.png" width="10" height="10"/>',
      ],
      ['a local file', '<image xlink:href="file:///etc/passwd" width="10" height="10"/>'],
      ['embedded HTML', '<foreignObject><div>hi</div></foreignObject>'],
    ] as const) {
      const refused = await upload('editor', svg(body), 'image/svg+xml');
      expect(refused.statusCode, what).toBe(400);
      expect(refused.json().error.message, what).toMatch(/script, an embedded page or a link/);
    }
    const text = await upload('editor', Buffer.from('not a picture at all'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(
      'This file is not a picture we can use. Upload a PNG, JPEG, WebP, GIF or SVG.',
    );
    const huge = await upload('editor', Buffer.alloc(11 * 1024 * 1024), 'image/png');
    expect(huge.statusCode).toBe(413);
  });

  it('draws a library picture in the preview and in the decks reps make', async () => {
    const png = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#F2A541' },
    })
      .png()
      .toBuffer();
    const { url } = (await upload('editor', png, 'image/png')).json() as { url: string };
    const opened = await openSlide('leadership');
    const document = structuredClone(opened.document);
    document.elements.push({
      kind: 'picture',
      x: 700,
      y: 380,
      w: 160,
      h: 120,
      src: url,
      fit: 'cover',
      alt: 'Our team',
    });
    const preview = await call('editor', 'POST', '/api/library/preview', {
      kind: 'slide',
      document,
    });
    expect(preview.json().svg).toContain('data:image/');
    const saved = await call('editor', 'PUT', '/api/library/slides/leadership', {
      revision: opened.revision,
      document,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await call('editor', 'POST', '/api/library/publish', { note: 'Team photo' })).statusCode,
    ).toBe(201);

    const { svgs, warnings } = await repDeck({
      title: 'Team',
      slides: ['leadership'],
      products: [{ id: 'controller', quantity: 1, customPricing: 199 }],
    });
    expect(svgs[0]).toMatch(/<image[^>]+href="data:image\//);
    expect(warnings).toEqual([]);
  });
});

describe('the pricing slides', () => {
  const pricedDeck = async () =>
    (
      await repDeck({
        title: 'Priced',
        slides: ['title'],
        products: [
          { id: 'controller', quantity: 11, customPricing: 199 },
          { id: 'bms', quantity: 1, customPricing: 1_800 },
        ],
        includePricing: true,
      })
    ).svgs;

  it('are library slides reps do not choose, drawn per product and once with pricing', async () => {
    const listed = await call('rep', 'GET', '/api/template-slides');
    expect(listed.json().pricingSlides).toEqual({ perProduct: 1, once: 1 });
    const ids = (await repSlides()).map((slide) => slide.id);
    expect(ids).not.toContain('pricing');
    expect(ids).not.toContain('quote-summary');

    const before = await pricedDeck();
    expect(before).toHaveLength(4);
    expect(before[1]).toContain('Controller: your investment');
    expect(before[2]).toContain('Battery Management System: your investment');
    expect(before[3]).toContain('Quote summary');

    // An editor rewords the per-product heading and publishes: every product's slide follows.
    const saved = await saveSlide('editor', 'pricing', (document) => {
      document.heading = '{{pricing.productName}} for {{client.name}}';
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('editor', 'POST', '/api/library/publish', {
      note: 'Pricing headings',
    });
    expect(published.statusCode, published.body).toBe(201);
    const after = await pricedDeck();
    expect(after[1]).toContain('Controller for Northwind');
    expect(after[2]).toContain('Battery Management System for Northwind');
    expect(after[1]).not.toContain('your investment');
  });

  it('refuses a pricing binding on a slide not drawn per product, naming the element', async () => {
    const refused = await saveSlide('editor', 'about-us', (document) => {
      const index = firstText(document);
      const element = document.elements[index] as Extract<TemplateElement, { kind: 'text' }>;
      element.text = 'From {{pricing.effective}}';
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().error)).toContain(
      'is only known on a slide drawn once per priced product',
    );
  });

  it('are added to a draft stored before they were documents', async () => {
    await t.database.db
      .delete(libraryDraft)
      .where(inArray(libraryDraft.documentId, ['pricing', 'quote-summary']));
    const slides = (await draft()).slides;
    expect(slides.slice(-2).map((slide) => [slide.id, slide.drawn])).toEqual([
      ['pricing', 'perPricedProduct'],
      ['quote-summary', 'withPricing'],
    ]);
    // The built-in wording came back in place of the published edit: discarded, it is the edit.
    expect((await call('editor', 'POST', '/api/library/discard')).statusCode).toBe(200);
    expect((await openSlide('pricing')).document.heading).toBe(
      '{{pricing.productName}} for {{client.name}}',
    );
  });
});

describe('after a publish', () => {
  it("draws a rep's thumbnail again after a publish, at its new address and its old one", async () => {
    const thumbnailOf = async () =>
      (await call('rep', 'GET', '/api/template-slides'))
        .json()
        .slides.find((slide: { id: string }) => slide.id === 'about-us').thumbnail as string;
    const before = await thumbnailOf();
    expect((await call('rep', 'GET', before)).body).not.toContain('Partners since 1998');
    const saved = await saveSlide('editor', 'about-us', (document) => {
      const element = document.elements[firstText(document)]!;
      if (element.kind === 'text') element.text = 'Partners since 1998';
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('editor', 'POST', '/api/library/publish', { note: 'Reworded' });
    expect(published.statusCode, published.body).toBe(201);

    const after = await thumbnailOf();
    expect(after).not.toBe(before);
    for (const address of [after, before]) {
      const drawn = await call('rep', 'GET', address);
      expect(drawn.statusCode).toBe(200);
      expect(drawn.body).toContain('Partners since 1998');
    }
  });
});
