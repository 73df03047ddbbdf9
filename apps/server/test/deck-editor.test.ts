import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import {
  DEFAULT_DEAL_DESK,
  elementWords,
  showsQuoteFigures,
  type DeckEditor,
  type EditedDeck,
  type TemplateElement,
} from '@deck-portal/domain';
import { deckEditDrafts, deckVersions } from '../src/db/schema.ts';
import { northwindDraft } from './helpers/northwind-draft.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedAccount, createAdmin } from './helpers/accounts.ts';

// The online editor (issue 49) through the real renderer: what a rep types is read off the new
// version's slides, as the client is served them.
let t: TestApp;
const cookies: Record<'rep' | 'editor' | 'viewer' | 'stranger', string> = {} as never;
const emails: Record<keyof typeof cookies, string> = {} as never;
let slideIds: string[];

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  const admin = await createAdmin(t.app);
  const limits = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/deal-desk',
    headers: { cookie: admin.cookie, origin: 'http://portal.test' },
    payload: { ...DEFAULT_DEAL_DESK, roleLimits: { sales_rep: 100, manager: 100 } },
  });
  expect(limits.statusCode, limits.body).toBe(200);
  for (const key of ['rep', 'editor', 'viewer', 'stranger'] as const) {
    const { account, cookie } = await approvedAccount(t.app, `${key} person`, 'sales_rep');
    cookies[key] = cookie;
    emails[key] = account.email;
  }
  const library = await call('GET', '/api/template-slides', cookies.rep);
  slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://portal.test' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A priced deck of the rep's, made at once; shared to edit with `editor`, to view with `viewer`. */
async function newDeck() {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/generate-slides',
    headers: { cookie: cookies.rep, prefer: 'wait=60' },
    payload: northwindDraft({
      slides: slideIds.slice(0, 3),
      products: [{ id: 'battery_backup', quantity: 2, customPricing: 5995 }],
    }),
  });
  expect(made.statusCode, made.body).toBe(201);
  const deckId = made.json().presentationId as string;
  for (const [who, access] of [
    ['editor', 'edit'],
    ['viewer', 'view'],
  ] as const) {
    const shared = await call('POST', '/api/share-presentation', cookies.rep, {
      presentationId: deckId,
      email: emails[who],
      access,
    });
    expect(shared.statusCode, shared.body).toBe(201);
  }
  return deckId;
}

async function openEditor(deckId: string, cookie = cookies.rep): Promise<DeckEditor> {
  const res = await call('GET', `/api/decks/${deckId}/editor`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The first text element of a slide that is not the quote's, and its words. */
function firstFreeText(edited: EditedDeck) {
  for (const [s, slide] of edited.slides.entries()) {
    const e = slide.document.elements.findIndex(
      (element) =>
        element.kind === 'text' &&
        elementWords(element).trim().length > 3 &&
        !showsQuoteFigures(slide, element),
    );
    if (e >= 0) return { s, e };
  }
  throw new Error('no free text in the deck');
}

/** The deck with one text element's words replaced. */
function withText(edited: EditedDeck, s: number, e: number, text: string): EditedDeck {
  const copy = structuredClone(edited);
  const element = copy.slides[s]!.document.elements[e] as Extract<
    TemplateElement,
    { kind: 'text' }
  >;
  element.text = text;
  return copy;
}

async function saveDraft(
  deckId: string,
  revision: number,
  edited: EditedDeck,
  cookie = cookies.rep,
) {
  return call('PUT', `/api/decks/${deckId}/editor`, cookie, { revision, edited });
}

/** Queues the draft as a version and waits for it; answers the new version's number. */
async function saveVersion(deckId: string, body: object, cookie = cookies.rep) {
  const res = await call('POST', `/api/decks/${deckId}/editor/versions`, cookie, body);
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 600; i++) {
    const state = await call('GET', `/api/decks/${deckId}/generation`, cookie);
    if (state.json().status === 'completed' && state.json().version) return state.json().version;
    expect(state.json().status, state.body).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the edited version was not made in a minute');
}

/** Every slide's words of a version, as its web view is served. */
async function versionText(deckId: string, version: number) {
  const slides = await call('GET', `/api/decks/${deckId}/slides?version=${version}`, cookies.rep);
  expect(slides.statusCode, slides.body).toBe(200);
  const urls = (slides.json().slides as { url: string }[]).map((slide) => slide.url);
  const texts = await Promise.all(
    urls.map(async (url) => (await call('GET', url, cookies.rep)).body),
  );
  return texts.join('\n');
}

describe('the online editor', () => {
  it('opens the newest version as slides, keeps the draft as the rep types, and saves it as the next version', async () => {
    const deckId = await newDeck();
    const opened = await openEditor(deckId);
    expect(opened).toMatchObject({ baseVersion: 1, currentVersion: 1, revision: 0, others: [] });
    expect(opened.edited.slides.length).toBeGreaterThan(3);
    expect(opened.edited.slides.some((slide) => slide.priced)).toBe(true);

    const { s, e } = firstFreeText(opened.edited);
    const edited = withText(opened.edited, s, e, 'Cold rooms that never warm up');
    const saved = await saveDraft(deckId, 0, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 1, others: [], newerVersion: null });

    // A reload (or another device) continues the draft.
    const again = await openEditor(deckId);
    expect(again.revision).toBe(1);
    expect(elementWords(again.edited.slides[s]!.document.elements[e]!)).toBe(
      'Cold rooms that never warm up',
    );

    // A save from a window that did not see revision 1 is refused, and changes nothing.
    const stale = await saveDraft(deckId, 0, opened.edited);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('changed in another window');
    expect((await openEditor(deckId)).revision).toBe(1);

    const version = await saveVersion(deckId, { revision: 1 });
    expect(version).toBe(2);
    expect(await versionText(deckId, 2)).toContain('Cold rooms that never warm up');
    const [row] = await t.database.db
      .select()
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, 2)));
    expect(row).toMatchObject({ editKind: 'online' });
    expect(row!.changes[0]).toBe('Edited online by rep person');
    expect(row!.changes[1]).toMatch(/^Changed slide \d+ “/);
    // The draft became the version: the next opening begins from version 2.
    const drafts = await t.database.db
      .select()
      .from(deckEditDrafts)
      .where(eq(deckEditDrafts.deckId, deckId));
    expect(drafts).toEqual([]);
    expect((await openEditor(deckId)).baseVersion).toBe(2);

    // The deck page knows the newest version's slides were edited; a version made in the wizard
    // afterwards says in the history that it leaves the edits out.
    const details = await call('GET', `/api/decks/${deckId}`, cookies.rep);
    expect(details.json()).toMatchObject({ editKind: 'online', currentVersion: 2 });
    const modified = await t.app.inject({
      method: 'POST',
      url: `/api/decks/${deckId}/versions`,
      headers: { cookie: cookies.rep, prefer: 'wait=60' },
      payload: details.json().draft,
    });
    expect(modified.statusCode, modified.body).toBe(201);
    const [v3] = await t.database.db
      .select()
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, 3)));
    expect(v3!.changes).toContain(
      "Drawn from the wizard's choices, without the edits made to version 2's slides",
    );
    expect(v3!.editKind).toBeNull();
    expect((await call('GET', `/api/decks/${deckId}`, cookies.rep)).json().editKind).toBeNull();
  }, 180_000);

  it("refuses a priced slide's figures typed over, and a save with nothing changed", async () => {
    const deckId = await newDeck();
    const opened = await openEditor(deckId);
    const s = opened.edited.slides.findIndex((slide) =>
      slide.document.elements.some(
        (element) => element.kind === 'text' && showsQuoteFigures(slide, element),
      ),
    );
    expect(s).toBeGreaterThanOrEqual(0);
    const e = opened.edited.slides[s]!.document.elements.findIndex(
      (element) => element.kind === 'text' && showsQuoteFigures(opened.edited.slides[s]!, element),
    );
    const nothing = await call('POST', `/api/decks/${deckId}/editor/versions`, cookies.rep, {
      revision: 0,
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().error.message).toContain('Nothing was changed since version 1');

    const typed = withText(opened.edited, s, e, 'Only $1 today');
    expect((await saveDraft(deckId, 0, typed)).statusCode).toBe(200);
    const refused = await call('POST', `/api/decks/${deckId}/editor/versions`, cookies.rep, {
      revision: 1,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('Modify');
    const versions = await t.database.db
      .select()
      .from(deckVersions)
      .where(eq(deckVersions.deckId, deckId));
    expect(versions).toHaveLength(1);
  }, 180_000);

  it('lets an edit share edit and shows who else is editing; a view share and a stranger cannot', async () => {
    const deckId = await newDeck();
    await openEditor(deckId);
    const colleague = await openEditor(deckId, cookies.editor);
    expect(colleague.others.map((other) => other.name)).toEqual(['rep person']);

    const viewer = await call('GET', `/api/decks/${deckId}/editor`, cookies.viewer);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error.message).toContain('edit');
    const stranger = await call('GET', `/api/decks/${deckId}/editor`, cookies.stranger);
    expect(stranger.statusCode).toBe(404);
  }, 180_000);

  it('refuses to save a draft begun on an older version until the newer one is named', async () => {
    const deckId = await newDeck();
    const mine = await openEditor(deckId, cookies.editor);
    const theirs = await openEditor(deckId);
    const { s, e } = firstFreeText(theirs.edited);
    await saveDraft(deckId, 0, withText(theirs.edited, s, e, 'Saved first by the owner'));
    expect(await saveVersion(deckId, { revision: 1 })).toBe(2);

    await saveDraft(
      deckId,
      0,
      withText(mine.edited, s, e, 'Saved second by a colleague'),
      cookies.editor,
    );
    const conflict = await call('POST', `/api/decks/${deckId}/editor/versions`, cookies.editor, {
      revision: 1,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ error: { code: 'edit_conflict' } });
    expect(conflict.json().error.message).toBe(
      'Version 2 was saved by rep person after you began editing version 1. Review it before you save yours.',
    );
    const reopened = await openEditor(deckId, cookies.editor);
    expect(reopened.newerVersion).toMatchObject({ number: 2, createdBy: 'rep person' });

    expect(await saveVersion(deckId, { revision: 1, replacing: 2 }, cookies.editor)).toBe(3);
    expect(await versionText(deckId, 3)).toContain('Saved second by a colleague');
  }, 180_000);

  it('previews a slide as the deck draws it, and adds a library slide or a layout slide', async () => {
    const deckId = await newDeck();
    const opened = await openEditor(deckId);
    const { s, e } = firstFreeText(opened.edited);
    const slide = withText(opened.edited, s, e, 'Previewed words').slides[s]!;
    const preview = await call('POST', `/api/decks/${deckId}/editor/preview`, cookies.rep, {
      slide,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().svg).toContain('Previewed');

    const added = await call('POST', `/api/decks/${deckId}/editor/slides`, cookies.rep, {
      templateSlideId: slideIds[4],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().slide.key).toMatch(/^added-/);
    const layouts = await call('GET', '/api/template-layouts', cookies.rep);
    expect(layouts.statusCode, layouts.body).toBe(200);
    const layoutId = (layouts.json().layouts as { id: string }[])[0]!.id;
    const fromLayout = await call('POST', `/api/decks/${deckId}/editor/slides`, cookies.rep, {
      layoutId,
    });
    expect(fromLayout.statusCode, fromLayout.body).toBe(200);
    const unknown = await call('POST', `/api/decks/${deckId}/editor/slides`, cookies.rep, {
      layoutId: 'no-such-layout',
    });
    expect(unknown.statusCode).toBe(404);
  }, 180_000);
});
