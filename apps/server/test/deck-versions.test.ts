import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import { DEFAULT_DEAL_DESK, type DeckDraftInput } from '@deck-portal/domain';
import { clientLinkVisits, deckFiles, deckVersions, decks } from '../src/db/schema.ts';
import { northwindDraft } from './helpers/northwind-draft.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { viewerCookieOf } from './helpers/client-links-world.ts';
import { approvedAccount, createAdmin } from './helpers/accounts.ts';

// Versions are tested through the real renderer: "the client sees the new price" is read off
// the slides the client is served, not off a stored number.
let t: TestApp;
const cookies: Record<'rep' | 'otherRep' | 'manager' | 'colleague', string> = {} as never;
const emails: Record<keyof typeof cookies, string> = {} as never;
let slideIds: string[];

async function approved(role: 'sales_rep' | 'manager', key: keyof typeof cookies) {
  const { account, cookie } = await approvedAccount(t.app, `${key} person`, role);
  cookies[key] = cookie;
  emails[key] = account.email;
}

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  const admin = await createAdmin(t.app);
  // These tests price far below list; the deal desk's limits are deal-desk-approval.test.ts's.
  const limits = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/deal-desk',
    headers: { cookie: admin.cookie, origin: 'http://portal.test' },
    payload: { ...DEFAULT_DEAL_DESK, roleLimits: { sales_rep: 100, manager: 100 } },
  });
  expect(limits.statusCode, limits.body).toBe(200);
  await approved('sales_rep', 'rep');
  await approved('sales_rep', 'otherRep');
  await approved('manager', 'manager');
  await approved('sales_rep', 'colleague');
  const library = await get('/api/template-slides', cookies.rep);
  slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

function post(
  url: string,
  payload?: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function draft(
  price: number,
  overrides: { title?: string; slides?: string[] } = {},
): DeckDraftInput {
  return northwindDraft({
    slides: overrides.slides ?? slideIds.slice(0, 3),
    products: [{ id: 'battery_backup', quantity: 2, customPricing: price }],
    title: overrides.title,
  });
}

async function newDeck(price = 1000, cookie = cookies.rep) {
  const res = await post('/api/generate-slides', draft(price), cookie, { prefer: 'wait=60' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

async function newVersion(deckId: string, body: DeckDraftInput, cookie = cookies.rep) {
  return post(`/api/decks/${deckId}/versions`, body, cookie, { prefer: 'wait=60' });
}

/** Every slide's text (the SVGs keep it in aria-labels) as the client's page is served it. */
async function clientDeckText(token: string, cookie?: string) {
  const view = await get(`/api/client-view/${token}`, cookie);
  expect(view.statusCode, view.body).toBe(200);
  const slides = view.json().slides as { url: string }[];
  const texts = await Promise.all(slides.map(async (slide) => (await get(slide.url)).body));
  return { view: view.json(), text: texts.join('\n') };
}

async function createLink(deckId: string, extra: Record<string, unknown> = {}) {
  const res = await post(
    `/api/decks/${deckId}/client-links`,
    {
      recipientName: 'Jane Client',
      recipientEmail: 'jane@northwind.example',
      sendEmail: false,
      ...extra,
    },
    cookies.rep,
  );
  expect(res.statusCode, res.body).toBe(201);
  return {
    token: /\/v\/([A-Za-z0-9_-]+)$/.exec(res.json().url)![1]!,
    link: res.json().link,
  };
}

describe('Modify → Generate', () => {
  it('makes version 2 of the same deck, and the version list says who, when and what changed', async () => {
    const deckId = await newDeck(1000);
    const res = await newVersion(deckId, draft(900, { title: 'Cold Chain Upgrade, revised' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ presentationId: deckId, version: 2 });

    const details = await get(`/api/decks/${deckId}`, cookies.rep);
    expect(details.json()).toMatchObject({ currentVersion: 2, archivedAt: null });
    expect(details.json().draft.basicInfo.deckTitle).toBe('Cold Chain Upgrade, revised');

    const list = await get(`/api/decks/${deckId}/versions`, cookies.rep);
    expect(list.statusCode).toBe(200);
    const [v2, v1] = list.json().versions;
    expect(v2).toMatchObject({
      number: 2,
      isCurrent: true,
      createdBy: { name: 'rep person' },
      title: 'Cold Chain Upgrade, revised',
      changes: [
        'Title “Cold Chain Upgrade” → “Cold Chain Upgrade, revised”',
        'Battery Backup: unit price $1,000.00 → $900.00',
      ],
      pdfUrl: `/api/decks/${deckId}/download?version=2`,
    });
    expect(v1).toMatchObject({ number: 1, isCurrent: false, changes: [], restoredFrom: null });

    // Both versions' files are kept, each under its own number.
    const names = (
      await t.app.services.db
        .select({ name: deckFiles.name })
        .from(deckFiles)
        .where(eq(deckFiles.deckId, deckId))
    ).map((file) => file.name);
    expect(names).toContain('v1/deck.pdf');
    expect(names).toContain('v2/deck.pdf');
    // The deck list shows one deck, not two.
    const recent = await get('/api/recent-decks', cookies.rep);
    expect(recent.json().recentDecks.filter((d: { id: string }) => d.id === deckId)).toEqual([
      expect.objectContaining({ currentVersion: 2, title: 'Cold Chain Upgrade, revised' }),
    ]);
  });

  it('marks one version current while a new one is being committed', async () => {
    const deckId = await newDeck(1000);
    expect((await newVersion(deckId, draft(950))).statusCode).toBe(201);
    // A list asked for as version 2 commits reads the deck as it was just before (version 1
    // current) and the versions as they are just after: version 2 listed, and current.
    const db = t.app.services.db;
    await db.update(decks).set({ currentVersion: 1 }).where(eq(decks.id, deckId));
    try {
      const versions = (await get(`/api/decks/${deckId}/versions`, cookies.rep)).json().versions;
      expect(versions.map((v: { number: number; isCurrent: boolean }) => v)).toMatchObject([
        { number: 2, isCurrent: true },
        { number: 1, isCurrent: false },
      ]);
    } finally {
      await db.update(decks).set({ currentVersion: 2 }).where(eq(decks.id, deckId));
    }
  });

  it('opens any version: its slides, its PDF (named for the version) and its PowerPoint', async () => {
    const deckId = await newDeck(1000);
    await newVersion(deckId, draft(900, { slides: slideIds.slice(0, 2) }));
    const v1 = await get(`/api/decks/${deckId}/slides?version=1`, cookies.rep);
    expect(v1.json()).toMatchObject({ version: 1, currentVersion: 2 });
    const v1Text = await get(v1.json().slides.at(-1).url, cookies.rep);
    expect(v1Text.body).toContain('$1,000.00');
    const newest = await get(`/api/decks/${deckId}/slides`, cookies.rep);
    expect(newest.json().slides.length).toBe(v1.json().slides.length - 1);

    const pdf = await get(`/api/decks/${deckId}/download?version=1`, cookies.rep);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(
      'filename="Proposal for Northwind Pharmacies - version 1.pdf"',
    );
    const pptx = await get(`/api/decks/${deckId}/pptx?version=2`, cookies.rep);
    expect(pptx.statusCode).toBe(200);
    expect(pptx.headers['content-disposition']).not.toContain('version');

    const missing = await get(`/api/decks/${deckId}/download?version=7`, cookies.rep);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Version not found.');
    expect((await get(`/api/decks/${deckId}/slides?version=abc`, cookies.rep)).statusCode).toBe(
      400,
    );
  });

  it('lets only the deck’s managers add a version, and answers a retry with the same version', async () => {
    const deckId = await newDeck(1000);
    expect((await newVersion(deckId, draft(800), cookies.otherRep)).statusCode).toBe(404);
    const asManager = await newVersion(deckId, draft(850), cookies.manager);
    expect(asManager.json()).toMatchObject({ version: 2 });
    // The deck stays its owner's.
    const [row] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(row!.draft.basicInfo.userId).toBe(row!.ownerId);

    const key = { 'idempotency-key': `retry-${deckId}`, prefer: 'wait=60' };
    const first = await post(`/api/decks/${deckId}/versions`, draft(700), cookies.rep, key);
    const again = await post(`/api/decks/${deckId}/versions`, draft(700), cookies.rep, key);
    expect(first.json().version).toBe(3);
    expect(again.json().version).toBe(3);
    const reused = await post(`/api/decks/${deckId}/versions`, draft(600), cookies.rep, key);
    expect(reused.statusCode).toBe(422);
    const versions = await t.app.services.db
      .select()
      .from(deckVersions)
      .where(eq(deckVersions.deckId, deckId));
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2, 3]);
  });

  it('numbers two versions generated at once 2 and 3', async () => {
    const deckId = await newDeck(1000);
    const answers = await Promise.all([
      newVersion(deckId, draft(900)),
      newVersion(deckId, draft(800)),
    ]);
    expect(answers.map((a) => a.json().version).sort()).toEqual([2, 3]);
  });
});

describe('what the client sees', () => {
  it('a link shows the newest version; a pinned link keeps its version; a returning viewer is told of the update', async () => {
    const deckId = await newDeck(1000);
    const following = await createLink(deckId);
    const pinned = await createLink(deckId, { pinnedVersion: 1 });
    expect(following.link.pinnedVersion).toBeNull();
    expect(pinned.link.pinnedVersion).toBe(1);

    const before = await clientDeckText(following.token);
    expect(before.text).toContain('$1,000.00');
    const visit = await post(`/api/client-view/${following.token}/visits`);
    const viewer = viewerCookieOf(visit)!;
    await post(`/api/client-view/${following.token}/visits/${visit.json().visitId}/events`, {
      sequence: 1,
      events: [{ slide: 1, ms: 4000, view: 0 }],
    });
    expect((await clientDeckText(following.token, viewer)).view.updatedAt).toBeNull();

    await newVersion(deckId, draft(900));
    const after = await clientDeckText(following.token, viewer);
    expect(after.text).toContain('$900.00');
    expect(after.text).not.toContain('$1,000.00');
    const [v2] = await t.app.services.db
      .select()
      .from(deckVersions)
      .where(eq(deckVersions.number, 2));
    expect(after.view.updatedAt).toEqual(expect.any(String));
    // A new viewer never saw the old version: no note.
    expect((await clientDeckText(following.token)).view.updatedAt).toBeNull();
    expect(v2).toBeDefined();

    const stillOld = await clientDeckText(pinned.token);
    expect(stillOld.text).toContain('$1,000.00');
    expect(stillOld.text).not.toContain('$900.00');

    // The second visit is recorded as version 2; analytics keep both apart, by slide title.
    const second = await post(`/api/client-view/${following.token}/visits`, undefined, viewer);
    await post(
      `/api/client-view/${following.token}/visits/${second.json().visitId}/events`,
      { sequence: 1, events: [{ slide: 2, ms: 2500, view: 0 }] },
      viewer,
    );
    const visits = await t.app.services.db
      .select({ version: clientLinkVisits.version })
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.linkId, following.link.id));
    expect(visits.map((v) => v.version).sort()).toEqual([1, 2]);
    // Seen once, the new version is no news: the next visit is not told again.
    expect((await clientDeckText(following.token, viewer)).view.updatedAt).toBeNull();
    const analytics = (
      await get(`/api/decks/${deckId}/client-links/${following.link.id}/analytics`, cookies.rep)
    ).json();
    expect(analytics.version).toBe(2);
    expect(analytics.slides[1]).toMatchObject({ slide: 2, totalMs: 2500 });
    expect(analytics.slides[0].title).not.toMatch(/^Slide \d/);
    expect(analytics.earlierVersions).toEqual([
      {
        version: 1,
        slides: expect.arrayContaining([expect.objectContaining({ slide: 1, totalMs: 4000 })]),
      },
    ]);
    expect(analytics.visits.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('refuses to pin a link to a version the deck does not have', async () => {
    const deckId = await newDeck(1000);
    const res = await post(
      `/api/decks/${deckId}/client-links`,
      {
        recipientName: 'Jane',
        recipientEmail: 'jane@northwind.example',
        sendEmail: false,
        pinnedVersion: 4,
      },
      cookies.rep,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.pinnedVersion).toBe('This deck has no version 4.');
  });
});

describe('restore and duplicate', () => {
  it('restores an earlier version as the newest, with its very files', async () => {
    const deckId = await newDeck(1000);
    await newVersion(deckId, draft(900));
    const restored = await post(`/api/decks/${deckId}/versions/1/restore`, undefined, cookies.rep);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().version).toBe(3);
    const [v3] = (await get(`/api/decks/${deckId}/versions`, cookies.rep)).json().versions;
    expect(v3).toMatchObject({
      number: 3,
      restoredFrom: 1,
      changes: ['Restored version 1', 'Battery Backup: unit price $900.00 → $1,000.00'],
    });
    const v1Pdf = await get(`/api/decks/${deckId}/download?version=1`, cookies.rep);
    const v3Pdf = await get(`/api/decks/${deckId}/download`, cookies.rep);
    expect(v3Pdf.rawPayload.equals(v1Pdf.rawPayload)).toBe(true);

    const again = await post(`/api/decks/${deckId}/versions/3/restore`, undefined, cookies.rep);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Version 3 is already the newest.');
    expect(
      (await post(`/api/decks/${deckId}/versions/9/restore`, undefined, cookies.rep)).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/decks/${deckId}/versions/1/restore`, undefined, cookies.otherRep))
        .statusCode,
    ).toBe(404);
  });

  it('duplicates any version as a new deck of the caller’s own, without links', async () => {
    const deckId = await newDeck(1000);
    await newVersion(deckId, draft(900));
    await createLink(deckId);
    await post(
      '/api/share-presentation',
      { presentationId: deckId, email: emails.colleague },
      cookies.rep,
    );

    const copy = await post(`/api/decks/${deckId}/duplicate`, { version: 1 }, cookies.colleague);
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json().presentationId;
    expect(copyId).not.toBe(deckId);
    const details = (await get(`/api/decks/${copyId}`, cookies.colleague)).json();
    expect(details).toMatchObject({ currentVersion: 1, status: 'completed', canManage: true });
    expect(details.draft.basicInfo.deckTitle).toBe('Cold Chain Upgrade (copy)');
    expect(details.draft.productSelection.selectedProducts[0].customPricing).toBe(1000);
    const [v1] = (await get(`/api/decks/${copyId}/versions`, cookies.colleague)).json().versions;
    expect(v1.changes).toEqual(['Copied from “Cold Chain Upgrade”, version 1']);
    const links = await get(`/api/decks/${copyId}/client-links`, cookies.colleague);
    expect(links.json().links).toEqual([]);
    expect((await get(`/api/decks/${copyId}/download`, cookies.colleague)).statusCode).toBe(200);

    expect((await post(`/api/decks/${deckId}/duplicate`, {}, cookies.otherRep)).statusCode).toBe(
      404,
    );
    expect(
      (await post(`/api/decks/${deckId}/duplicate`, { version: 5 }, cookies.rep)).statusCode,
    ).toBe(404);
  });
});

describe('archive', () => {
  it('takes a deck off the recent list, keeps it searchable and its links working, and brings it back', async () => {
    const deckId = await newDeck(1000);
    const { token } = await createLink(deckId);
    expect(
      (await post(`/api/decks/${deckId}/archive`, undefined, cookies.otherRep)).statusCode,
    ).toBe(404);
    expect((await post(`/api/decks/${deckId}/archive`, undefined, cookies.rep)).statusCode).toBe(
      200,
    );

    const ids = async (url: string, cookie = cookies.rep) =>
      (await get(url, cookie)).json().recentDecks.map((d: { id: string }) => d.id);
    expect(await ids('/api/recent-decks')).not.toContain(deckId);
    expect(await ids('/api/recent-decks?archived=true')).toContain(deckId);
    expect(await ids('/api/decks?scope=all', cookies.manager)).not.toContain(deckId);
    expect(await ids('/api/decks?scope=all&client=northwind', cookies.manager)).toContain(deckId);
    expect((await get(`/api/decks/${deckId}`, cookies.rep)).json()).toMatchObject({
      status: 'archived',
      archivedAt: expect.any(String),
    });
    expect((await get(`/api/client-view/${token}`)).statusCode).toBe(200);

    expect((await post(`/api/decks/${deckId}/unarchive`, undefined, cookies.rep)).statusCode).toBe(
      200,
    );
    expect(await ids('/api/recent-decks')).toContain(deckId);
    // It has an active client link, so it is shared again.
    expect((await get(`/api/decks/${deckId}`, cookies.rep)).json()).toMatchObject({
      status: 'shared',
      archivedAt: null,
    });
  });

  it('brings a deck back from the archive when someone generates a new version of it', async () => {
    const deckId = await newDeck(1000);
    await post(`/api/decks/${deckId}/archive`, undefined, cookies.rep);
    await newVersion(deckId, draft(900));
    expect((await get(`/api/decks/${deckId}`, cookies.rep)).json()).toMatchObject({
      status: 'completed',
      archivedAt: null,
      currentVersion: 2,
    });
  });
});
