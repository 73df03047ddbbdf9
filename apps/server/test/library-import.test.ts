import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFont,
  createTemplateLibrary,
  DEFAULT_BRAND,
  generateDeck,
} from '@deck-portal/deck-engine';
import { libraryImportMessages, type LibraryImportResponse } from '@deck-portal/domain';
import { libraryDraft, libraryImports } from '../src/db/schema.ts';
import type { Job } from '../src/jobs/define-job.ts';
import { sweepExpiredJob } from '../src/server-jobs.ts';
import { orphanGraceMs, sweepOrphanFiles } from '../src/storage/sweep-orphan-files.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, requestAs } from './helpers/accounts.ts';
import { importFixtureChoice, importFixtureDraft } from './helpers/import-fixture.ts';
import { hasOffice } from '../../../packages/deck-engine/test/office.ts';

// Issue 17: a content editor uploads the company's PowerPoint, the file is read by a job, each
// slide comes back as a candidate, and the chosen slides go into the library draft.

let t: TestApp;
const cookies: Record<'editor' | 'rep', string> = { editor: '', rep: '' };
/** A real PowerPoint file: a deck our engine wrote, whose title slide reads `{{Client Name}}`. */
let pptx: Buffer;

beforeAll(async () => {
  t = await createTestApp(hasOffice ? { env: { OFFICE_RENDERER: 'soffice' } } : {});
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
  pptx = (await generateDeck(importFixtureDraft)).pptx;
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const upload = (who: keyof typeof cookies, bytes: Buffer, name = 'Company deck.pptx') =>
  t.app.inject({
    method: 'POST',
    url: '/api/library/imports',
    headers: {
      cookie: cookies[who],
      origin: 'http://portal.test',
      'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'x-file-name': encodeURIComponent(name),
    },
    payload: bytes,
  });

/** The import once its job has read the file (the test app runs jobs in process). */
async function settled(id: string): Promise<LibraryImportResponse> {
  for (let i = 0; i < 300; i += 1) {
    const answer = await requestAs(t.app, cookies.editor, 'GET', `/api/library/imports/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<LibraryImportResponse>();
    if (body.state !== 'reading') return body;
    t.app.jobs?.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import never finished');
}

// Each import this machine reads with LibreOffice draws every original slide through the office
// suite (5–10 s on a busy machine): a test importing three files needs more than the usual 30 s.
const importTimeout = hasOffice ? 120_000 : 30_000;

describe('importing a PowerPoint file into the library', { timeout: importTimeout }, () => {
  it('refuses what is not a PowerPoint file, and anyone but editors', async () => {
    expect((await upload('rep', pptx)).statusCode).toBe(403);
    const notPptx = await upload('editor', Buffer.from('%PDF-1.7 not a presentation'));
    expect(notPptx.statusCode).toBe(415);
    expect(notPptx.json().error.message).toBe(
      'This file is not a PowerPoint presentation (.pptx).',
    );
    const old = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const refused = await upload('editor', old);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/password-protected or a PowerPoint 97–2003 file/);
    const tooBig = await upload('editor', Buffer.alloc(101 * 1024 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('PowerPoint files can be at most 100 MB.');
    expect(await t.database.db.select().from(libraryImports)).toHaveLength(0);
  });

  it('reads a damaged file in the background and says why it cannot be imported', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 7)]);
    const started = await upload('editor', damaged, 'broken.pptx');
    expect(started.statusCode, started.body).toBe(202);
    const done = await settled(started.json().id);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/^This file .+\.$/);
    expect(done.candidates).toEqual([]);

    // A zip that holds no presentation, and one whose entry names leave the package.
    const zip = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    const notSlides = await settled((await upload('editor', Buffer.from(zip))).json().id);
    expect(notSlides.error).toBe('This file is not a PowerPoint presentation.');
  });

  it('offers each slide with its thumbnail, what did not import and its fields; imports the chosen ones into the draft', async () => {
    const started = await upload('editor', pptx);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ state: 'reading', fileName: 'Company deck.pptx' });
    const ready = await settled(started.json().id);
    expect(ready.state, ready.error ?? '').toBe('ready');
    expect(ready.slideSize).toEqual({ width: 960, height: 540 });
    expect(ready.candidates.map((c) => c.number)).toEqual([1, 2, 3]);
    const [cover] = ready.candidates;
    expect(cover!.fields).toContainEqual({
      text: '{{Client Name}}',
      label: 'Client Name',
      suggestion: 'client.name',
    });
    expect(cover!.fonts).toContainEqual({ from: 'Inter', to: 'Inter' });
    expect(cover!.imported.text).toBeGreaterThan(0);

    const thumbnail = await requestAs(t.app, cookies.editor, 'GET', cover!.thumbnail);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(thumbnail.body).toMatch(/^<svg/);
    // Beside it, the original as the office renderer drew it, when the server has one.
    if (hasOffice) {
      expect(cover!.original).toBe(`/api/library/imports/${ready.id}/slides/1/original`);
      const original = await requestAs(t.app, cookies.editor, 'GET', cover!.original!);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(original.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    } else {
      expect(cover!.original).toBeNull();
    }
    expect(
      (await requestAs(t.app, cookies.rep, 'GET', `/api/library/imports/${ready.id}`)).statusCode,
    ).toBe(403);
    // Another editor's upload is theirs until it is in the library.
    const colleague = await approvedCookie(t.app, 'Cal Colleague', 'content_editor');
    for (const url of [`/api/library/imports/${ready.id}`, cover!.thumbnail]) {
      expect((await requestAs(t.app, colleague, 'GET', url)).statusCode).toBe(404);
    }

    // Bad choices change nothing.
    const path = `/api/library/imports/${ready.id}/slides`;
    // The draft starts as the newest published version when first opened.
    await requestAs(t.app, cookies.editor, 'GET', '/api/library');
    const before = await t.database.db.select().from(libraryDraft);
    for (const [body, message] of [
      [{ slides: [] }, 'Choose at least one slide to import.'],
      [{ slides: [{ number: 9, title: 'Nine', category: 'intro' }] }, 'This file has no slide 9.'],
      [{ slides: [{ number: 1, title: 'One', category: 'nowhere' }] }, undefined],
    ] as const) {
      const refused = await requestAs(t.app, cookies.editor, 'POST', path, body);
      expect(refused.statusCode, refused.body).toBe(400);
      if (message) expect(JSON.stringify(refused.json())).toContain(message);
    }
    expect(await t.database.db.select().from(libraryDraft)).toHaveLength(before.length);

    const imported = await requestAs(t.app, cookies.editor, 'POST', path, importFixtureChoice);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: ['our-cover', 'who-we-are'], replaced: [] });

    const [coverRow] = await t.database.db
      .select()
      .from(libraryDraft)
      .where(eq(libraryDraft.documentId, 'our-cover'));
    const texts = JSON.stringify(coverRow!.document);
    expect(texts).toContain('{{client.name}}');
    expect(texts).not.toContain('Client Name');
    const library = await requestAs(t.app, cookies.editor, 'GET', '/api/library');
    const slides = library.json().slides as { id: string; title: string; category: string }[];
    expect(slides.slice(-2)).toMatchObject([
      { id: 'our-cover', title: 'Our cover', category: 'intro' },
      { id: 'who-we-are', title: 'Who we are', category: 'company' },
    ]);
    // The imported slide draws as a library slide: its thumbnail renders.
    const drawn = await requestAs(
      t.app,
      cookies.editor,
      'GET',
      '/api/library/slides/our-cover/thumbnail',
    );
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain('Your Client');
  });

  it('replaces the slides imported from a presentation when a newer copy of it is imported', async () => {
    /**
     * A copy of the fixture saved as another presentation (first made at `created`), its first
     * slide's words changed to `heading`, its slides shown in reverse order when `isReversed`.
     */
    const copyOf = (created: string, heading: string, isReversed = false) => {
      const parts = unzipSync(new Uint8Array(pptx));
      const text = (path: string) => strFromU8(parts[path]!);
      parts['docProps/core.xml'] = strToU8(
        text('docProps/core.xml').replace(
          /(<dcterms:created[^>]*>)[^<]*/,
          (_, open: string) => `${open}${created}`,
        ),
      );
      parts['ppt/slides/slide1.xml'] = strToU8(
        text('ppt/slides/slide1.xml').replace('Prepared for', heading),
      );
      if (isReversed) {
        parts['ppt/presentation.xml'] = strToU8(
          text('ppt/presentation.xml').replace(
            /<p:sldIdLst>(.*?)<\/p:sldIdLst>/,
            (_, list: string) =>
              `<p:sldIdLst>${(list.match(/<p:sldId [^>]*\/>/g) ?? []).reverse().join('')}</p:sldIdLst>`,
          ),
        );
      }
      return Buffer.from(zipSync(parts));
    };
    const importOf = async (bytes: Buffer, name: string) => {
      const ready = await settled((await upload('editor', bytes, name)).json().id);
      expect(ready.state, ready.error ?? '').toBe('ready');
      return ready;
    };
    const slideRow = async (id: string) =>
      (
        await t.database.db
          .select()
          .from(libraryDraft)
          .where(and(eq(libraryDraft.kind, 'slide'), eq(libraryDraft.documentId, id)))
      )[0]!;

    // The first copy: nothing of it is in the library yet.
    const first = await importOf(copyOf('2025-01-15T10:00:00Z', 'Spring pricing'), 'Master.pptx');
    expect(first.candidates.map((c) => c.replaces)).toEqual([null, null, null]);
    const path = (ready: LibraryImportResponse) => `/api/library/imports/${ready.id}/slides`;
    const imported = await requestAs(t.app, cookies.editor, 'POST', path(first), {
      slides: [
        { number: 1, title: 'Master cover', category: 'intro' },
        { number: 2, title: 'Master about', category: 'company' },
      ],
    });
    expect(imported.json()).toEqual({ created: ['master-cover', 'master-about'], replaced: [] });
    // The editor has since described the cover and put it in the default selection.
    const cover = await slideRow('master-cover');
    await t.database.db
      .update(libraryDraft)
      .set({ document: { ...cover.document, description: 'Our cover', inDefaultSelection: true } })
      .where(and(eq(libraryDraft.kind, 'slide'), eq(libraryDraft.documentId, 'master-cover')));

    // Marketing's newer copy, renamed, its cover reworded and its slides reordered.
    const newer = await importOf(
      copyOf('2025-01-15T10:00:00Z', 'Autumn pricing', true),
      'Master (autumn).pptx',
    );
    expect(newer.candidates.map((c) => [c.number, c.replaces])).toEqual([
      [1, null],
      [2, { id: 'master-about', title: 'Master about', category: 'company' }],
      [3, { id: 'master-cover', title: 'Master cover', category: 'intro' }],
    ]);

    // What cannot be replaced is refused, and nothing changes.
    const before = await t.database.db.select().from(libraryDraft);
    for (const [slides, message] of [
      [
        [{ number: 3, title: 'Cover', category: 'intro', replace: 'no-such-slide' }],
        libraryImportMessages.replacedGone,
      ],
      [
        [{ number: 3, title: 'Cover', category: 'intro', replace: 'pricing' }],
        libraryImportMessages.replacedNotImported,
      ],
      [
        [
          { number: 3, title: 'Cover', category: 'intro', replace: 'master-cover' },
          { number: 2, title: 'About', category: 'intro', replace: 'master-cover' },
        ],
        libraryImportMessages.replacedTwice,
      ],
    ] as const) {
      const refused = await requestAs(t.app, cookies.editor, 'POST', path(newer), { slides });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.values(refused.json().error.fields)).toEqual([message]);
    }
    expect(await t.database.db.select().from(libraryDraft)).toEqual(before);

    const replaced = await requestAs(t.app, cookies.editor, 'POST', path(newer), {
      slides: [
        { number: 3, title: 'Master cover', category: 'intro', replace: 'master-cover' },
        { number: 1, title: 'Master thanks', category: 'company' },
      ],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ created: ['master-thanks'], replaced: ['master-cover'] });
    const after = await slideRow('master-cover');
    // The same slide in the same place, a revision on from what an open editor has, new words.
    expect(after).toMatchObject({
      position: cover.position,
      revision: cover.revision + 1,
    });
    expect(after.document).toMatchObject({
      id: 'master-cover',
      description: 'Our cover',
      inDefaultSelection: true,
      source: { file: 'Master (autumn).pptx', created: '2025-01-15T10:00:00.000Z', slide: 256 },
    });
    expect(JSON.stringify(after.document)).toContain('Autumn pricing');
    expect(JSON.stringify(after.document)).not.toContain('Spring pricing');
    expect(await t.database.db.select().from(libraryDraft)).toHaveLength(before.length + 1);

    // A copy an editor makes of an imported slide is theirs: never replaced by a newer file.
    const copy = await requestAs(t.app, cookies.editor, 'POST', '/api/library/slides', {
      title: 'Cover for banks',
      category: 'intro',
      duplicateOf: 'master-cover',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await slideRow('cover-for-banks')).document).not.toHaveProperty('source');

    // Another presentation under the same name is not taken for it.
    const other = await importOf(copyOf('2026-06-01T08:00:00Z', 'Other'), 'Master (autumn).pptx');
    expect(other.candidates.map((c) => c.replaces)).toEqual([null, null, null]);
  });

  it('forgets an import a week old, and its files with it', async () => {
    const started = await upload('editor', pptx, 'old deck.pptx');
    const ready = await settled(started.json().id);
    expect(ready.state).toBe('ready');
    const files = async () =>
      (await t.app.services.objects.list(`imports/${ready.id}/`)).map((o) => o.key);
    // Once read, the upload itself is gone; what was read stays until the import is forgotten.
    expect(await files()).toContain(`imports/${ready.id}/slide-1.svg`);
    expect(await files()).not.toContain(`imports/${ready.id}/source.pptx`);
    await t.database.db
      .update(libraryImports)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3_600_000) })
      .where(eq(libraryImports.id, ready.id));
    const context = {
      progress: () => undefined,
      progressWritten: async () => undefined,
      complete: async () => undefined,
      signal: new AbortController().signal,
    };
    await sweepExpiredJob.handler(t.app.services).run({ payload: {} } as Job<unknown>, context);
    const gone = await requestAs(t.app, cookies.editor, 'GET', `/api/library/imports/${ready.id}`);
    expect(gone.statusCode).toBe(404);
    await sweepOrphanFiles({
      db: t.app.services.db,
      objects: t.app.services.objects,
      now: new Date(Date.now() + orphanGraceMs + 60_000),
    });
    expect(await files()).toEqual([]);
  });

  it("reads a file in the draft brand's font in that font, and says so", async () => {
    // The brand's font (Lora standing in for a company's own), uploaded and put in the draft.
    const require = createRequire(import.meta.url);
    const lora = readFileSync(
      require.resolve('@fontsource/lora/files/lora-latin-400-normal.woff2'),
    );
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/library/fonts',
      headers: {
        cookie: cookies.editor,
        origin: 'http://portal.test',
        'content-type': 'font/woff2',
      },
      payload: lora,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const regular = stored.json().url as string;
    // The company's PowerPoint, written in that font.
    const checked = await checkFont(lora);
    if (!checked.ok) throw new Error(checked.reason);
    const inLora = await generateDeck(importFixtureDraft, {
      library: createTemplateLibrary({ ...DEFAULT_BRAND, font: { regular } }),
      images: { preloaded: { [regular]: checked.font.bytes } },
    });
    const importOf = async () => {
      const ready = await settled((await upload('editor', inLora.pptx)).json().id);
      expect(ready.state, ready.error ?? '').toBe('ready');
      return ready.candidates[0]!;
    };
    const before = await importOf();
    expect(before.fonts).toContainEqual({ from: 'Lora', to: 'Inter' });
    expect(before.notImported.map((n) => n.why)).toContain(
      'Lora is drawn in Inter: its lines may break in other places',
    );

    const opened = await requestAs(t.app, cookies.editor, 'GET', '/api/library/brand');
    const { brand, revision } = opened.json() as { brand: object; revision: number };
    const saved = await requestAs(t.app, cookies.editor, 'PUT', '/api/library/brand', {
      revision,
      brand: { ...brand, font: { regular } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await importOf();
    expect(after.fonts).toContainEqual({ from: 'Lora', to: 'Lora' });
    expect(after.notImported.map((n) => n.why)).not.toContain(
      'Lora is drawn in Inter: its lines may break in other places',
    );
    // The thumbnail is drawn in the brand's font (its glyphs are named by its family).
    const thumbnail = await requestAs(t.app, cookies.editor, 'GET', after.thumbnail);
    expect(thumbnail.body).toMatch(/id="brand-[0-9a-f]{12}-r/);
    expect((await requestAs(t.app, cookies.editor, 'GET', before.thumbnail)).body).not.toMatch(
      /id="brand-[0-9a-f]{12}-r/,
    );
  });

  it('answers 404 for an import that does not exist', async () => {
    for (const id of ['0b7e7c7e-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await requestAs(t.app, cookies.editor, 'GET', `/api/library/imports/${id}`);
      expect(answer.statusCode).toBe(404);
    }
  });
});
