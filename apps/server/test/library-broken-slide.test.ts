import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryDraftResponse, TemplateSlideDocument } from '@deck-portal/domain';
import { libraryDraft } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, requestAs } from './helpers/accounts.ts';

// A slide title is its heading too, where `{{…}}` is a binding. One the format does not know is
// refused before it is stored; and a slide stored like that by an older version locks neither
// itself nor the rest of the library.
let t: TestApp;
let editor = '';

beforeAll(async () => {
  t = await createTestApp();
  editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  requestAs(t.app, editor, method, url, payload);

async function draft(): Promise<LibraryDraftResponse> {
  const response = await call('GET', '/api/library');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a new slide titled with a binding the format does not know', () => {
  it('is refused (422) naming the title, and nothing is stored', async () => {
    const before = await draft();
    const response = await call('POST', '/api/library/slides', {
      title: 'Plan {{nope.field}}',
      category: 'intro',
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.fields.title).toContain('{{nope.field}} is not a binding');
    const after = await draft();
    expect(after.slides.map((slide) => slide.id)).toEqual(before.slides.map((slide) => slide.id));
    expect(after.changes).toEqual(before.changes);
  });

  it('is made when its binding is one the format knows', async () => {
    const response = await call('POST', '/api/library/slides', {
      title: 'Plan for {{client.name}}',
      category: 'intro',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().document.heading).toBe('Plan for {{client.name}}');
  });
});

describe('a broken slide already in the draft', () => {
  beforeAll(async () => {
    const made = await call('POST', '/api/library/slides', { title: 'Plan', category: 'intro' });
    expect(made.statusCode, made.body).toBe(201);
    const document: TemplateSlideDocument = made.json().document;
    // As an older version stored it: the check above did not exist.
    await t.database.db
      .update(libraryDraft)
      .set({ document: { ...document, title: 'Plan {{nope}}', heading: 'Plan {{nope}}' } })
      .where(eq(libraryDraft.documentId, document.id));
  });

  it('is listed with its problem, and its thumbnail is drawn', async () => {
    const slide = (await draft()).slides.find((listed) => listed.id === 'plan');
    expect(slide?.problem).toBe('heading: {{nope}} is not a binding this format knows');
    const thumbnail = await call('GET', slide!.thumbnail);
    expect(thumbnail.statusCode, thumbnail.body).toBe(200);
    expect(thumbnail.body).toContain('<svg');
  });

  it('does not stop another slide being drawn, previewed or saved', async () => {
    const title = (await draft()).slides.find((listed) => listed.id === 'title')!;
    expect((await call('GET', title.thumbnail)).statusCode).toBe(200);
    const opened = await call('GET', '/api/library/slides/title');
    const { document, revision } = opened.json();
    const preview = await call('POST', '/api/library/preview', { kind: 'slide', document });
    expect(preview.statusCode, preview.body).toBe(200);
    const saved = await call('PUT', '/api/library/slides/title', {
      revision,
      document: { ...document, description: 'The cover.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('opens in the editor with its problem, the text as plain words', async () => {
    const opened = await call('GET', '/api/library/slides/plan');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().problems).toEqual([
      { field: 'heading', message: '{{nope}} is not a binding this format knows' },
    ]);
    expect(opened.json().document.heading).toBe('Plan {nope}');
  });

  it('stops publishing with a message naming the slide, until it is fixed', async () => {
    const refused = await call('POST', '/api/library/publish', { note: 'New slides' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      'The draft cannot be published: the slide “Plan {{nope}}” has a problem (heading: {{nope}} is not a binding this format knows). Open it to fix it.',
    );

    const { document, revision } = (await call('GET', '/api/library/slides/plan')).json();
    const fixed = await call('PUT', '/api/library/slides/plan', {
      revision,
      document: { ...document, title: 'Plan', heading: 'Plan' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await draft()).slides.find((listed) => listed.id === 'plan')?.problem).toBeUndefined();

    const published = await call('POST', '/api/library/publish', { note: 'New slides' });
    expect(published.statusCode, published.body).toBe(201);
  });
});

describe('deleting a slide from the draft', () => {
  it('takes out a slide added since the last publish, broken or not', async () => {
    const made = await call('POST', '/api/library/slides', { title: 'Scratch', category: 'intro' });
    const { document } = made.json() as { document: TemplateSlideDocument };
    await t.database.db
      .update(libraryDraft)
      .set({ document: { ...document, heading: 'Scratch {{nope}}' } })
      .where(eq(libraryDraft.documentId, document.id));
    const listed = (await draft()).slides.find((slide) => slide.id === 'scratch');
    expect(listed).toMatchObject({ isNew: true, problem: expect.any(String) });

    const deleted = await call('DELETE', '/api/library/slides/scratch');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await draft()).slides.map((slide) => slide.id)).not.toContain('scratch');
    expect((await call('DELETE', '/api/library/slides/scratch')).statusCode).toBe(404);
  });

  it('refuses a published slide: it is retired instead', async () => {
    expect((await draft()).slides.find((slide) => slide.id === 'title')?.isNew).toBe(false);
    const refused = await call('DELETE', '/api/library/slides/title');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This slide is in the published library, where decks use it: retire it instead.',
    );
    expect((await draft()).slides.map((slide) => slide.id)).toContain('title');
  });
});
