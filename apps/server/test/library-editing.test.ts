import { eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  libraryMessages,
  type LibraryDraftResponse,
  type TemplateElement,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { auditLog, libraryDraft, libraryVersions } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, createAdmin, newAccount, requestAs, signUp } from './helpers/accounts.ts';

// Content editors and admins change the library's draft and publish it; reps build from the
// published version only.
let t: TestApp;
const cookies: Record<'admin' | 'editor' | 'rep' | 'manager', string> = {
  admin: '',
  editor: '',
  rep: '',
  manager: '',
};

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
  cookies.manager = await approvedCookie(t.app, 'Mona Manager', 'manager');
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

type Who = keyof typeof cookies | 'anonymous';

function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return requestAs(t.app, who === 'anonymous' ? undefined : cookies[who], method, url, payload);
}

async function draft(): Promise<LibraryDraftResponse> {
  const response = await call('editor', 'GET', '/api/library');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function openSlide(id: string) {
  const response = await call('editor', 'GET', `/api/library/slides/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { document: TemplateSlideDocument; revision: number };
}

async function saveSlide(
  who: Who,
  id: string,
  change: (document: TemplateSlideDocument) => void,
  revision?: number,
) {
  const opened = await openSlide(id);
  const document = structuredClone(opened.document);
  change(document);
  return call(who, 'PUT', `/api/library/slides/${id}`, {
    revision: revision ?? opened.revision,
    document,
  });
}

async function repSlides() {
  const response = await call('rep', 'GET', '/api/template-slides');
  expect(response.statusCode).toBe(200);
  return response.json().slides as { id: string; title: string; index: number }[];
}

const firstText = (document: TemplateSlideDocument) =>
  document.elements.findIndex((element) => element.kind === 'text');

describe('who may edit the library', () => {
  it('lets content editors and admins in, and no one else', async () => {
    const expected: Record<Who, number> = {
      anonymous: 401,
      rep: 403,
      manager: 403,
      editor: 200,
      admin: 200,
    };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      expect((await call(who, 'GET', '/api/library')).statusCode, who).toBe(status);
      expect((await call(who, 'GET', '/api/library/versions')).statusCode, who).toBe(status);
      const publish = await call(who, 'POST', '/api/library/publish', { note: 'Sneaky' });
      // Allowed callers reach the use case: the draft has nothing to publish yet.
      expect(publish.statusCode, who).toBe(status === 200 ? 409 : status);
    }
    const rep = await saveSlide('rep', 'about-us', (document) => {
      document.title = 'Rep was here';
    });
    expect(rep.statusCode).toBe(403);
    expect((await openSlide('about-us')).document.title).not.toBe('Rep was here');
  });

  it('offers the content editor role to administrators', async () => {
    const account = newAccount('Pending Editor');
    const { user } = await signUp(t.app, account);
    const approved = await call('admin', 'POST', `/api/admin/users/${user.id}/approve`, {
      role: 'content_editor',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().user.role).toBe('content_editor');
  });
});

describe('the draft', () => {
  it('starts as the published built-in library, with nothing to publish', async () => {
    const library = await draft();
    expect(library.publishedVersion).toBe(1);
    expect(library.changes).toEqual([]);
    // The 24 slides reps choose from, then the pricing slide and the quote summary.
    expect(library.slides).toHaveLength(26);
    expect(library.slides[0]).toMatchObject({ id: 'title', category: 'intro', revision: 1 });
    expect(library.slides.slice(24)).toMatchObject([
      { id: 'pricing', drawn: 'perPricedProduct' },
      { id: 'quote-summary', drawn: 'withPricing' },
    ]);
    expect(library.layouts).toHaveLength(9);
    const thumbnail = await call('editor', 'GET', library.slides[3]!.thumbnail);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(thumbnail.body).toContain('<svg');
  });

  it('saves a slide against the revision it was opened at, and refuses a stale one', async () => {
    const opened = await openSlide('about-us');
    const first = await saveSlide('editor', 'about-us', (document) => {
      document.heading = 'Who we are, for {{client.name}}';
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().revision).toBe(opened.revision + 1);

    // A second editor who opened the same revision saves after the first: refused, not merged.
    const second = await saveSlide(
      'admin',
      'about-us',
      (document) => {
        document.heading = 'Someone else’s heading';
      },
      opened.revision,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(libraryMessages.conflict);
    expect((await openSlide('about-us')).document.heading).toBe('Who we are, for {{client.name}}');

    const library = await draft();
    expect(library.changes).toEqual(['Edited slide “About Frostline”']);
    expect(library.slides.find((slide) => slide.id === 'about-us')?.updatedBy?.name).toBe(
      'Cora Content',
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'library.slide_saved'));
    expect(audit).toHaveLength(1);
  });

  it('refuses what is wrong, naming the field, and changes nothing', async () => {
    const before = await openSlide('confidentiality');
    const text = firstText(before.document);
    const refusals: [string, (document: TemplateSlideDocument) => void, string, RegExp][] = [
      [
        'a binding that does not exist',
        (document) => {
          (document.elements[text] as Extract<TemplateElement, { kind: 'text' }>).text =
            'Hello {{client.nmae}}';
        },
        `document.elements.${text}.text`,
        /client\.nmae/,
      ],
      [
        'a part the library lacks',
        (document) => {
          document.elements.push({ kind: 'part', part: 'no-such-part' });
        },
        `document.elements.${before.document.elements.length}.part`,
        /no part "no-such-part"/,
      ],
      [
        'an unknown category',
        (document) => {
          document.category = 'gossip';
        },
        'document.category',
        /categories/,
      ],
      [
        'text that cannot fit even at its smallest size',
        (document) => {
          const element = document.elements[text] as Extract<TemplateElement, { kind: 'text' }>;
          element.text = 'Far too many words for a small box. '.repeat(80);
          element.style = { ...element.style, minSize: element.style.size };
        },
        'document.elements',
        /does not fit its box/,
      ],
      [
        'a new id',
        (document) => {
          document.id = 'renamed';
        },
        'document.id',
        /stays “confidentiality”/,
      ],
    ];
    for (const [what, change, field, message] of refusals) {
      const response = await saveSlide('editor', 'confidentiality', change);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.fields?.[field], `${what}: ${response.body}`).toMatch(message);
    }
    expect(await openSlide('confidentiality')).toEqual(before);
  });

  it('previews a document as the engine draws it, and says which text is cut', async () => {
    const { document } = await openSlide('thank-you');
    document.heading = 'Merci, {{client.name}}';
    const text = firstText(document);
    const element = document.elements[text] as Extract<TemplateElement, { kind: 'text' }>;
    element.text = 'Preview me';
    const preview = await call('editor', 'POST', '/api/library/preview', {
      kind: 'slide',
      document,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().svg).toContain('Preview me');
    expect(preview.json().overflowing).toEqual([]);

    element.text = 'Too long for the box. '.repeat(200);
    element.style = { ...element.style, minSize: element.style.size };
    const cut = await call('editor', 'POST', '/api/library/preview', { kind: 'slide', document });
    expect(cut.statusCode).toBe(200);
    expect(cut.json().overflowing).toEqual(['Too long for the box. Too …']);
  });
});

describe('publishing', () => {
  it('reps keep the published version until the draft is published', async () => {
    expect((await repSlides()).find((slide) => slide.id === 'about-us')?.title).toBe(
      'About Frostline',
    );
    const renamed = await saveSlide('editor', 'about-us', (document) => {
      document.title = 'About us';
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await repSlides()).find((slide) => slide.id === 'about-us')?.title).toBe(
      'About Frostline',
    );

    const empty = await call('editor', 'POST', '/api/library/publish', { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.note).toBe('Say in a few words what changed.');

    const published = await call('editor', 'POST', '/api/library/publish', {
      note: 'Warmer about-us slide',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toEqual({ number: 2, changes: ['Edited slide “About us”'] });
    expect((await repSlides()).find((slide) => slide.id === 'about-us')?.title).toBe('About us');

    const again = await call('editor', 'POST', '/api/library/publish', { note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(libraryMessages.nothingToPublish);

    const versions = (await call('admin', 'GET', '/api/library/versions')).json().versions;
    expect(versions[0]).toMatchObject({
      number: 2,
      note: 'Warmer about-us slide',
      changes: ['Edited slide “About us”'],
      createdBy: { name: 'Cora Content' },
      restoredFrom: null,
    });
    expect(versions[1]).toMatchObject({ number: 1, note: 'The built-in library' });
    expect((await draft()).changes).toEqual([]);
  });

  it('adds, duplicates, retires and reorders slides, and reps see it once published', async () => {
    const copy = await call('editor', 'POST', '/api/library/slides', {
      title: 'Case study: hospital network',
      category: 'sales',
      duplicateOf: 'case-study',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().document).toMatchObject({
      id: 'case-study-hospital-network',
      title: 'Case study: hospital network',
      inDefaultSelection: false,
    });
    const blank = await call('editor', 'POST', '/api/library/slides', {
      title: 'Case study: hospital network',
      category: 'closing',
    });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().document.id).toBe('case-study-hospital-network-2');
    // A new slide starts clean: its title bar brings the footer once (it was drawn twice).
    const preflight = await call('editor', 'GET', '/api/library/preflight');
    expect(
      (preflight.json().findings as { slideId: string }[]).filter(
        (finding) => finding.slideId === 'case-study-hospital-network-2',
      ),
    ).toEqual([]);
    const unknown = await call('editor', 'POST', '/api/library/slides', {
      title: 'Lost',
      category: 'closing',
      duplicateOf: 'nope',
    });
    expect(unknown.statusCode).toBe(404);

    let ids = (await draft()).slides.map((slide) => slide.id);
    expect(ids[ids.indexOf('case-study') + 1]).toBe('case-study-hospital-network');
    expect(ids.at(-1)).toBe('case-study-hospital-network-2');

    const retired = await saveSlide('editor', 'market-trends', (document) => {
      document.retired = true;
    });
    expect(retired.statusCode, retired.body).toBe(200);

    // The new empty slide first, and the agenda before the title.
    const order = [ids.at(-1)!, ids[1]!, ids[0]!, ...ids.slice(2, -1)];
    const bad = await call('editor', 'PUT', '/api/library/slide-order', { slideIds: ids.slice(1) });
    expect(bad.statusCode).toBe(400);
    const reordered = await call('editor', 'PUT', '/api/library/slide-order', { slideIds: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    ids = (await draft()).slides.map((slide) => slide.id);
    expect(ids).toEqual(order);

    expect((await draft()).changes).toEqual([
      'Added slide “Case study: hospital network”',
      'Retired slide “Market trends 2026”',
      'Added slide “Case study: hospital network”',
      'Reordered the slides',
    ]);
    const published = await call('admin', 'POST', '/api/library/publish', {
      note: 'Hospital case study',
    });
    expect(published.statusCode, published.body).toBe(201);

    const slides = await repSlides();
    expect(slides[0]).toMatchObject({ id: 'case-study-hospital-network-2', index: 0 });
    expect(slides.map((slide) => slide.id)).not.toContain('market-trends');
    expect(slides.map((slide) => slide.id)).toContain('case-study-hospital-network');
  });

  it('restores an older version as a new one, and the draft follows it', async () => {
    // An unpublished change is replaced by the restore.
    await saveSlide('editor', 'title', (document) => {
      document.title = 'Unpublished title';
    });
    const restored = await call('editor', 'POST', '/api/library/versions/1/restore');
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().number).toBe(4);
    const slides = await repSlides();
    expect(slides).toHaveLength(24);
    expect(slides.find((slide) => slide.id === 'about-us')?.title).toBe('About Frostline');
    const library = await draft();
    expect(library.publishedVersion).toBe(4);
    expect(library.changes).toEqual([]);
    expect(library.slides.find((slide) => slide.id === 'title')?.title).toBe('Title');

    const versions = (await call('editor', 'GET', '/api/library/versions')).json().versions;
    expect(versions[0]).toMatchObject({ number: 4, restoredFrom: 1, note: 'Restored version 1' });
    expect((await call('editor', 'POST', '/api/library/versions/4/restore')).statusCode).toBe(409);
    expect((await call('editor', 'POST', '/api/library/versions/99/restore')).statusCode).toBe(404);
  });

  it('discards the draft’s changes', async () => {
    await saveSlide('editor', 'agenda', (document) => {
      document.title = 'Plan';
    });
    expect((await draft()).changes).toEqual(['Edited slide “Plan”']);
    expect((await call('editor', 'POST', '/api/library/discard')).statusCode).toBe(200);
    expect((await draft()).changes).toEqual([]);
    expect((await openSlide('agenda')).document.title).toBe('Agenda');
  });

  it('keeps every change in the audit log', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, 'library.%'));
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'library.slide_saved',
      'library.slide_created',
      'library.slides_reordered',
      'library.published',
      'library.version_restored',
      'library.draft_discarded',
    ]) {
      expect(actions, action).toContain(action);
    }
    const stored = await t.database.db.select().from(libraryVersions);
    expect(stored.map((row) => row.number).sort()).toEqual([1, 2, 3, 4]);
  });
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

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/generate-slides',
      headers: { cookie: cookies.rep, origin: 'http://portal.test', prefer: 'wait=60' },
      payload: {
        basicInfo: { deckTitle: 'Team', clientName: 'Northwind', date: '2031-06-15' },
        productSelection: {
          selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
          includePricing: false,
        },
        templateCustomization: { selectedSlides: ['leadership'] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const deckId = made.json().presentationId as string;
    const slides = (await call('rep', 'GET', `/api/decks/${deckId}/slides`)).json().slides as {
      url: string;
    }[];
    const slideSvg = (await call('rep', 'GET', slides[0]!.url)).body;
    expect(slideSvg).toMatch(/<image[^>]+href="data:image\//);
    expect(made.json().warnings ?? []).toEqual([]);
  });
});

describe('the pricing slides', () => {
  const pricedDeck = async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/generate-slides',
      headers: { cookie: cookies.rep, origin: 'http://portal.test', prefer: 'wait=60' },
      payload: {
        basicInfo: { deckTitle: 'Priced', clientName: 'Northwind', date: '2031-06-15' },
        productSelection: {
          selectedProducts: [
            { id: 'controller', quantity: 11, customPricing: 199 },
            { id: 'bms', quantity: 1, customPricing: 1_800 },
          ],
          includePricing: true,
        },
        templateCustomization: { selectedSlides: ['title'] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const deckId = made.json().presentationId as string;
    const slides = (await call('rep', 'GET', `/api/decks/${deckId}/slides`)).json().slides as {
      url: string;
    }[];
    // Each slide's SVG, as the web view shows it.
    return Promise.all(slides.map(async (slide) => (await call('rep', 'GET', slide.url)).body));
  };

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
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/generate-slides',
        headers: { cookie: cookies.rep, origin: 'http://portal.test', prefer: 'wait=60' },
        payload: {
          basicInfo: { deckTitle: 'Brand', clientName: 'Northwind', date: '2031-06-15' },
          productSelection: {
            selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
            includePricing: false,
          },
          templateCustomization: { selectedSlides: ['title'] },
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().presentationId as string;
      const slides = (await call('rep', 'GET', `/api/decks/${id}/slides`)).json().slides as {
        url: string;
      }[];
      return (await call('rep', 'GET', slides[0]!.url)).body.toUpperCase();
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
