import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  libraryMessages,
  type TemplateElement,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { auditLog, libraryVersions } from '../src/db/schema.ts';
import { newAccount, signUp } from './helpers/accounts.ts';
import type { TestApp } from './helpers/test-app.ts';
import { firstText, useLibraryEditors, type Who } from './helpers/library-editors.ts';

// Who may edit the library, its draft, and publishing it: versions, restores, the audit log.
// Layouts, pictures and the pricing slides: library-editing-slides.test.ts; the brand, the logo
// and the categories: library-editing-brand.test.ts.
const { world, call, draft, openSlide, saveSlide, repSlides } = useLibraryEditors();
let t: TestApp;
beforeAll(() => {
  t = world.t;
});

describe('who may edit the library', () => {
  it('lets content editors and admins in, and no one else', async () => {
    const expected: Record<Who, number> = {
      anonymous: 401,
      rep: 403,
      otherRep: 403,
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
